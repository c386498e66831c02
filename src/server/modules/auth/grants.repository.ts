import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { GrantKind } from './auth.tables';

/**
 * Grants, used or not, that expired before this are deleted by the sweep. Nothing reads a grant
 * once it expired (consumeLiveGrant takes live ones only); the hour leaves room for a process
 * whose clock is behind the database's.
 */
export const grantLapsedBefore = sql<Date>`now() - interval '1 hour'`;

/** A grant, bound to a client address when clientIp is given (null: usable from anywhere the session is). */
export async function insertGrant(db: Db, userId: string, kind: GrantKind, now: Date, expiresAt: Date, clientIp: string | null = null): Promise<void> {
  await db.insertInto('auth_grants').values({ user_id: userId, kind, created_at: now, expires_at: expiresAt, client_ip: clientIp }).execute();
}

/**
 * Marks the newest live grant of that kind used; false when there is none. Only a grant issued to
 * the same client address (clientIp; null for unbound grants) counts, so a caller elsewhere finds
 * none and leaves the grant to its owner. One statement, race-free.
 */
export async function consumeLiveGrant(db: Db, userId: string, kind: GrantKind, now: Date, clientIp: string | null = null): Promise<boolean> {
  const row = await db
    .updateTable('auth_grants')
    .set({ consumed_at: now })
    .where('consumed_at', 'is', null)
    .where('id', '=', (eb) =>
      eb
        .selectFrom('auth_grants')
        .select('id')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .where('client_ip', 'is not distinct from', clientIp)
        .orderBy('created_at', 'desc')
        .limit(1)
        .forUpdate(),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks every unused grant of the user used (a sign-up that replaces an unverified account's details). */
export async function retireUserGrants(db: Db, userId: string, now: Date): Promise<void> {
  await db.updateTable('auth_grants').set({ consumed_at: now }).where('user_id', '=', userId).where('consumed_at', 'is', null).execute();
}
