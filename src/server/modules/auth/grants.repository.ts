import type { Db } from '../../db/database';
import type { GrantKind } from './auth.tables';

export async function insertGrant(db: Db, userId: string, kind: GrantKind, now: Date, expiresAt: Date): Promise<void> {
  await db.insertInto('auth_grants').values({ user_id: userId, kind, created_at: now, expires_at: expiresAt }).execute();
}

/** Marks the newest live grant of that kind used; false when there is none. One statement, race-free. */
export async function consumeLiveGrant(db: Db, userId: string, kind: GrantKind, now: Date): Promise<boolean> {
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
        .orderBy('created_at', 'desc')
        .limit(1)
        .forUpdate(),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
