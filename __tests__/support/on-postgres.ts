import pg from 'pg';

/**
 * Runs statements on a connection of its own to `url` (schemas and databases made and dropped
 * around tests and benches, a replica asked how far it replayed); answers the last statement's rows.
 */
export async function onPostgres<R extends pg.QueryResultRow = pg.QueryResultRow>(url: string, statements: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Several statements in one string (no values) answer one result each.
    const result = (await client.query<R>(statements, values)) as pg.QueryResult<R> | pg.QueryResult<R>[];
    return (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [];
  } finally {
    await client.end();
  }
}
