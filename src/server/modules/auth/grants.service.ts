import type { Db } from '../../db/database';
import type { GrantKind } from './auth.tables';
import { insertGrant } from './grants.repository';
import { RESET_GRANT_TTL_MS, STEP_UP_GRANT_TTL_MS } from './rules';

const GRANT_TTL_MS: Record<GrantKind, number> = {
  password_reset: RESET_GRANT_TTL_MS,
  pin_step_up: STEP_UP_GRANT_TTL_MS,
};

/**
 * A single-use permission of that kind, valid for its kind's lifetime from `now`; with clientIp,
 * only usable by a request from that address (consumeLiveGrant with the same clientIp).
 */
export function issueGrant(db: Db, userId: string, kind: GrantKind, now: Date, clientIp: string | null = null): Promise<void> {
  return insertGrant(db, userId, kind, now, new Date(now.getTime() + GRANT_TTL_MS[kind]), clientIp);
}
