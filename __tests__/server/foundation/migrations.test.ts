/**
 * Migrations into a schema of a database that other schemas share: Kysely's migration tables of
 * another schema (a second app, or a test or bench run that was killed before dropping its
 * schema) are not taken for this one's.
 */
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrations';
import { borrowWorkerPglite } from '../../support/test-app';
import { onPostgres as onPostgresAt } from '../../support/on-postgres';

const STRAY_TABLES = `
  create table kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null);
  create table kysely_migration_lock (id varchar(255) primary key, is_locked integer not null default 0);`;

const postgresUrl = process.env.KUDI_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

const onPostgres = (statements: string) => onPostgresAt(postgresUrl!, statements);

let handle: DatabaseHandle;
let borrowed: Awaited<ReturnType<typeof borrowWorkerPglite>> = null;
const suffix = randomBytes(5).toString('hex');
const [leftover, fresh] = [`leftover_${suffix}`, `fresh_${suffix}`];

beforeAll(async () => {
  if (postgresUrl) {
    await onPostgres(`create schema ${leftover}; set search_path to ${leftover}; ${STRAY_TABLES} create schema ${fresh};`);
    handle = await openDatabase({ dataDir: null, databaseUrl: postgresUrl, databaseSchema: fresh, databasePoolSize: 1 });
  } else {
    // The worker's PGlite (given back with the schemas made here dropped), else a new one.
    borrowed = await borrowWorkerPglite();
    handle = await openDatabase({ dataDir: null, databaseUrl: null, databaseSchema: null }, borrowed ? { pglite: borrowed.pglite } : {});
    // PGlite has one connection: the search path set here is the one the migrator runs in.
    const statements = `create schema ${leftover}; set search_path to ${leftover}; ${STRAY_TABLES} create schema ${fresh}; set search_path to ${fresh}`;
    for (const statement of statements.split(';')) await sql.raw(statement).execute(handle.db);
  }
});

afterAll(async () => {
  await handle.close();
  if (postgresUrl) await onPostgres(`drop schema ${leftover} cascade; drop schema ${fresh} cascade;`);
  await borrowed?.release();
});

it("migrates a fresh schema while another schema of the database holds Kysely's migration tables", async () => {
  await expect(migrateToLatest(handle.db)).resolves.toBeUndefined();
  const { rows } = await sql<{ users: boolean; migrations: boolean; stray: number }>`
    select to_regclass(${`${fresh}.users`}) is not null as users, to_regclass(${`${fresh}.kysely_migration`}) is not null as migrations,
      (select count(*)::int from ${sql.table(`${leftover}.kysely_migration`)}) as stray`.execute(handle.db);
  expect(rows[0]).toEqual({ users: true, migrations: true, stray: 0 });
  // And a second start finds it up to date.
  await expect(migrateToLatest(handle.db)).resolves.toBeUndefined();
});
