/** Server-side session lifetimes (DESIGN.md security model). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** A rotated token may refresh again within this window (two tabs sharing one session). */
export const ROTATION_GRACE_MS = 10 * 1000;
/** last_seen_at is written at most this often, to keep reads cheap. */
export const LAST_SEEN_WRITE_MS = 30 * 1000;

export interface SessionTimes {
  created_at: Date;
  last_seen_at: Date;
  revoked_at: Date | null;
}

export function isSessionLive(session: SessionTimes, now = Date.now()): boolean {
  return (
    session.revoked_at === null &&
    now - session.last_seen_at.getTime() < SESSION_IDLE_MS &&
    now - session.created_at.getTime() < SESSION_ABSOLUTE_MS
  );
}
