import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Currency } from '../../../shared/types';
import type { Db } from '../../db/database';
import type { Trx } from './accounts.repository';
import type { CadWalletsTable, NairaWalletsTable } from './ledger.tables';

export type CadWalletRow = Selectable<CadWalletsTable> & { balance: bigint; pending_debits: bigint };
export type NairaWalletRow = Selectable<NairaWalletsTable> & { balance: bigint; pending_debits: bigint };

export async function insertWalletDetails(
  trx: Trx,
  cad: Insertable<CadWalletsTable>,
  naira: Insertable<NairaWalletsTable>,
): Promise<void> {
  await trx.insertInto('cad_wallets').values(cad).execute();
  await trx.insertInto('naira_wallets').values(naira).execute();
}

/** A wallet's details with its ledger account's balance. */
function withAccount(db: Db | Trx, currency: Currency) {
  return db
    .selectFrom('ledger_accounts as a')
    .where('a.currency', '=', currency)
    .select(['a.balance', 'a.pending_debits']);
}

export async function findCadWallet(db: Db | Trx, userId: string): Promise<CadWalletRow | undefined> {
  return withAccount(db, 'CAD')
    .innerJoin('cad_wallets as w', 'w.user_id', 'a.user_id')
    .selectAll('w')
    .where('w.user_id', '=', userId)
    .executeTakeFirst();
}

export async function findNairaWallet(db: Db | Trx, userId: string): Promise<NairaWalletRow | undefined> {
  return withAccount(db, 'NGN')
    .innerJoin('naira_wallets as w', 'w.user_id', 'a.user_id')
    .selectAll('w')
    .where('w.user_id', '=', userId)
    .executeTakeFirst();
}

export async function lockNairaWallet(trx: Trx, userId: string): Promise<Selectable<NairaWalletsTable> | undefined> {
  return trx.selectFrom('naira_wallets').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
}

export async function updateNairaWallet(trx: Trx, userId: string, values: Updateable<NairaWalletsTable>): Promise<void> {
  await trx.updateTable('naira_wallets').set(values).where('user_id', '=', userId).execute();
}

/** The customer whose CAD deposit e-mail this is (Interac autodeposit). */
export async function userIdByDepositEmail(db: Db | Trx, depositEmail: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('cad_wallets')
    .select('user_id')
    .where('deposit_email', '=', depositEmail.toLowerCase())
    .executeTakeFirst();
  return row?.user_id;
}

/** The customer whose activated virtual account this is (NIP credits). */
export async function userIdByAccountNumber(db: Db | Trx, accountNumber: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('naira_wallets')
    .select('user_id')
    .where('account_number', '=', accountNumber)
    .where('is_wallet_activated', '=', true)
    .executeTakeFirst();
  return row?.user_id;
}

/** The customer's legal name, as accounts opened for them carry it. */
export async function holderName(db: Db | Trx, userId: string): Promise<string> {
  const user = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', userId).executeTakeFirstOrThrow();
  return `${user.first_name} ${user.last_name}`;
}
