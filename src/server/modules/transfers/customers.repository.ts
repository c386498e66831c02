import { sql } from 'kysely';
import type { Currency } from '../../../shared/types';
import type { Db } from '../../db/database';
import type { LedgerAccount, Trx } from '../ledger/accounts.repository';
import type { UserRow } from '../auth/users.repository';

/** A customer money can be sent to. */
export interface Recipient {
  userId: string;
  /** Legal name, as their accounts carry it. */
  name: string;
  /**
   * Whether they can receive naira: naira goes only to an activated naira wallet ("Your Naira
   * wallet needs to be activated before you can receive payments", spec §2).
   */
  nairaActivated: boolean;
}

/**
 * The customer with this sign-in e-mail (any case) whose e-mail is verified and who holds a
 * ledger account in the currency (every customer has both accounts from sign-up).
 */
export async function findRecipient(db: Db | Trx, email: string, currency: Currency): Promise<Recipient | undefined> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('ledger_accounts as a', (join) => join.onRef('a.user_id', '=', 'u.id').on('a.currency', '=', currency))
    .select(['u.id', 'u.first_name', 'u.last_name'])
    .select((eb) =>
      eb
        .exists(eb.selectFrom('naira_wallets as w').select('w.user_id').whereRef('w.user_id', '=', 'u.id').where('w.is_wallet_activated', '=', true))
        .$castTo<boolean>()
        .as('naira_activated'),
    )
    .where('u.email_lower', '=', email.toLowerCase())
    .where('u.is_email_verified', '=', true)
    .executeTakeFirst();
  return row && { userId: row.id, name: `${row.first_name} ${row.last_name}`, nairaActivated: row.naira_activated };
}

/** The name on an activated Kudi virtual account. */
export async function virtualAccountName(db: Db | Trx, accountNumber: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('naira_wallets')
    .select('account_name')
    .where('account_number', '=', accountNumber)
    .where('is_wallet_activated', '=', true)
    .executeTakeFirst();
  return row?.account_name ?? undefined;
}

const SENDER_COLUMNS = [
  'u.id', 'u.is_email_verified', 'u.is_phone_verified', 'u.is_identity_verified', 'u.pin_hash', 'u.pin_failed_count', 'u.pin_locked_until',
] as const;

/** The sender of a money call: what the checks read of their user row (locked for the PIN counters), and whether their naira wallet is activated. */
export type SenderRow = Pick<
  UserRow,
  'id' | 'is_email_verified' | 'is_phone_verified' | 'is_identity_verified' | 'pin_hash' | 'pin_failed_count' | 'pin_locked_until'
> & { naira_activated: boolean | null };

/**
 * Locks the sender's user row (FOR NO KEY UPDATE: enough for the PIN counters, and foreign-key
 * checks of rows referencing the user are not blocked) for the rest of the money transaction.
 */
export async function lockSender(trx: Trx, userId: string): Promise<SenderRow | undefined> {
  return trx
    .selectFrom('users as u')
    .leftJoin('naira_wallets as w', 'w.user_id', 'u.id')
    .select([...SENDER_COLUMNS, 'w.is_wallet_activated as naira_activated'])
    .where('u.id', '=', userId)
    .forNoKeyUpdate('u')
    .executeTakeFirst();
}

/** A party's ledger account in a user-to-user transfer, with the holder's name and whether their naira wallet is activated. */
export type PartyAccount = LedgerAccount & { first_name: string; last_name: string; is_recipient: boolean; naira_activated: boolean };

/**
 * One statement for both parties of a user-to-user transfer: finds the recipient (a customer
 * with that verified e-mail) and locks the sender's and the recipient's accounts in the
 * currency, FOR UPDATE in id order (the ledger's one global lock order). The recipient's row is
 * the one with is_recipient; none when no such customer exists (the sender's alone when they are
 * it). naira_activated tells whether the holder may receive naira (findRecipient's NGN rule).
 */
export async function lockTransferParties(trx: Trx, senderId: string, email: string, currency: Currency): Promise<PartyAccount[]> {
  const recipient = trx
    .selectFrom('users')
    .select('id')
    .where('email_lower', '=', email.toLowerCase())
    .where('is_email_verified', '=', true);
  return trx
    .selectFrom('ledger_accounts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .selectAll('a')
    .select(['u.first_name', 'u.last_name'])
    .select((eb) => eb('a.user_id', 'in', recipient).$castTo<boolean>().as('is_recipient'))
    .select((eb) =>
      eb
        .exists(eb.selectFrom('naira_wallets as w').select('w.user_id').whereRef('w.user_id', '=', 'a.user_id').where('w.is_wallet_activated', '=', true))
        .$castTo<boolean>()
        .as('naira_activated'),
    )
    .where('a.currency', '=', currency)
    // `= any(array[…])`, not `= sender or in (recipient)`: PostgreSQL plans an OR with a
    // subquery as a scan of every account in the currency; this is two index lookups.
    .where(sql<boolean>`a.user_id = any(array[${senderId}::uuid, (${recipient})])`)
    .orderBy('a.id')
    .forUpdate('a')
    .execute();
}
