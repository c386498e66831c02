import type { Db } from '../../db/database';
import type { GrantKind } from './auth.tables';
import { insertGrant, type GrantBinding } from './grants.repository';
import { RESET_GRANT_TTL_MS, STEP_UP_GRANT_TTL_MS } from './rules';

const GRANT_TTL_MS: Record<GrantKind, number> = {
  password_reset: RESET_GRANT_TTL_MS,
  pin_step_up: STEP_UP_GRANT_TTL_MS,
};

/**
 * A single-use permission of that kind, valid for its kind's lifetime from `now`; bound to a
 * client address or a session, only usable by a request from it (consumeLiveGrant with the same binding).
 */
export function issueGrant(db: Db, userId: string, kind: GrantKind, now: Date, binding: GrantBinding = {}): Promise<void> {
  return insertGrant(db, userId, kind, now, new Date(now.getTime() + GRANT_TTL_MS[kind]), binding);
}
