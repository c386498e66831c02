import type { Generated } from 'kysely';
import type { AddressTables } from '../modules/address/address.tables';
import type { AuthTables } from '../modules/auth/auth.tables';
import type { FxTables } from '../modules/fx/fx.tables';
import type { JobsTables } from '../modules/jobs/jobs.tables';
import type { Tier } from '../../shared/limits';
import type { LimitsTables } from '../modules/limits/limits.tables';
import type { LedgerTables } from '../modules/ledger/ledger.tables';
import type { NotificationsTables } from '../modules/notifications/notifications.tables';
import type { ReconcileTables } from '../modules/reconcile/reconcile.tables';
import type { RecipientsTables } from '../modules/recipients/recipients.tables';
import type { TransfersTables } from '../modules/transfers/transfers.tables';
import type { DefaultedTimestamp } from './columns';

export type { DefaultedTimestamp } from './columns';

/**
 * Table types. Each module adds its tables here next to its migration
 * (see migrations/index.ts). Money columns are bigint minor units.
 */
export interface UsersTable {
  id: Generated<string>;
  email: string;
  /** Lower-cased e-mail, unique: sign-up is case-insensitive. */
  email_lower: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  /** 'YYYY-MM-DD' */
  dob: string;
  nationality: string;
  country_of_residence: string;
  address: Generated<string>;
  phone_number: string | null;
  timezone: string | null;
  is_email_verified: Generated<boolean>;
  is_phone_verified: Generated<boolean>;
  is_identity_verified: Generated<boolean>;
  pin_hash: string | null;
  pin_failed_count: Generated<number>;
  pin_locked_until: Date | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  /** 'Plus' once a proof of address is approved (migration 0009). */
  tier: Generated<Tier>;
  /** Signed up for again with another password before the e-mail was verified (migration 0027). */
  sign_up_contested: Generated<boolean>;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  /** jti of the one access token that may be used now. */
  current_jti: string;
  /** The previous token, which may refresh again within the grace period of its rotation. */
  previous_jti: string | null;
  rotated_at: Date | null;
  created_at: DefaultedTimestamp;
  last_seen_at: DefaultedTimestamp;
  revoked_at: Date | null;
  /** A fresh password check in this session (PIN change, profile password change). */
  password_checked_at: Date | null;
  /** The sign-in's User-Agent (normalUserAgent), null before migration 0014. */
  user_agent: string | null;
  /** The sign-in's IP address as Fastify saw it, null before migration 0014. */
  ip: string | null;
}

export interface Database
  extends AuthTables, LedgerTables, TransfersTables, FxTables, LimitsTables, AddressTables, NotificationsTables, RecipientsTables, JobsTables,
    ReconcileTables {
  users: UsersTable;
  sessions: SessionsTable;
}
