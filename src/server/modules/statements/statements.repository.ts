/**
 * The SQL of statements (spec-next §E). Everything is read in short statements of its own, a page
 * at a time, so a year of a busy wallet never sits in memory and no transaction stays open while
 * the file is sent:
 * - the wallet's balance at a moment: the balance after its last entry before that moment (one
 *   look-up of ledger_entries_account_time_idx, migration 0015), no sum over its history;
 * - its entries between the opening and the closing entry, by id (the order of balance_after);
 * - its refunded transfers (voided) of the period, by time (ledger_transfers_voided_idx).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Currency } from '../../../shared/types';
import type { Db } from '../../db/database';
import type { TransferKind, TransferMetadata } from '../ledger/ledger.tables';
import type { PayoutOutcome, PayoutRail } from '../transfers/transfers.tables';

/** The wallet a statement is of, and whose it is. */
export interface StatementHolder {
  accountId: bigint;
  firstName: string;
  lastName: string;
  /** As update-timezone stored it: an IANA name, or an offset such as '+05:30'; null: UTC. */
  timezone: string | null;
}

export async function statementHolder(db: Db, userId: string, currency: Currency): Promise<StatementHolder | undefined> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('ledger_accounts as a', (join) => join.onRef('a.user_id', '=', 'u.id').on('a.currency', '=', currency))
    .select(['a.id', 'u.first_name', 'u.last_name', 'u.timezone'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row && { accountId: row.id, firstName: row.first_name, lastName: row.last_name, timezone: row.timezone };
}

/**
 * The instant a day ('YYYY-MM-DD', checked) begins in the customer's time zone, as their limits
 * count days (kudi_day_start, migration 0029: the app's rules of the zone).
 */
const localMidnight = (timezone: string | null, day: RawBuilder<unknown>) => sql<Date>`kudi_day_start(${timezone}::text, ${day})`;

/** A period of days as instants: from the first day's local midnight to the midnight after the last day. */
export interface PeriodBounds {
  start: Date;
  end: Date;
  /** The database's clock when the statement was asked for. */
  now: Date;
}

export async function periodBounds(db: Db, timezone: string | null, from: string, to: string): Promise<PeriodBounds> {
  const { rows } = await sql<PeriodBounds>`
    select ${localMidnight(timezone, sql`${from}::date`)} as start,
           ${localMidnight(timezone, sql`${to}::date + 1`)} as "end",
           clock_timestamp() as now`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('The period has no bounds');
  return row;
}

/** The wallet's balance at a moment: after its last entry before it (entry id 0 and balance 0 before its first). */
export interface BalanceAt {
  entryId: bigint;
  balance: bigint;
}

export async function balanceBefore(db: Db, accountId: bigint, at: Date): Promise<BalanceAt> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(['id', 'balance_after'])
    .where('account_id', '=', accountId)
    .where('created_at', '<', at)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { entryId: row.id, balance: row.balance_after } : { entryId: 0n, balance: 0n };
}

/** What a statement line shows of its transfer (and of the payout it is, or whose fee it is). */
export interface StatementTransfer {
  reference: string;
  kind: TransferKind;
  /** Whether the wallet is the credited side. */
  incoming: boolean;
  metadata: TransferMetadata;
  payout_rail: PayoutRail | null;
  payout_destination: string | null;
  payout_outcome: PayoutOutcome | null;
  at: Date;
}

/** A posted entry of the wallet: money that moved, with the balance after it. */
export interface StatementEntry extends StatementTransfer {
  id: bigint;
  /** Signed: positive credits, negative debits. */
  amount: bigint;
  balance_after: bigint;
}

/** A refunded transfer of the wallet: a payout (or its fee) voided, its reserved money released. */
export interface StatementRefund extends StatementTransfer {
  id: bigint;
  amount: bigint;
  /** The keyset cursor: voided_at as the database writes it (microseconds, which a Date would lose). */
  cursor_at: string;
}

const incoming = (accountId: bigint) => sql<boolean>`t.credit_account_id = ${accountId}::bigint`.as('incoming');

/** The payout a transfer is (or whose fee it is): joined by primary key. */
const payoutOf = sql<bigint>`case when t.kind = 'fee' then t.linked_id else t.id end`;

/** A StatementTransfer's columns, from the transfer (t) and its payout (p). */
const TRANSFER_COLUMNS = ['t.reference', 't.kind', 't.metadata', 'p.rail as payout_rail', 'p.destination as payout_destination', 'p.outcome as payout_outcome'] as const;

/** The next page of the wallet's entries with ids in (afterId, lastId], in id order. */
export async function entriesPage(
  db: Db,
  holder: Pick<StatementHolder, 'accountId' | 'timezone'>,
  range: { afterId: bigint; lastId: bigint },
  limit: number,
): Promise<StatementEntry[]> {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
    .leftJoin('payouts as p', (join) => join.onRef('p.transfer_id', '=', payoutOf))
    .select(['e.id', 'e.amount', 'e.balance_after', 'e.created_at as at', ...TRANSFER_COLUMNS])
    .select(incoming(holder.accountId))
    .where('e.account_id', '=', holder.accountId)
    // As row comparisons, the id range is read from ledger_entries_account_idx (account_id, id)
    // alone: a plan for any values never walks other wallets' entries between the two ids.
    .where(sql<boolean>`(e.account_id, e.id) > (${holder.accountId}::bigint, ${range.afterId}::bigint)`)
    .where(sql<boolean>`(e.account_id, e.id) <= (${holder.accountId}::bigint, ${range.lastId}::bigint)`)
    .orderBy('e.account_id')
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

/** The next page of the wallet's transfers voided in [start, end), in (voided_at, id) order after the cursor. */
export async function refundsPage(
  db: Db,
  holder: Pick<StatementHolder, 'accountId' | 'timezone'>,
  period: { start: Date; end: Date },
  after: { at: string; id: bigint } | null,
  limit: number,
): Promise<StatementRefund[]> {
  let query = db
    .selectFrom('ledger_transfers as t')
    .leftJoin('payouts as p', (join) => join.onRef('p.transfer_id', '=', payoutOf))
    .select(['t.id', 't.amount', ...TRANSFER_COLUMNS])
    .select([
      sql<Date>`t.voided_at`.as('at'),
      sql<string>`t.voided_at::text`.as('cursor_at'),
      incoming(holder.accountId),
    ])
    .where('t.debit_account_id', '=', holder.accountId)
    // A literal, not a parameter: the partial index (status = 'voided') is usable by any plan.
    .where(sql<boolean>`t.status = 'voided'`)
    .where('t.voided_at', '>=', period.start)
    .where('t.voided_at', '<', period.end);
  if (after) query = query.where(sql<boolean>`(t.voided_at, t.id) > (${after.at}::timestamptz, ${after.id}::bigint)`);
  return query.orderBy('t.voided_at').orderBy('t.id').limit(limit).execute();
}
