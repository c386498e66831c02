import { sql, type Kysely } from 'kysely';

/**
 * Big histories: any page of a wallet's history, and its count, in a few index look-ups however
 * many lines the wallet has (the API stays page-numbered, spec §7).
 *
 * - `history_checkpoints`: for a wallet (account) and a history filter ('ALL' or a transaction
 *   type), the id of its line at a position counted from its OLDEST line (1, 2, …), every
 *   HISTORY_CHECKPOINT_EVERY lines. A position never changes: a customer account's transfers are
 *   all written under that account's row lock (every writer locks its accounts, in id order, before
 *   it inserts), so a transfer of the account always gets a higher id than every committed one,
 *   and lines are never deleted nor change type. The history reads (and extends) them: a page
 *   starts at the checkpoint before it and reads at most a checkpoint's span of ids from an index;
 *   the count is the last checkpoint's position plus the lines after it. A cache: any row can be
 *   deleted, and is rebuilt when read.
 * - Four partial indexes, by the history's types, so that a filtered page or count reads only lines
 *   of its type, in id order, from an index alone (index-only scans): money in that is not a user
 *   transfer (DEPOSIT), money out that is not (WITHDRAWAL), and user transfers either way (WALLET
 *   TRANSACTION). The unfiltered history reads the existing (debit_account_id, id) and
 *   (credit_account_id, id) indexes.
 * The indexes are built in the migration's transaction: writes to ledger_transfers wait while they
 * are built (14 s for 5 million transfers here; docs/PERFORMANCE.md). On a large live database,
 * build them first with CREATE INDEX CONCURRENTLY (same names and definitions): the migration then
 * keeps them (IF NOT EXISTS).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('history_checkpoints')
    // No foreign keys: a reader writing this cache must take no lock on the ledger's rows (a key
    // check would share-lock the account that a transfer in flight holds FOR UPDATE).
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('filter', 'text', (c) => c.notNull().check(sql`filter in ('ALL', 'DEPOSIT', 'WITHDRAWAL', 'WALLET TRANSACTION')`))
    .addColumn('position', 'bigint', (c) => c.notNull().check(sql`position > 0`))
    .addColumn('transfer_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('history_checkpoints_pk', ['account_id', 'filter', 'position'])
    .execute();
  const lines = (name: string, column: string, kind: string) =>
    sql`create index if not exists ${sql.raw(name)} on ledger_transfers (${sql.raw(column)}, id) where kind ${sql.raw(kind)}`.execute(db);
  await lines('ledger_transfers_deposit_lines_idx', 'credit_account_id', "<> 'wallet_transfer'");
  await lines('ledger_transfers_withdrawal_lines_idx', 'debit_account_id', "<> 'wallet_transfer'");
  await lines('ledger_transfers_wallet_in_idx', 'credit_account_id', "= 'wallet_transfer'");
  await lines('ledger_transfers_wallet_out_idx', 'debit_account_id', "= 'wallet_transfer'");
}
