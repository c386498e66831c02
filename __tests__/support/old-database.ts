import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../../src/server/db/database';
import { borrowWorkerPglite } from './test-app';
import { onPostgres } from './on-postgres';

/** A migration module: its `up` applied to the database as it was then. */
interface MigrationModule {
  up(db: Kysely<unknown>): Promise<void>;
}

export interface OldDatabase {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as they were before the migration under test
  db: Kysely<any>;
  close(): Promise<void>;
}


/**
 * A new, empty schema (of the worker's PGlite, or of TEST_DATABASE_URL in the PostgreSQL run) with
 * only `migrations` applied: a migration's test fills it as the old code did, then runs the
 * migration under test. `close` drops the schema.
 */
export async function oldDatabase(name: string, migrations: MigrationModule[]): Promise<OldDatabase> {
  const postgresUrl = process.env.KUDI_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  const schema = `${name}_${randomBytes(5).toString('hex')}`;
  const borrowed = postgresUrl ? null : await borrowWorkerPglite();
  if (postgresUrl) await onPostgres(postgresUrl, `create schema ${schema}`);
  // PGlite has one connection: the search path set here is the one every statement runs in.
  if (borrowed) await borrowed.pglite.exec(`create schema ${schema}; set search_path to ${schema}`);
  const handle = await openDatabase(
    { dataDir: null, databaseUrl: postgresUrl ?? null, databaseSchema: postgresUrl ? schema : null, databasePoolSize: 1 },
    borrowed ? { pglite: borrowed.pglite } : {},
  );
  for (const migration of migrations) await migration.up(handle.db as Kysely<unknown>);
  return {
    db: handle.db,
    async close() {
      await handle.close();
      if (postgresUrl) await onPostgres(postgresUrl, `drop schema ${schema} cascade`);
      // The worker's instance drops the schema and resets the search path when it is given back.
      await borrowed?.release();
    },
  };
}
