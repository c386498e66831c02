import pg from 'pg';

/** Runs statements on a connection of its own to `url` (schemas and databases made and dropped around tests and benches). */
export async function onPostgres(url: string, statements: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statements);
  } finally {
    await client.end();
  }
}
