import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Trx } from '../ledger/accounts.repository';
import type { PayoutOutcome, PayoutsTable } from './transfers.tables';

export type PayoutRow = Selectable<PayoutsTable>;
export type NewPayout = Omit<Insertable<PayoutsTable>, 'settle_after' | 'outcome' | 'failure_reason' | 'settled_at'>;

/** Records a payout, due for settlement `settleMs` after now (the database's clock). */
export async function insertPayout(trx: Trx, payout: NewPayout, settleMs: number): Promise<void> {
  await trx
    .insertInto('payouts')
    .values({ ...payout, settle_after: sql<Date>`now() + ${settleMs} * interval '1 millisecond'` })
    .execute();
}

/**
 * Claims up to `limit` unsettled payouts that are due, skipping any another process holds, and
 * pushes their due time `leaseMs` forward: if their settlement is interrupted, they come due again.
 */
export async function claimDuePayouts(db: Db, limit: number, leaseMs: number): Promise<PayoutRow[]> {
  return db
    .updateTable('payouts')
    .set({
      settle_after: sql<Date>`now() + ${leaseMs} * interval '1 millisecond'`,
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

export async function recordOutcome(trx: Trx, transferId: bigint, outcome: PayoutOutcome, reason: string | null): Promise<void> {
  await trx
    .updateTable('payouts')
    .set({ outcome, failure_reason: reason, settled_at: sql<Date>`now()` })
    .where('transfer_id', '=', transferId)
    .execute();
}
