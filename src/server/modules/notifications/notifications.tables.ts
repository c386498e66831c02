/** Tables of the notifications module (migrations 0011, 0018). */
import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTimestamp } from '../../db/columns';

type JsonColumn<T> = ColumnType<T, string | undefined, string>;

/** An e-mail to send a customer about an event, recorded in the event's transaction. */
export interface NotificationsTable {
  id: Generated<bigint>;
  user_id: string;
  kind: string;
  /** One row per event: 'money_sent:<transfer id>', 'new_device:<user>:<agent digest>', … */
  dedupe_key: string;
  /** What the e-mail needs that the database does not keep (see notify.ts, NotificationPayloads). */
  payload: JsonColumn<Record<string, unknown>>;
  created_at: DefaultedTimestamp;
  /** When the sending job may next claim it (pushed forward by each claim: its lease). */
  send_after: DefaultedTimestamp;
  attempts: Generated<number>;
  sent_at: Date | null;
  /** Set by a claim to the `send_after` it pushes forward (migration 0018): see payouts.leased_until. */
  leased_until: Date | null;
  /** Why the last attempt to send it failed (migration 0018). */
  last_error: string | null;
  /** Given up after its last attempt (migration 0018); `npm run jobs -- retry` makes it due again. */
  failed_at: Date | null;
}

/** A User-Agent an account has signed in with. */
export interface SignInDevicesTable {
  user_id: string;
  user_agent: string;
  first_seen_at: DefaultedTimestamp;
}

export interface NotificationsTables {
  notifications: NotificationsTable;
  sign_in_devices: SignInDevicesTable;
}
