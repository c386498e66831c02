import type { Db } from '../../db/database';

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

export async function deleteHits(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom('throttle_hits').where('bucket', '=', bucket).execute();
}
