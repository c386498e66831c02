import type { Db } from '../../db/database';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../auth/session-rules';

/** At most this many devices are listed (live sessions last at most SESSION_ABSOLUTE_MS, so few are). */
export const DEVICES_LISTED_MAX = 100;

export interface DeviceRow {
  id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Date;
  last_seen_at: Date;
}

/** The bounds a live session's times must be past at `now` (session-rules isSessionLive, in SQL). */
const liveSince = (now: Date) => ({
  lastSeen: new Date(now.getTime() - SESSION_IDLE_MS),
  created: new Date(now.getTime() - SESSION_ABSOLUTE_MS),
});

/** The user's live sessions (not revoked, neither idle nor too old), latest used first. */
export function liveSessionsOf(db: Db, userId: string, now: Date): Promise<DeviceRow[]> {
  const since = liveSince(now);
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('last_seen_at', '>', since.lastSeen)
    .where('created_at', '>', since.created)
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .limit(DEVICES_LISTED_MAX)
    .execute();
}

/**
 * Signs the user's session `id` out (one statement; a session already signed out keeps its time).
 * False when the user has no session with that id.
 */
export async function revokeSessionOf(db: Db, userId: string, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('sessions')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(now)) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Signs out every live session of the user but `keepId`; answers how many were signed out. */
export async function revokeOtherSessionsOf(db: Db, userId: string, keepId: string, now: Date): Promise<number> {
  const since = liveSince(now);
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .where('revoked_at', 'is', null)
    .where('last_seen_at', '>', since.lastSeen)
    .where('created_at', '>', since.created)
    .returning('id')
    .execute();
  return rows.length;
}
