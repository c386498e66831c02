/**
 * The reconciliation's SQL: each check is ONE statement, a grouped pass over its tables that answers
 * only the rows that break a rule (at most `limit`), so the books of millions of entries are read
 * once per check, never row by row from here. Money comes back as text (exact: sums of bigints are
 * numerics, which a driver may not parse exactly).
 */
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

type Reader = Db | Transaction<Database>;

export interface CurrencyTotalsRow {
  currency: string;
  accounts: number;
  balances: string;
  entries: string;
}

/** Per currency: how many accounts, the sum of their balances and the sum of their entries. */
export async function currencyTotals(db: Reader): Promise<CurrencyTotalsRow[]> {
  const { rows } = await sql<CurrencyTotalsRow>`
    select a.currency, a.accounts, a.balances::text as balances, coalesce(e.entries, 0)::text as entries
    from (select currency, count(*)::int as accounts, sum(balance) as balances from ledger_accounts group by currency) a
    left join (
      select a.currency, sum(e.amount) as entries
      from ledger_entries e join ledger_accounts a on a.id = e.account_id
      group by a.currency
    ) e on e.currency = a.currency
    order by a.currency`.execute(db);
  return rows;
}

export interface AccountRow {
  account_id: string;
  currency: string;
  kind: 'customer' | 'system';
  code: string | null;
  user_id: string | null;
  balance: string;
  pending_debits: string;
}

export type AccountMismatchRow = AccountRow & { entries: string; pending_transfers: string };

/**
 * Accounts whose balance is not the sum of their entries, or whose reserved funds (pending_debits)
 * are not the sum of the pending transfers debiting them: one pass over the entries and one over
 * the pending transfers, each grouped by account.
 */
export async function accountMismatches(db: Reader, limit: number): Promise<AccountMismatchRow[]> {
  const { rows } = await sql<AccountMismatchRow>`
    select a.id::text as account_id, a.currency, a.kind, a.code, a.user_id, a.balance::text as balance,
      a.pending_debits::text as pending_debits, coalesce(e.total, 0)::text as entries, coalesce(p.total, 0)::text as pending_transfers
    from ledger_accounts a
    left join (select account_id, sum(amount) as total from ledger_entries group by account_id) e on e.account_id = a.id
    left join (
      select debit_account_id, sum(amount) as total from ledger_transfers where status = 'pending' group by debit_account_id
    ) p on p.debit_account_id = a.id
    where a.balance <> coalesce(e.total, 0) or a.pending_debits <> coalesce(p.total, 0)
    order by a.id
    limit ${limit}`.execute(db);
  return rows;
}

export interface TransferMovementRow {
  transfer_id: string;
  reference: string;
  kind: string;
  currency: string;
  status: string;
  amount: string;
  entries: number;
  debited: string;
  credited: string;
}

/**
 * Transfers whose movement is not there exactly once: a posted transfer has exactly two entries,
 * minus its amount on its debit account and plus its amount on its credit account; a pending or
 * voided one has none. One join of the transfers with their entries, grouped by transfer.
 */
export async function transferMovementFaults(db: Reader, limit: number): Promise<TransferMovementRow[]> {
  const { rows } = await sql<TransferMovementRow>`
    select t.id::text as transfer_id, t.reference, t.kind, t.currency, t.status, t.amount::text as amount,
      count(e.id)::int as entries,
      coalesce(sum(e.amount) filter (where e.account_id = t.debit_account_id), 0)::text as debited,
      coalesce(sum(e.amount) filter (where e.account_id = t.credit_account_id), 0)::text as credited
    from ledger_transfers t
    left join ledger_entries e on e.transfer_id = t.id
    group by t.id
    having (t.status = 'posted' and (
        count(e.id) <> 2
        or coalesce(sum(e.amount) filter (where e.account_id = t.debit_account_id), 0) <> -t.amount
        or coalesce(sum(e.amount) filter (where e.account_id = t.credit_account_id), 0) <> t.amount))
      or (t.status <> 'posted' and count(e.id) <> 0)
    order by t.id
    limit ${limit}`.execute(db);
  return rows;
}

export interface PayoutFaultRow {
  payout_id: string;
  reference: string;
  outcome: string | null;
  transfer_status: string;
  transfer_entries: number;
  /** The final events (completed, failed, cancelled) in order, comma-separated ('' for none). */
  finals: string;
  refunds: number;
  last_event: string | null;
  /** The statuses of its fee transfers (kind 'fee', linked to it), comma-separated ('' for none). */
  fees: string;
}

/**
 * Payouts whose life and ledger disagree (see reconcile.service checkPayouts for the rules): each
 * payout with its transfer, its events grouped by payout (one pass over payout_events), its fee
 * transfers grouped by the transfer they are the fee of (the linked_id index), and the count of
 * its transfer's entries (the entries' (transfer_id, account_id) index). Only payouts breaking a
 * rule come back.
 */
