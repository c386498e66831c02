import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { ContactMessagesTable } from './auth.tables';

export async function insertContactMessage(db: Db, message: Insertable<ContactMessagesTable>): Promise<void> {
  await db.insertInto('contact_messages').values(message).execute();
}
