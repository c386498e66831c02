/**
 * Devices (spec-next §E): the customer's signed-in sessions (GET /sessions), signing one out
 * (DELETE /sessions/{id}) and signing out all but the asking one (POST /sessions/revoke-others).
 * A signed-out session's token is refused on its next call and its refresh fails: both check
 * `revoked_at` (auth/session.service authenticateHeader and refreshToken).
 */
import { devices } from '../../../shared/messages';
import type { DeviceSession } from '../../../shared/types';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import { describeUserAgent } from '../notifications/user-agent';
import { liveSessionsOf, revokeOtherSessionsOf, revokeSessionOf, type DeviceRow } from './devices.repository';

/** The signed-in caller: the user and the session of the token that asked. */
export interface Caller {
  userId: string;
  sessionId: string;
}

/** A device as a list names it: 'Chrome on Windows', 'Unknown browser on Android', 'Unknown browser'. */
export function deviceName(userAgent: string | null): string {
  const described = describeUserAgent(userAgent ?? '');
  return described.replace(/^an unknown browser/, 'Unknown browser');
}

function deviceOf(row: DeviceRow, caller: Caller): DeviceSession {
  return {
    id: row.id,
    device: deviceName(row.user_agent),
    ip: row.ip,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_seen_at.toISOString(),
    current: row.id === caller.sessionId,
  };
}

/** The caller's live sessions: this device first, then the others, latest used first. */
export async function listDevices(db: Db, caller: Caller, now = new Date()): Promise<DeviceSession[]> {
  const rows = await liveSessionsOf(db, caller.userId, now);
  const list = rows.map((row) => deviceOf(row, caller));
  return [...list.filter((device) => device.current), ...list.filter((device) => !device.current)];
}

/**
 * Signs out the caller's session `id`. The caller's own session may be named too: that signs this
 * device out, as POST /auth/logout does. Another customer's session, or none, is a 404.
 */
export async function revokeDevice(db: Db, caller: Caller, id: string, now = new Date()): Promise<void> {
  if (!(await revokeSessionOf(db, caller.userId, id, now))) throw notFound(devices.notFound);
}

/** Signs out every other live session of the caller; this one stays. Answers how many were signed out. */
export function revokeOtherDevices(db: Db, caller: Caller, now = new Date()): Promise<number> {
  return revokeOtherSessionsOf(db, caller.userId, caller.sessionId, now);
}
