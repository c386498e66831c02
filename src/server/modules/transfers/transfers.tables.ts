/** Tables of the transfers module (migrations 0004, 0009, 0010, 0018). */
import type { Generated } from 'kysely';
import type { TransactionEvent } from '../../../shared/types';
import type { DefaultedTimestamp } from '../../db/columns';

/** The outside rails money is paid out through: Interac e-Transfer (CAD) and NIP (NGN). */
export type PayoutRail = 'interac' | 'nip';
/** How a payout ended: at its rail (completed, failed), or cancelled by the customer in its hold (migration 0010). */
export type PayoutOutcome = 'completed' | 'failed' | 'cancelled';

/** A payout to an outside rail and the pending ledger transfer that reserves its funds. */
export interface PayoutsTable {
  transfer_id: bigint;
  /** The ledger transfer's reference, given to the rail and echoed by its webhook. */
  reference: string;
  rail: PayoutRail;
  /** Interac: the recipient's e-mail; NIP: the 10-digit account number. */
  destination: string;
  /** NIP only: the recipient bank's code. */
  bank_code: string | null;
  /** When the payout may next be claimed for settlement (pushed forward by each claim). */
  settle_after: Date;
  attempts: Generated<number>;
  outcome: PayoutOutcome | null;
  failure_reason: string | null;
  created_at: DefaultedTimestamp;
  settled_at: Date | null;
  /** The sender's day (their time zone) and CAD minor units this payout was counted for in their limits (migration 0009). */
  limit_bucket: Date | null;
  limit_minor: bigint | null;
  /** When Kudi handed the payout to its rail, after its hold (migration 0010); null while it may be cancelled. */
  handed_at: Date | null;
  /** Set by a claim to the due time it pushes forward: while the two agree and it is ahead, a process holds the payout (migration 0018). */
  leased_until: Date | null;
  /** Why its last hand-over or settlement attempt failed (migration 0018). */
  last_error: string | null;
  /** Failed attempts so far: the wait before the next one doubles with each (migration 0018). */
  failures: Generated<number>;
}

/** One step of a payout's timeline, written in the transaction of the change it records; append-only (migration 0010). */
export interface PayoutEventsTable {
  id: Generated<bigint>;
  transfer_id: bigint;
  status: TransactionEvent['status'];
  note: string | null;
  at: DefaultedTimestamp;
}

export interface TransfersTables {
  payouts: PayoutsTable;
  payout_events: PayoutEventsTable;
}
