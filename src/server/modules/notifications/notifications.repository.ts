import { sql, type Selectable } from 'kysely';
import type { Currency } from '../../../shared/types';
import type { Db } from '../../db/database';
import type { Trx } from '../ledger/accounts.repository';
import type { Provider, TransferKind, TransferMetadata } from '../ledger/ledger.tables';
import type { PayoutOutcome, PayoutRail } from '../transfers/transfers.tables';
import type { NotificationsTable } from './notifications.tables';

export type NotificationRow = Selectable<NotificationsTable>;

/** Inserts a notification in the caller's transaction; false when its dedupe key was recorded before. */
export async function insertNotification(
  trx: Trx,
  notification: { userId: string; kind: string; dedupeKey: string; payload: object },
): Promise<boolean> {
  const row = await trx
    .insertInto('notifications')
    .values({
      user_id: notification.userId,
      kind: notification.kind,
      dedupe_key: notification.dedupeKey,
      payload: JSON.stringify(notification.payload),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims up to `limit` unsent notifications that are due, oldest first, skipping any another
 * process holds, and pushes their due time `leaseMs` forward (one attempt more): if sending one
 * is interrupted, it comes due again when the lease lapses. Answered in the order their events
 * were recorded (id): UPDATE … RETURNING answers rows in the table's order, in which a row written
 * again (a lapsed lease, a retry) comes after later ones, so a customer's e-mails went out of order.
 */
export async function claimDueNotifications(db: Db, limit: number, leaseMs: number): Promise<NotificationRow[]> {
  const claimed = await db
    .updateTable('notifications')
    .set({
      send_after: sql<Date>`now() + ${leaseMs} * interval '1 millisecond'`,
      // The same time as send_after (one now() per statement): while the two agree, the claim holds it.
      leased_until: sql<Date>`now() + ${leaseMs} * interval '1 millisecond'`,
      attempts: sql<number>`attempts + 1`,
    })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('notifications')
        .select('id')
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .where('send_after', '<=', sql<Date>`now()`)
        .orderBy('send_after')
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
  return claimed.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export async function markSent(db: Db, id: bigint): Promise<void> {
  await db.updateTable('notifications').set({ sent_at: sql<Date>`now()` }).where('id', '=', id).where('sent_at', 'is', null).execute();
}

/** A notification whose sending failed comes due again after `delayMs`, its error kept. */
export async function retryLater(db: Db, id: bigint, delayMs: number, error: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ send_after: sql<Date>`now() + ${delayMs} * interval '1 millisecond'`, last_error: error.slice(0, 2000) })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .execute();
}

/** A notification whose last attempt failed is given up: failed, listed by `npm run jobs`, no longer claimed. */
export async function giveUp(db: Db, id: bigint, error: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ failed_at: sql<Date>`now()`, last_error: error.slice(0, 2000) })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .execute();
}

/** Makes given-up notifications (these ids, or all) due now with their attempts counted afresh; answers how many. */
export async function retryFailedNotifications(db: Db, ids?: bigint[]): Promise<number> {
  let query = db
    .updateTable('notifications')
    .set({ failed_at: null, attempts: 0, send_after: sql<Date>`now()` })
    .where('failed_at', 'is not', null)
    .where('sent_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids.length ? ids : [-1n]);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}

/** Hands claimed notifications back unsent, due now (a process stopping before it sent them). */
export async function releaseClaims(db: Db, ids: bigint[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('notifications').set({ send_after: sql<Date>`now()` }).where('id', 'in', ids).where('sent_at', 'is', null).execute();
}

/**
 * Records that the account signed in with this User-Agent. Answers whether the account had not
 * signed in with it before (then it is a new device: spec-next §D, the account's first sign-in too).
 */
export async function recordSignInDevice(trx: Trx, userId: string, userAgent: string): Promise<boolean> {
  const inserted = await trx
    .insertInto('sign_in_devices')
    .values({ user_id: userId, user_agent: userAgent })
    .onConflict((oc) => oc.columns(['user_id', 'user_agent']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Who a notification goes to. */
export interface Addressee {
  email: string;
  firstName: string;
  /** As update-timezone stored it (IANA, or an offset like '+05:30'); null: UTC. */
  timezone: string | null;
}

export async function addresseeOf(db: Db, userId: string): Promise<Addressee | undefined> {
  const row = await db.selectFrom('users').select(['email', 'first_name', 'timezone']).where('id', '=', userId).executeTakeFirst();
  return row && { email: row.email, firstName: row.first_name, timezone: row.timezone };
}

/** What a transfer notification tells: the transfer, its fee, and its payout when it is one. */
export interface TransferFacts {
  reference: string;
  kind: TransferKind;
  currency: Currency;
  amount: bigint;
  /** The fee charged with it (0 when none). */
  fee: bigint;
  provider: Provider | null;
  metadata: TransferMetadata;
  createdAt: Date;
  payout: { rail: PayoutRail; destination: string; outcome: PayoutOutcome | null; failureReason: string | null } | null;
}

export async function transferFacts(db: Db, transferId: bigint): Promise<TransferFacts | undefined> {
  const row = await db
    .selectFrom('ledger_transfers as t')
    .leftJoin('payouts as p', 'p.transfer_id', 't.id')
    .select([
      't.reference', 't.kind', 't.currency', 't.amount', 't.provider', 't.metadata', 't.created_at',
      'p.rail', 'p.destination', 'p.outcome', 'p.failure_reason',
    ])
    .select((eb) =>
      eb
        .selectFrom('ledger_transfers as f')
        .select(sql<bigint>`coalesce(sum(f.amount), 0)::bigint`.as('fee'))
        .whereRef('f.linked_id', '=', 't.id')
        .where('f.kind', '=', 'fee')
        .as('fee'),
    )
    .where('t.id', '=', transferId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    reference: row.reference,
    kind: row.kind,
    currency: row.currency,
    amount: row.amount,
    fee: BigInt(row.fee ?? 0n),
    provider: row.provider,
    metadata: row.metadata,
    createdAt: row.created_at,
    payout: row.rail && row.destination !== null
      ? { rail: row.rail, destination: row.destination, outcome: row.outcome, failureReason: row.failure_reason }
      : null,
  };
}
