import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { OutboxTable } from '../modules/auth/auth.tables';

export type OutboxRow = Selectable<OutboxTable>;

const LIST_LIMIT = 50;

/** Stores a message; answers false (storing nothing) when one with its message_id is already there. */
export async function insertOutboxMessage(db: Db, message: Insertable<OutboxTable>): Promise<boolean> {
  const row = await db
    .insertInto('outbox')
    .values(message)
    .onConflict((oc) => oc.column('message_id').doNothing())
    .returning('seq')
    .executeTakeFirst();
  return row !== undefined;
}

/** The newest messages sent to an e-mail address (any case) or phone number. */
export function listOutbox(db: Db, to: string): Promise<OutboxRow[]> {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['recipient']), '=', to.toLowerCase()))
    .orderBy('seq', 'desc')
    .limit(LIST_LIMIT)
    .execute();
}
