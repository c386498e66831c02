import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { GrantKind } from './auth.tables';

/**
 * Grants, used or not, that expired before this are deleted by the sweep. Nothing reads a grant
 * once it expired (consumeLiveGrant takes live ones only); the hour leaves room for a process
 * whose clock is behind the database's.
 */
export const grantLapsedBefore = sql<Date>`now() - interval '1 hour'`;

/** Who may use a grant: requests from one client address (a password reset), or of one session (a PIN confirmation); null: no such bound. */
export interface GrantBinding {
  clientIp?: string | null;
  sessionId?: string | null;
}

/** A grant, bound as `binding` says. */
export async function insertGrant(db: Db, userId: string, kind: GrantKind, now: Date, expiresAt: Date, binding: GrantBinding = {}): Promise<void> {
  await db
    .insertInto('auth_grants')
    .values({ user_id: userId, kind, created_at: now, expires_at: expiresAt, client_ip: binding.clientIp ?? null, session_id: binding.sessionId ?? null })
    .execute();
}

/**
 * Marks the newest live grant of that kind used; false when there is none. Only a grant bound as
 * the caller is (the same client address, the same session; null for no bound) counts, so a caller
 * elsewhere finds none and leaves the grant to its owner. One statement, race-free.
 */
export async function consumeLiveGrant(db: Db, userId: string, kind: GrantKind, now: Date, binding: GrantBinding = {}): Promise<boolean> {
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
        .where('client_ip', 'is not distinct from', binding.clientIp ?? null)
        .where('session_id', 'is not distinct from', binding.sessionId ?? null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .forUpdate(),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Marks every unused grant of the user used (a sign-up that replaces an unverified account's
 * details), or every one of `kind` (PIN use locked: the PIN confirmations given before it), or
 * only those of `kind` bound as `binding` is (a new PIN confirmation replaces the session's own).
 */
export async function retireUserGrants(db: Db, userId: string, now: Date, kind?: GrantKind, binding?: GrantBinding): Promise<void> {
  let retire = db.updateTable('auth_grants').set({ consumed_at: now }).where('user_id', '=', userId).where('consumed_at', 'is', null);
  if (kind) retire = retire.where('kind', '=', kind);
  if (binding) {
    retire = retire
      .where('client_ip', 'is not distinct from', binding.clientIp ?? null)
      .where('session_id', 'is not distinct from', binding.sessionId ?? null);
  }
  await retire.execute();
}
