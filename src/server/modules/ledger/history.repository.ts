/**
 * A wallet's history a page at a time (GET /wallet/transactions), in a few index look-ups however
 * many lines it has (migration 0016). The API is page-numbered (spec §7), newest first; an OFFSET
 * of (page - 1) × size over the history would read every line before the page (100,000 index
 * entries, or heap rows, for the last page of a busy wallet) and so would its count.
 *
 * Instead lines are numbered from the OLDEST (position 1), which never changes (see the
 * migration: an account's transfers are written under its row lock, so each one has a higher id
 * than all its committed ones; lines are never deleted nor change type), and `history_checkpoints`
 * keeps the id of every `every`-th line of each filter. So a page is two statements:
 * - the wallet (by customer and currency), its last checkpoint, and the count of lines after it
 *   (fewer than `every`, from an index): the total. When there are `every` or more, their
 *   checkpoints are written before the page is read (the first read of a long history writes them
 *   all, once: about 50 ms for 100,000 lines here);
 * - the newest-first page p holds positions total − p·size + 1 … total − (p − 1)·size: its ids are
 *   read from the checkpoint before the first of them, at most `every` + size ids along each index
 *   (a keyset from a cached boundary), then those few transfers by primary key with their payouts.
 * Both statements see lines as a prefix (a line written since the count comes after it), so the
 * page is the page of the total it is answered with. docs/PERFORMANCE.md has the plans.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Currency } from '../../../shared/types';
import type { Db } from '../../db/database';
import type { Trx } from './accounts.repository';
import type { HistoryFilter } from './ledger.tables';
import { historyLinesAmong, type HistoryRow } from './transfers.repository';

/**
 * The index scans whose union is a filter's lines of an account: the side of the transfer the
 * account is on and, for a type, the condition of its partial index (migration 0016), written
 * literally so that any plan can use that index. The types are those of transfers.repository's
 * historyLines: a user transfer either way is WALLET TRANSACTION, other money in DEPOSIT, other
 * money out WITHDRAWAL.
 */
const BRANCHES: Record<HistoryFilter, { side: 'debit_account_id' | 'credit_account_id'; kind: string }[]> = {
  ALL: [
    { side: 'debit_account_id', kind: '' },
    { side: 'credit_account_id', kind: '' },
  ],
  DEPOSIT: [{ side: 'credit_account_id', kind: "and kind <> 'wallet_transfer'" }],
  WITHDRAWAL: [{ side: 'debit_account_id', kind: "and kind <> 'wallet_transfer'" }],
  'WALLET TRANSACTION': [
    { side: 'debit_account_id', kind: "and kind = 'wallet_transfer'" },
    { side: 'credit_account_id', kind: "and kind = 'wallet_transfer'" },
  ],
};

/** An account id in SQL: a value, or a column of the statement (`a.id`). */
type AccountSql = RawBuilder<unknown>;
const accountValue = (accountId: bigint): AccountSql => sql`${accountId}::bigint`;

/**
 * SQL selecting the ids of the filter's lines of an account after transfer id `after` (a union of
 * index-only scans); with `first`, only each branch's first lines in id order: a plan then never
 * reads more of an index than that, whatever it estimates.
 */
function lineIds(account: AccountSql, filter: HistoryFilter, after: RawBuilder<unknown>, first?: RawBuilder<unknown>): RawBuilder<{ id: bigint }> {
  return sql.join(
    BRANCHES[filter].map((branch) => {
      const lines = sql`select id from ledger_transfers where ${sql.ref(branch.side)} = ${account} ${sql.raw(branch.kind)} and id > ${after}`;
      return first ? sql`(${lines} order by id limit ${first})` : lines;
    }),
    sql` union all `,
  );
}

