import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, SessionsTable } from '../../db/schema';

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
