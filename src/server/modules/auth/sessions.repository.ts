import { sql, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, SessionsTable } from '../../db/schema';
import { LAST_SEEN_WRITE_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './session-rules';

export type SessionRow = Selectable<SessionsTable>;

/** What a sign-in came with: its User-Agent (normalUserAgent, '' when none) and its IP address. */
export interface SignInDevice {
  userAgent: string;
  ip: string | null;
}

export function insertSession(db: Db, userId: string, jti: string, now: Date, device: SignInDevice): Promise<SessionRow> {
  return db
    .insertInto('sessions')
    .values({ user_id: userId, current_jti: jti, created_at: now, last_seen_at: now, user_agent: device.userAgent, ip: device.ip })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockSession(trx: Transaction<Database>, id: string): Promise<SessionRow | undefined> {
  return trx.selectFrom('sessions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The new token becomes the current one; the presented one may refresh again for a short grace. */
export async function rotateSession(trx: Transaction<Database>, session: SessionRow, newJti: string, now: Date): Promise<void> {
  await trx
    .updateTable('sessions')
    .set({ current_jti: newJti, previous_jti: session.current_jti, rotated_at: now, last_seen_at: now })
    .where('id', '=', session.id)
    .execute();
}

export async function touchSession(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function revokeSession(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

/** Revokes every live session of the user, except `keepId` when given. */
export async function revokeUserSessions(db: Db, userId: string, keepId: string | null, now: Date): Promise<void> {
  let query = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepId) query = query.where('id', '!=', keepId);
  await query.execute();
}

export async function setPasswordCheckedAt(db: Db, id: string, at: Date | null): Promise<void> {
  await db.updateTable('sessions').set({ password_checked_at: at }).where('id', '=', id).execute();
}

/** A checked token's session, still to be confirmed live at `at` (session.service confirmSession). */
export interface SessionToConfirm {
  sessionId: string;
  userId: string;
  /** The token's id: the session accepts only its current one. */
  jti: string;
  /** When the request came (its session's idle clock is read and written at this time). */
  at: Date;
}

/** A timestamp as the JavaScript side reads it (milliseconds, the drivers truncate the rest). */
const asRead = (column: string) => sql`date_trunc('milliseconds', ${sql.ref(column)})`;

/**
 * A session to confirm as the columns of a statement's input row (sessionColumnValues gives their
 * values): the times are those of session-rules, computed here once, from the request's time.
 */
export interface SessionColumns {
  sessionId: RawBuilder<unknown>;
  userId: RawBuilder<unknown>;
  jti: RawBuilder<unknown>;
  at: RawBuilder<unknown>;
  /** Live only when last seen after this (at − SESSION_IDLE_MS) … */
  idleAfter: RawBuilder<unknown>;
  /** … and made after this (at − SESSION_ABSOLUTE_MS). */
  madeAfter: RawBuilder<unknown>;
  /** Its last-seen time is written only when older than this (at − LAST_SEEN_WRITE_MS). */
  seenBefore: RawBuilder<unknown>;
}

/** The values of SessionColumns for a session to confirm (ISO times, as text for a JSON input row). */
export function sessionColumnValues(s: SessionToConfirm) {
  const at = s.at.getTime();
  return {
    session_id: s.sessionId,
    session_owner: s.userId,
    jti: s.jti,
    at: s.at.toISOString(),
    idle_after: new Date(at - SESSION_IDLE_MS).toISOString(),
    made_after: new Date(at - SESSION_ABSOLUTE_MS).toISOString(),
    seen_before: new Date(at - LAST_SEEN_WRITE_MS).toISOString(),
  };
}

/**
 * The test of confirmSession in SQL, for a request's own statement: true when the token's
 * session is live at `at` (session-rules isSessionLive: not revoked, seen within SESSION_IDLE_MS,
 * made within SESSION_ABSOLUTE_MS) and the token is its current one.
 */
export const liveSession = (s: SessionColumns) => sql<boolean>`exists (
  select 1 from sessions s
  where s.id = ${s.sessionId} and s.user_id = ${s.userId} and s.current_jti = ${s.jti} and s.revoked_at is null
    and ${asRead('s.last_seen_at')} > ${s.idleAfter} and ${asRead('s.created_at')} > ${s.madeAfter}
  -- Read by its key for each row (not joined: a plan made for a batch would read every session).
  offset 0)`;

/**
 * confirmSession's write of the last-seen time in SQL (a CTE body): for each row of `from` (which
 * names the columns of `s`), at its `at` when the session's is older than LAST_SEEN_WRITE_MS.
 */
export const sessionSeen = (s: SessionColumns, from: RawBuilder<unknown>) => sql`
  update sessions s set last_seen_at = ${s.at}
  from ${from}
  where s.id = ${s.sessionId} and ${asRead('s.last_seen_at')} < ${s.seenBefore}`;