export async function payoutFaults(db: Reader, limit: number): Promise<PayoutFaultRow[]> {
  const { rows } = await sql<PayoutFaultRow>`
    select * from (
      select p.transfer_id::text as payout_id, p.reference, p.outcome, t.status as transfer_status,
        (select count(*)::int from ledger_entries e where e.transfer_id = p.transfer_id) as transfer_entries,
        coalesce(ev.finals, '') as finals, coalesce(ev.refunds, 0) as refunds, ev.last_event,
        coalesce(f.statuses, '') as fees
      from payouts p
      join ledger_transfers t on t.id = p.transfer_id
      left join (
        select transfer_id,
          string_agg(status, ',' order by id) filter (where status in ('completed', 'failed', 'cancelled')) as finals,
          (count(*) filter (where status = 'refunded'))::int as refunds,
          (array_agg(status order by id desc))[1] as last_event
        from payout_events group by transfer_id
      ) ev on ev.transfer_id = p.transfer_id
      left join (
        select linked_id, string_agg(status, ',' order by id) as statuses
        from ledger_transfers where kind = 'fee' and linked_id is not null group by linked_id
      ) f on f.linked_id = p.transfer_id
    ) x
    where not (
      case
        when outcome is null then finals = '' and refunds = 0 and transfer_status = 'pending' and transfer_entries = 0
        when outcome = 'completed' then finals = 'completed' and refunds = 0 and last_event = 'completed'
          and transfer_status = 'posted' and transfer_entries = 2
        else finals = outcome and refunds = 1 and last_event = 'refunded' and transfer_status = 'voided' and transfer_entries = 0
      end
      and (fees = '' or fees = transfer_status)
    )
    order by payout_id::bigint
    limit ${limit}`.execute(db);
  return rows;
}

/** The bounds a system account's balance keeps: at most (≤ 0) or at least (≥ 0) zero, or either sign. */
export type Sign = 'at_most_zero' | 'at_least_zero' | 'any';

export type BoundsFaultRow = AccountRow & { max_balance: string };

/**
 * Accounts outside their bounds: a customer wallet below zero, spending reserved funds it does
 * not have (balance − pending_debits < 0) or above the ceiling; a system account on the wrong side
 * of zero for its code (`signs`), or reserving funds (no pending transfer debits a system
 * account). Reads the accounts only.
 */
export async function boundsFaults(db: Reader, signs: Record<string, Sign>, maxBalance: bigint, limit: number): Promise<BoundsFaultRow[]> {
  const atMost = Object.keys(signs).filter((code) => signs[code] === 'at_most_zero');
  const atLeast = Object.keys(signs).filter((code) => signs[code] === 'at_least_zero');
  const list = (codes: string[]) => (codes.length ? sql.join(codes.map((code) => sql`${code}`)) : sql`null`);
  const { rows } = await sql<BoundsFaultRow>`
    select a.id::text as account_id, a.currency, a.kind, a.code, a.user_id, a.balance::text as balance,
      a.pending_debits::text as pending_debits, ${maxBalance.toString()}::text as max_balance
    from ledger_accounts a
    where (a.kind = 'customer' and (a.balance < 0 or a.balance - a.pending_debits < 0 or a.balance > ${maxBalance.toString()}::bigint))
      or (a.kind = 'system' and (
        a.pending_debits <> 0
        or (a.code in (${list(atMost)}) and a.balance > 0)
        or (a.code in (${list(atLeast)}) and a.balance < 0)))
    order by a.id
    limit ${limit}`.execute(db);
  return rows;
}

/** The system accounts there are: code and currency. */
export async function systemAccounts(db: Reader): Promise<{ code: string; currency: string }[]> {
  const { rows } = await sql<{ code: string; currency: string }>`
    select code, currency from ledger_accounts where kind = 'system' order by code, currency`.execute(db);
  return rows;
}

/** Migrations the database has applied (Kysely's table; none when it has no such table). */
export async function appliedMigrations(db: Db): Promise<string[] | null> {
  const table = await sql<{ present: boolean }>`select to_regclass('kysely_migration') is not null as present`.execute(db);
  if (!table.rows[0]?.present) return null;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.map((row) => row.name);
}

// --- The daily run (table reconciliations, migration 0019).

/** Today on the database's clock, UTC ('YYYY-MM-DD'). */
export async function today(db: Db): Promise<string> {
  const { rows } = await sql<{ day: string }>`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as day`.execute(db);
  return rows[0].day;
}

/**
 * Claims the day's reconciliation for `claimedBy`: true when this call inserted the day's row, or
 * took over a claim older than `leaseMs` that was never finished (its process died); false when
 * another claim holds it or the day is done. One statement: of two processes, one wins.
 */
export async function claimDay(db: Db, day: string, claimedBy: string, leaseMs: number): Promise<boolean> {
  const { rows } = await sql<{ day: string }>`
    insert into reconciliations (day, claimed_by) values (${day}::date, ${claimedBy})
    on conflict (day) do update set claimed_at = now(), claimed_by = excluded.claimed_by
      where reconciliations.finished_at is null and reconciliations.claimed_at < now() - ${leaseMs} * interval '1 millisecond'
    returning day`.execute(db);
  return rows.length === 1;
}

/** Records the day's report (only by the process holding the claim). */
export async function finishDay(db: Db, day: string, claimedBy: string, ok: boolean, report: unknown): Promise<boolean> {
  const result = await db
    .updateTable('reconciliations')
    .set({ finished_at: sql<Date>`now()`, ok, report: JSON.stringify(report) })
    .where('day', '=', day)
    .where('claimed_by', '=', claimedBy)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
