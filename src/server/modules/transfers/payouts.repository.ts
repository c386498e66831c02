import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Trx } from '../ledger/accounts.repository';
import type { PayoutEventsTable, PayoutOutcome, PayoutsTable } from './transfers.tables';

export type PayoutRow = Selectable<PayoutsTable>;
export type PayoutEventRow = Selectable<PayoutEventsTable>;
export type PayoutEventStatus = PayoutEventsTable['status'];
export type NewPayout = Omit<Insertable<PayoutsTable>, 'settle_after' | 'outcome' | 'failure_reason' | 'settled_at' | 'handed_at'>;

/** `now() + ms` on the database's clock. */
const fromNow = (ms: number) => sql<Date>`now() + ${ms} * interval '1 millisecond'`;

/** Records a payout, first due (for its hand-over to the rail) `holdMs` after now (the database's clock). */
export async function insertPayout(trx: Trx, payout: NewPayout, holdMs: number): Promise<void> {
  await trx
    .insertInto('payouts')
    .values({ ...payout, settle_after: fromNow(holdMs) })
    .execute();
}

/**
 * Writes one step of a payout's timeline (payout_events, append-only) in the caller's transaction:
 * the transaction of the change it records. Every change of a payout goes through here.
 */
export async function recordPayoutEvent(trx: Trx, transferId: bigint, status: PayoutEventStatus, note: string | null): Promise<void> {
  await trx.insertInto('payout_events').values({ transfer_id: transferId, status, note }).execute();
}

/** A payout's timeline, oldest first. */
export async function payoutEvents(db: Db | Trx, transferId: bigint): Promise<PayoutEventRow[]> {
  return db.selectFrom('payout_events').selectAll().where('transfer_id', '=', transferId).orderBy('at').orderBy('id').execute();
}

/** Marks a (locked) payout handed to its rail now, due for settlement `settleMs` later. */
export async function markHandedOver(trx: Trx, transferId: bigint, settleMs: number): Promise<PayoutRow> {
  return trx
    .updateTable('payouts')
    .set({ handed_at: sql<Date>`now()`, settle_after: fromNow(settleMs) })
    .where('transfer_id', '=', transferId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Makes a (locked) payout due now. */
export async function dueNow(trx: Trx, transferId: bigint): Promise<void> {
  await trx.updateTable('payouts').set({ settle_after: sql<Date>`now()` }).where('transfer_id', '=', transferId).execute();
}

/** The unsettled payouts of the customer with this e-mail (any case), oldest first. */
export async function unsettledPayoutsOf(db: Db, email: string): Promise<bigint[]> {
  const rows = await db
    .selectFrom('payouts as p')
    .innerJoin('ledger_transfers as t', 't.id', 'p.transfer_id')
    .innerJoin('ledger_accounts as a', 'a.id', 't.debit_account_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select('p.transfer_id')
    .where('p.settled_at', 'is', null)
    .where('u.email_lower', '=', email.trim().toLowerCase())
    .orderBy('p.transfer_id')
    .execute();
  return rows.map((row) => row.transfer_id);
}

/**
 * Claims up to `limit` unsettled payouts that are due (for their hand-over once their hold is
 * over, or for settlement once handed over), skipping any another process holds, and
 * pushes their due time `leaseMs` forward: if their settlement is interrupted, they come due again.
 */
export async function claimDuePayouts(db: Db, limit: number, leaseMs: number): Promise<PayoutRow[]> {
  return db
    .updateTable('payouts')
    .set({
      settle_after: fromNow(leaseMs),
      // The same time as settle_after (one now() per statement): while the two agree, the claim holds it.
      leased_until: fromNow(leaseMs),
      attempts: sql<number>`attempts + 1`,
    })
    .where('transfer_id', 'in', (eb) =>
      eb
        .selectFrom('payouts')
        .select('transfer_id')
        .where('settled_at', 'is', null)
        .where('settle_after', '<=', sql<Date>`now()`)
        .orderBy('settle_after')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

/** The longest wait between two attempts at a payout whose hand-over or settlement keeps failing. */
const MAX_RETRY_MS = 3_600_000;

/**
 * After a failed hand-over or settlement of a claimed payout: due again after `leaseMs` the first
 * time (as when its claim lapses), then twice as long after each further failure (at most an
 * hour), with the error kept for `npm run jobs`. A payout is never given up: its money stays
 * reserved until its rail answers.
 */
export async function retryPayoutLater(db: Db, transferId: bigint, leaseMs: number, error: string): Promise<void> {
  await db
    .updateTable('payouts')
    .set({
      settle_after: sql<Date>`now() + least(${MAX_RETRY_MS}::bigint, ${leaseMs}::bigint * power(2, least(failures, 20))::bigint) * interval '1 millisecond'`,
      failures: sql<number>`failures + 1`,
      last_error: error.slice(0, 2000),
    })
    .where('transfer_id', '=', transferId)
    .where('settled_at', 'is', null)
    .execute();
}

/**
 * Hands claimed payouts back unsettled, due now: a process that stops before settling what it
 * claimed does not leave them waiting out their lease.
 */
export async function releaseClaims(db: Db, transferIds: bigint[]): Promise<void> {
  if (transferIds.length === 0) return;
  await db
    .updateTable('payouts')
    .set({ settle_after: sql<Date>`now()` })
    .where('transfer_id', 'in', transferIds)
    .where('settled_at', 'is', null)
    .execute();
}

export async function lockPayout(trx: Trx, reference: string): Promise<PayoutRow | undefined> {
  return trx.selectFrom('payouts').selectAll().where('reference', '=', reference).forUpdate().executeTakeFirst();
}

export async function lockPayoutById(trx: Trx, transferId: bigint): Promise<PayoutRow | undefined> {
  return trx.selectFrom('payouts').selectAll().where('transfer_id', '=', transferId).forUpdate().executeTakeFirst();
}

export async function recordOutcome(trx: Trx, transferId: bigint, outcome: PayoutOutcome, reason: string | null): Promise<void> {
  await trx
    .updateTable('payouts')
    .set({ outcome, failure_reason: reason, settled_at: sql<Date>`now()` })
    .where('transfer_id', '=', transferId)
    .execute();
}
