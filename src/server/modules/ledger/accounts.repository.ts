import { sql, type Selectable, type Transaction } from 'kysely';
import type { Currency } from '../../../shared/types';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { LedgerAccountsTable, SystemAccountCode } from './ledger.tables';

export type Trx = Transaction<Database>;
export type LedgerAccount = Selectable<LedgerAccountsTable>;

/**
 * Locks accounts `FOR UPDATE` in id order. Every writer locks in this one global order, so two
 * transfers never wait on each other in a cycle. Locking an account twice in one transaction
 * is harmless.
 */
export async function lockAccounts(trx: Trx, ids: readonly bigint[]): Promise<Map<bigint, LedgerAccount>> {
  const rows = await trx
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export async function systemAccountId(db: Db | Trx, code: SystemAccountCode, currency: Currency): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('code', '=', code)
    .where('currency', '=', currency)
    .executeTakeFirstOrThrow(() => new Error(`System account ${code} ${currency} is missing (migration 0003 seeds it)`));
  return row.id;
}

export async function customerAccount(db: Db | Trx, userId: string, currency: Currency): Promise<LedgerAccount> {
  return db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .executeTakeFirstOrThrow(() => new Error(`Customer ${userId} has no ${currency} account`));
}

export async function insertCustomerAccounts(trx: Trx, userId: string, currencies: readonly Currency[]): Promise<void> {
  await trx
    .insertInto('ledger_accounts')
    .values(currencies.map((currency) => ({ kind: 'customer' as const, user_id: userId, currency })))
    .execute();
}

/** Adds to an account's balance and reserved funds; answers the balance after. */
export async function adjustAccount(
  trx: Trx,
  id: bigint,
  change: { balance?: bigint; pendingDebits?: bigint },
): Promise<bigint> {
  const row = await trx
    .updateTable('ledger_accounts')
    .set({
      balance: sql<bigint>`balance + ${change.balance ?? 0n}`,
      pending_debits: sql<bigint>`pending_debits + ${change.pendingDebits ?? 0n}`,
    })
    .where('id', '=', id)
    .returning('balance')
    .executeTakeFirstOrThrow();
  return row.balance;
}

/** What a customer can spend: the balance less funds reserved by pending payouts. */
export const available = (account: Pick<LedgerAccount, 'balance' | 'pending_debits'>): bigint =>
  account.balance - account.pending_debits;
