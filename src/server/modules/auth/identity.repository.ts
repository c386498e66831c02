import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { IdentityDecision, IdentityDecisionsTable, IdentitySessionsTable } from './auth.tables';

export type IdentitySessionRow = Selectable<IdentitySessionsTable>;

export async function insertIdentitySession(db: Db, values: Insertable<IdentitySessionsTable>): Promise<string> {
  const row = await db.insertInto('identity_sessions').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findIdentitySession(db: Db, id: string): Promise<IdentitySessionRow | undefined> {
  return db.selectFrom('identity_sessions').selectAll().where('id', '=', id).executeTakeFirst();
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
