import { sql, type Kysely } from 'kysely';

/**
 * Statements (spec-next §E): a wallet's balance at any moment, and its items of a period, read
 * from a few index look-ups instead of the wallet's whole history.
 *
 * - `ledger_entries.created_at` becomes the moment the entry is written (clock_timestamp()), no
 *   longer the start of its transaction (now()). Entries of an account are written under that
 *   account's row lock, so each one is written after the previous one committed: their times now
 *   follow their order (and their balance_after), and "the balance at a moment" is the balance
 *   after the account's last entry before it. With now(), a transaction that began before another
 *   but waited for the lock wrote a later entry with an earlier time.
 * - `ledger_entries_account_time_idx`: an account's last entry before a moment (its opening or
 *   closing balance) is one index look-up.
 * - `ledger_transfers_voided_idx`: the refunded items of a period (voided transfers: payouts that
 *   failed or were cancelled, and their fees; always debiting a customer's wallet) by wallet and
 *   time, without reading the wallet's other transfers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_entries alter column created_at set default clock_timestamp()`.execute(db);
  await db.schema.createIndex('ledger_entries_account_time_idx').on('ledger_entries').columns(['account_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('ledger_transfers_voided_idx')
    .on('ledger_transfers')
    .columns(['debit_account_id', 'voided_at', 'id'])
    .where(sql.ref('status'), '=', 'voided')
    .execute();
}
