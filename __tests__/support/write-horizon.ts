import { sql } from 'kysely';
import type { Db } from '../../src/server/db/database';

/**
 * The database's write horizon: the next transaction id it will hand out. A transaction gets an id
 * only when it first writes a row (committed or not), so while the horizon stands still no table
 * has changed. Another session's writes (the second Jest worker on the shared PostgreSQL) move it
 * too: a test that sees it move takes its fuller look instead.
 */
export async function writeHorizon(db: Db): Promise<string> {
  const { rows } = await sql<{ xmax: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`.execute(db);
  return rows[0].xmax;
}