/** The filter's checkpoint of an account with the highest position below `below` (none: position 0, before every id). */
function checkpointBefore(account: AccountSql, filter: HistoryFilter, below?: number): RawBuilder<{ position: bigint; transfer_id: bigint }> {
  const bound = below === undefined ? sql`` : sql`and position < ${below}::bigint`;
  return sql`(
    (select position, transfer_id from history_checkpoints
      where account_id = ${account} and filter = ${filter} ${bound}
      order by position desc limit 1)
    union all (select 0, 0)
    order by position desc limit 1
  )`;
}

/** A wallet (its ledger account), its filter's last checkpoint (0, 0: none) and the number of lines after it. */
interface Tail {
  account_id: bigint;
  position: bigint;
  transfer_id: bigint;
  tail: bigint;
}

/** The customer's wallet in a currency with its history's last checkpoint and tail, in one statement. */
async function walletTail(db: Db | Trx, userId: string, currency: Currency, filter: HistoryFilter): Promise<Tail> {
  const account = sql`a.id`;
  const { rows } = await sql<Tail>`
    select a.id as account_id, c.position, c.transfer_id,
      (select count(*) from (${lineIds(account, filter, sql`c.transfer_id`)}) lines) as tail
    from ledger_accounts a cross join lateral ${checkpointBefore(account, filter)} c
    where a.user_id = ${userId} and a.currency = ${currency}`.execute(db);
  const row = rows[0];
  if (!row) throw new Error(`Customer ${userId} has no ${currency} account`);
  return row;
}

/** Writes the checkpoints of the lines after `from`: every `every`-th. Readers at once write the same rows; one stays. */
async function extendCheckpoints(db: Db | Trx, filter: HistoryFilter, from: Tail, every: number): Promise<void> {
  const account = accountValue(from.account_id);
  await sql`
    insert into history_checkpoints (account_id, filter, position, transfer_id)
    select ${account}, ${filter}, ${from.position}::bigint + n, id
    from (
      select id, row_number() over (order by id) as n from (${lineIds(account, filter, sql`${from.transfer_id}::bigint`)}) lines
    ) numbered
    where n % ${every}::bigint = 0
    on conflict do nothing`.execute(db);
}

/** SQL selecting the ids of the filter's lines at positions first … first + count − 1, from the checkpoint before them. */
function idsAt(accountId: bigint, filter: HistoryFilter, first: number, count: number): RawBuilder<unknown> {
  const account = accountValue(accountId);
  // Lines after the checkpoint c up to the page's last: its position less c's.
  const upTo = sql`${first + count - 1}::bigint - c.position`;
  return sql`
    select l.id from ${checkpointBefore(account, filter, first)} c
    cross join lateral (
      select id from (${lineIds(account, filter, sql`c.transfer_id`, upTo)}) lines
      order by id offset ${first}::bigint - 1 - c.position limit ${sql.lit(count)}
    ) l`;
}

/**
 * A newest-first page of a customer's history in one currency (all lines, or one type's), how
 * many lines there are, and the wallet's ledger account: two statements (three when checkpoints
 * are due). `writer` writes the checkpoints due: the primary when `db` is a read-only replica
 * (the page is then read from the replica's older checkpoints; later pages find the new ones).
 */
export async function historyPage(
  db: Db | Trx,
  userId: string,
  query: { currency: Currency; filter: HistoryFilter; page: number; pageSize: number; checkpointEvery: number },
  writer: Db | Trx = db,
): Promise<{ accountId: bigint; rows: HistoryRow[]; total: number }> {
  const last = await walletTail(db, userId, query.currency, query.filter);
  const accountId = last.account_id;
  const total = Number(last.position) + Number(last.tail);
  if (Number(last.tail) >= query.checkpointEvery) await extendCheckpoints(writer, query.filter, last, query.checkpointEvery);
  // Positions of the page's newest and oldest lines, counted from the oldest line.
  const newest = total - (query.page - 1) * query.pageSize;
  if (newest < 1) return { accountId, rows: [], total };
  const oldest = Math.max(1, newest - query.pageSize + 1);
  return { accountId, rows: await historyLinesAmong(db, accountId, idsAt(accountId, query.filter, oldest, newest - oldest + 1)), total };
}
