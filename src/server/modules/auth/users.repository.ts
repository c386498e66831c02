import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, UsersTable } from '../../db/schema';

export type UserRow = Selectable<UsersTable>;

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Case-insensitive: e-mails are unique by their lower-cased form. */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email_lower', '=', email.toLowerCase()).executeTakeFirst();
}

/** Locks the user's row for the rest of the transaction (PIN counters, one-time changes). */
export function lockUser(trx: Transaction<Database>, id: string): Promise<UserRow | undefined> {
  return trx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function insertUser(trx: Transaction<Database>, values: Insertable<UsersTable>): Promise<UserRow> {
  return trx.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Db, id: string, changes: Updateable<UsersTable>, now = new Date()): Promise<void> {
  await db.updateTable('users').set({ ...changes, updated_at: now }).where('id', '=', id).execute();
}

/** Whether another user already verified this phone number. */
export async function phoneVerifiedByOther(db: Db, phone: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('phone_number', '=', phone)
    .where('is_phone_verified', '=', true)
    .where('id', '!=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** PostgreSQL's unique_violation, for races two requests lose against a unique index. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
