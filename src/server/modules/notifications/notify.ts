/**
 * Recording a notification with its event (spec-next §D): `notify` inserts the row in the
 * caller's transaction, the event's own, so the e-mail exists exactly when the event committed
 * and is sent afterwards by the sending job (notifications.service.ts). A row's `dedupe_key`
 * names its event: recording the same event again (a replayed webhook, a retried request)
 * records nothing.
 *
 * Payloads hold only what the e-mail needs and the database does not keep; the e-mail is
 * rendered when it is sent (templates.ts). None holds a password, PIN, code, BVN or NIN.
 */
import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import type { Trx } from '../ledger/accounts.repository';
import type { TierLimits } from '../limits/tiers';
import { insertNotification, recordSignInDevice } from './notifications.repository';

/** What a transfer notification names: the ledger transfer (its id, as text). */
export interface TransferPayload {
  transfer_id: string;
}

/** The payload of each kind of notification. */
export interface NotificationPayloads {
  /** A deposit (Interac, bank) or a transfer from another customer arrived in a wallet. */
  money_received: TransferPayload;
  /** A send left a wallet: an Interac or NGN bank payout, a transfer to a customer, a bill. */
  money_sent: TransferPayload;
  /** A payout failed at its rail and was refunded to the wallet. */
  payout_failed: TransferPayload;
  /** A payout was cancelled before it reached its rail and was refunded (spec-next §C). */
  payout_cancelled: TransferPayload;
  /** The password was changed (reset or profile change); `at` ISO 8601. */
  password_changed: { at: string };
  /** The transaction PIN was changed (not its first creation); `at` ISO 8601. */
  pin_changed: { at: string };
  /** A sign-in with a User-Agent this account had not signed in with before. */
  new_device_sign_in: { user_agent: string; ip: string | null; at: string };
  /** Proof of address approved: the limits of Plus when it was raised (CAD minor units, as text). */
  tier_plus: { per_transfer: string; per_day: string; per_30_days: string };
  /** Proof of address rejected, with the reviewer's reason (the limits stay Basic's). */
  proof_rejected: { reason: string };
}

export type NotificationKind = keyof NotificationPayloads;

export const NOTIFICATION_KINDS = [
  'money_received',
  'money_sent',
  'payout_failed',
  'payout_cancelled',
  'password_changed',
  'pin_changed',
  'new_device_sign_in',
  'tier_plus',
  'proof_rejected',
] as const satisfies readonly NotificationKind[];

/** The kinds that are about one ledger transfer. */
export type TransferNotificationKind = 'money_received' | 'money_sent' | 'payout_failed' | 'payout_cancelled';

export interface Notification<K extends NotificationKind = NotificationKind> {
  userId: string;
  kind: K;
  /** Names the event: the same key is recorded once. */
  dedupeKey: string;
  payload: NotificationPayloads[K];
}

/**
 * Records a notification in the caller's transaction (the event's); answers false when its event
 * was recorded before (same dedupe key), recording nothing.
 */
export function notify<K extends NotificationKind>(trx: Trx, notification: Notification<K>): Promise<boolean> {
  return insertNotification(trx, notification);
}

/** The dedupe key of a transfer notification: 'money_sent:<transfer id>'. */
export const transferDedupeKey = (kind: TransferNotificationKind, transferId: bigint | string): string => `${kind}:${transferId}`;

/**
 * Records a notification about a ledger transfer for the customer it concerns: the credited one
 * for money received, the debited one otherwise (a system account's side is nobody's). Answers
 * false when nothing was recorded (recorded before, or no customer on that side).
 */
export async function notifyTransfer(trx: Trx, kind: TransferNotificationKind, transferId: bigint): Promise<boolean> {
  const side = kind === 'money_received' ? sql`t.credit_account_id` : sql`t.debit_account_id`;
  const { rows } = await sql`
    insert into notifications (user_id, kind, dedupe_key, payload)
    select a.user_id, ${kind}, ${transferDedupeKey(kind, transferId)}, jsonb_build_object('transfer_id', t.id::text)
    from ledger_transfers t join ledger_accounts a on a.id = ${side}
    where t.id = ${transferId}::bigint and a.user_id is not null
    on conflict (dedupe_key) do nothing
    returning id`.execute(trx);
  return rows.length > 0;
}

/** Money arrived in a customer's wallet (the transfer's credited side). */
export const notifyMoneyReceived = (trx: Trx, transferId: bigint) => notifyTransfer(trx, 'money_received', transferId);

/** A send left a customer's wallet (the transfer's debited side). */
export const notifyMoneySent = (trx: Trx, transferId: bigint) => notifyTransfer(trx, 'money_sent', transferId);

/** A payout failed at its rail and was refunded (the payout's pending transfer). */
export const notifyPayoutFailed = (trx: Trx, transferId: bigint) => notifyTransfer(trx, 'payout_failed', transferId);

/**
 * A payout was cancelled before it reached its rail and was refunded (the payout's transfer): call
 * it in the cancellation's transaction. Two cancels of one payout record one notification.
 */
export const notifyPayoutCancelled = (trx: Trx, transferId: bigint) => notifyTransfer(trx, 'payout_cancelled', transferId);

/** The password was changed, at `at`. */
export const notifyPasswordChanged = (trx: Trx, userId: string, at: Date) =>
  notify(trx, { userId, kind: 'password_changed', dedupeKey: `password_changed:${userId}:${at.getTime()}`, payload: { at: at.toISOString() } });

/** The transaction PIN was changed, at `at`. */
export const notifyPinChanged = (trx: Trx, userId: string, at: Date) =>
  notify(trx, { userId, kind: 'pin_changed', dedupeKey: `pin_changed:${userId}:${at.getTime()}`, payload: { at: at.toISOString() } });

/**
 * Records a sign-in's User-Agent for the account and, when the account had not signed in with it
 * before (a new device, as at the account's first sign-in), the e-mail naming the browser and the
 * time. Answers whether one was recorded.
 */
export async function recordSignIn(trx: Trx, sign: { userId: string; userAgent: string; ip: string | null; at: Date }): Promise<boolean> {
  if (!(await recordSignInDevice(trx, sign.userId, sign.userAgent))) return false;
  const agent = createHash('sha256').update(sign.userAgent).digest('hex').slice(0, 32);
  return notify(trx, {
    userId: sign.userId,
    kind: 'new_device_sign_in',
    dedupeKey: `new_device_sign_in:${sign.userId}:${agent}`,
    payload: { user_agent: sign.userAgent, ip: sign.ip, at: sign.at.toISOString() },
  });
}

/** The customer's proof of address `proofId` was approved: their limits are Plus's, `plus`. */
export const notifyTierPlus = (trx: Trx, userId: string, proofId: string, plus: TierLimits) =>
  notify(trx, {
    userId,
    kind: 'tier_plus',
    dedupeKey: `tier_plus:${proofId}`,
    payload: { per_transfer: String(plus.perTransfer), per_day: String(plus.perDay), per_30_days: String(plus.per30Days) },
  });

/** The customer's proof of address `proofId` was rejected for `reason`: they may send another. */
export const notifyProofRejected = (trx: Trx, userId: string, proofId: string, reason: string) =>
  notify(trx, { userId, kind: 'proof_rejected', dedupeKey: `proof_rejected:${proofId}`, payload: { reason } });
