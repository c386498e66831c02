import { sql, type Kysely } from 'kysely';

/**
 * A saved recipient is updated at every send to them (its name and last_used_at: 0013). With
 * last_used_at in an index (recipients_user_recent_idx, user_id then last_used_at) no such update
 * could be a heap-only one: each wrote new index entries and left the old version's behind, so a
 * customer paying the same few people over and over piled up dead versions that every later send's
 * upsert walked through its unique index (measured in the keyed bench's hot case: 9,040 updates of
 * 12 rows, 488 of them in place, 8,558 dead versions; PostgreSQL's CPU per payment twice the
 * uniform case's). Without that index, and with room left on each page (fillfactor), the update
 * stays on its page and the old version is pruned there. GET /recipients reads a customer's rows
 * through the unique key's index (user_id first) and sorts them; it asks for the newest
 * RECIPIENTS_MAX.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists recipients_user_recent_idx`.execute(db);
  await sql`alter table recipients set (fillfactor = 70)`.execute(db);
}
