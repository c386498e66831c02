import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { IdentityDecision, IdentityDecisionsTable, IdentitySessionsTable, IdentityStatus } from './auth.tables';

export type IdentitySessionRow = Selectable<IdentitySessionsTable>;

export async function insertIdentitySession(db: Db, values: Insertable<IdentitySessionsTable>): Promise<string> {
  const row = await db.insertInto('identity_sessions').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findIdentitySession(db: Db, id: string): Promise<IdentitySessionRow | undefined> {
  return db.selectFrom('identity_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The status of the user's latest identity session (index identity_sessions_user_idx); undefined
 * when they never started one. Of two started in the same millisecond the pending one counts as the
 * later: a session is decided after it was started, so a new one beside a decided one is the newer.
 */
export async function latestIdentityStatus(db: Db, userId: string): Promise<IdentityStatus | undefined> {
  const row = await db
    .selectFrom('identity_sessions')
    .select('status')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy(sql`status = 'pending'`, 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.status;
}

export function lockIdentitySession(trx: Transaction<Database>, id: string): Promise<IdentitySessionRow | undefined> {
  return trx.selectFrom('identity_sessions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Records a decision once; false when its id was already recorded (a replay). */
export async function recordDecision(trx: Transaction<Database>, decision: Insertable<IdentityDecisionsTable>): Promise<boolean> {
  const row = await trx
    .insertInto('identity_decisions')
    .values(decision)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setIdentityStatus(trx: Transaction<Database>, id: string, status: IdentityDecision, now: Date): Promise<void> {
  await trx.updateTable('identity_sessions').set({ status, decided_at: now }).where('id', '=', id).execute();
}
