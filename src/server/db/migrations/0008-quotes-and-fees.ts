import { sql, type Kysely } from 'kysely';

/**
 * Prices the customer can trust (spec-next §A):
 * - ledger transfers gain the kind 'fee': the fee of an outgoing call, moved from the customer's
 *   wallet to the `fees` system account in the same transaction as the money it is the fee of
 *   (linked_id names that transfer);
 * - quotes: a rate held for one customer for a while (POST /quotes), used at most once by a
 *   conversion, which records the transfer it made. Rows, so every API process sees the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ledger_transfers
      drop constraint ledger_transfers_kind_check,
      add constraint ledger_transfers_kind_check check (kind in ('deposit', 'withdrawal', 'wallet_transfer', 'conversion', 'bill', 'fee'))`.execute(db);
  // A payout's settlement finds its pending fee by linked_id.
  await sql`create index ledger_transfers_linked_idx on ledger_transfers (linked_id) where linked_id is not null`.execute(db);

  await db.schema
    .createTable('quotes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('from_currency', 'text', (c) => c.notNull().check(sql`from_currency in ('CAD', 'NGN')`))
    .addColumn('to_currency', 'text', (c) => c.notNull().check(sql`to_currency in ('CAD', 'NGN')`))
    .addColumn('amount_side', 'text', (c) => c.notNull().check(sql`amount_side in ('send', 'receive')`))
    // Minor units of from_currency and to_currency.
    .addColumn('send_amount', 'bigint', (c) => c.notNull().check(sql`send_amount > 0`))
    .addColumn('receive_amount', 'bigint', (c) => c.notNull().check(sql`receive_amount > 0`))
    // NGN per 1 CAD, decimal text: the quoted rate (margin included) and the mid rate it came from.
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('mid_rate', 'text', (c) => c.notNull())
    .addColumn('margin_bps', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('transfer_id', 'bigint', (c) => c.references('ledger_transfers.id'))
    .addCheckConstraint('quotes_pair', sql`from_currency <> to_currency`)
    .addCheckConstraint('quotes_used', sql`(used_at is null) = (transfer_id is null)`)
    .execute();
  await db.schema.createIndex('quotes_user_idx').on('quotes').columns(['user_id', 'created_at']).execute();
}
