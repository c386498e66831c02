import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Hits older than this count for no throttle (the longest window is an hour: throttle.service.ts,
 * transfers' name look-ups): the sweep deletes them. A bucket's own hits out of its window are
 * deleted at its next hit (insertHit); this reaches the keys that never come back (a one-off
 * client address).
 */
export const HIT_FORGOTTEN_AFTER_MS = 24 * 60 * 60 * 1000;
export const hitForgottenBefore = sql<Date>`now() - ${HIT_FORGOTTEN_AFTER_MS}::integer * interval '1 millisecond'`;

/** The times of the newest `limit` hits of a bucket since `since`, newest first. */
export function newestHits(db: Db, bucket: string, since: Date, limit: number): Promise<{ created_at: Date }[]> {
  return db
    .selectFrom('throttle_hits')
    .select('created_at')
    .where('bucket', '=', bucket)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Records a hit and drops the bucket's hits that fell out of the window. */
export async function insertHit(db: Db, bucket: string, at: Date, windowStart: Date): Promise<void> {
  await db.insertInto('throttle_hits').values({ bucket, created_at: at }).execute();
  await db.deleteFrom('throttle_hits').where('bucket', '=', bucket).where('created_at', '<=', windowStart).execute();
}

/**
 * The newest `limit` hits of a bucket since `since` and, when there are fewer, a new hit at `at`:
 * one transaction holding a lock on the bucket's name, so that requests at the same moment (in
 * this process or another) count one after another and never all find room for themselves.
 */
export async function insertHitIfRoom(db: Db, bucket: string, at: Date, since: Date, limit: number): Promise<{ created_at: Date }[]> {
  const take = async (trx: Db) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${bucket}, 0))`.execute(trx);
    const hits = await newestHits(trx, bucket, since, limit);
    if (hits.length < limit) await insertHit(trx, bucket, at, since);
    return hits;
  };
  return db.isTransaction ? take(db) : db.transaction().execute(take);
}

/** Deletes one hit of the bucket at `at` (a hit given back). */
export async function deleteOneHit(db: Db, bucket: string, at: Date): Promise<void> {
  await sql`delete from throttle_hits where ctid = (select ctid from throttle_hits where bucket = ${bucket} and created_at = ${at} limit 1)`.execute(db);
}

export async function deleteHits(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom('throttle_hits').where('bucket', '=', bucket).execute();
}
