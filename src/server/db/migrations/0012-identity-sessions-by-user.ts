import { sql, type Kysely } from 'kysely';

/**
 * GET /auth/user reads the status of the user's latest identity session (`identity_status`), and
 * the client polls it every 5 s during a check: an index by user, newest first, keeps that one
 * index look-up however many sessions the table holds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('identity_sessions_user_idx')
    .on('identity_sessions')
    .columns(['user_id', 'created_at desc'])
    .where(sql.ref('user_id'), 'is not', null)
    .execute();
}
