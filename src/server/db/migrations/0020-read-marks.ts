import { sql, type Kysely } from 'kysely';

/**
 * `read_marks`: per customer, the primary's WAL position after their last write (db/read-routing.ts).
 * A read of theirs that may go to the streaming replica goes there only once the replica has
 * replayed up to it. Written only when a replica is configured (DATABASE_REPLICA_URL); one row per
 * customer, updated in place. No foreign key: its check would share-lock the customer's row, which
 * a request of theirs in flight may hold FOR UPDATE (a PIN try), and a mark is only a hint for routing
 * (users are never deleted; a mark of no one routes nothing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('read_marks')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .addColumn('lsn', sql`pg_lsn`, (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
