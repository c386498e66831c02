import type { ColumnType, Generated } from 'kysely';

/**
 * Tables of the accounts module (migration 0002). Every timestamp a rule reads is written by the
 * app's clock, never by a database default, so the rules and their tests share one clock.
 */

export type OtpPurpose = 'email_verification' | 'password_reset' | 'phone_verification';
export type GrantKind = 'password_reset' | 'pin_step_up';
export type IdentityStatus = 'pending' | 'approved' | 'declined';
export type IdentityDecision = Exclude<IdentityStatus, 'pending'>;
export type OutboxChannel = 'email' | 'sms';

/** One-time codes, stored as an HMAC of the code (never the code itself). */
export interface OtpsTable {
  id: Generated<string>;
  user_id: string;
  purpose: OtpPurpose;
  /** Where the code was sent: the lower-cased e-mail or the phone number. */
  recipient: string;
  code_hash: string;
  /** Wrong tries so far; at OTP_MAX_ATTEMPTS the code is dead. */
  attempts: Generated<number>;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
  /** An e-mail verification code's sign-up (migration 0024): what using it gives the account; null: the account as it is. */
  submission: ColumnType<SignUpSubmission | null, string | null | undefined, string | null>;
}

/** A sign-up's password hash and details, as the account takes them when its e-mail code is used. */
export interface SignUpSubmission {
  password_hash: string;
  first_name: string;
  last_name: string;
  dob: string;
  nationality: string;
  country_of_residence: string;
  address: string;
}

/** Short-lived, single-use permissions: a verified reset code, a confirmed transaction PIN. */
export interface AuthGrantsTable {
  id: Generated<string>;
  user_id: string;
  kind: GrantKind;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
  /** The client address a password-reset grant is bound to (request.ip of verify-otp); null for unbound grants. */
  client_ip: string | null;
  /** The session a PIN confirmation (pin_step_up) belongs to (migration 0025); null for grants of no session. */
  session_id: string | null;
}

/** Rate-limit hits (login failures, OTP guesses…), one row per hit in a named bucket. */
export interface ThrottleHitsTable {
  bucket: string;
  created_at: Date;
}

/** Messages of the simulated world's e-mail and SMS (GET /api/dev/outbox). */
export interface OutboxTable {
  id: Generated<string>;
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  body: string;
  /** The one-time code the message carries, so tests and developers can read it. */
  otp: string | null;
  created_at: Date;
  /** Insertion order (newest first in the outbox listing, even within one millisecond). */
  seq: Generated<bigint>;
  /** The message's own id (a notification's): the outbox keeps one message per id (migration 0011). */
  message_id: string | null;
  /** The HTML part, when the message has one (migration 0011). */
  html: string | null;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  user_id: string;
  email: string;
  phone_number: string;
  complaint_category: string;
  complaint: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** A session at the identity provider: a signed-in user's, or a standalone (external) one. */
export interface IdentitySessionsTable {
  id: Generated<string>;
  user_id: string | null;
  first_name: string;
  last_name: string;
  status: Generated<IdentityStatus>;
  created_at: Date;
  decided_at: Date | null;
}

/** Decision webhooks already applied, keyed by the provider's decision id (replays are no-ops). */
export interface IdentityDecisionsTable {
  id: string;
  session_id: string;
  status: IdentityDecision;
  received_at: Date;
}

export interface AuthTables {
  otps: OtpsTable;
  auth_grants: AuthGrantsTable;
  throttle_hits: ThrottleHitsTable;
  outbox: OutboxTable;
  contact_messages: ContactMessagesTable;
  identity_sessions: IdentitySessionsTable;
  identity_decisions: IdentityDecisionsTable;
}
