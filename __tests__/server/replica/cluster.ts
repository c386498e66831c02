/**
 * The `server-cluster` project's apps (jest.config.js): the whole app on a database of its own
 * (PgBouncer refuses the per-file schemas of the other PostgreSQL run), made on the primary of the
 * pair `npm run dev:cluster` starts, reached straight, through PgBouncer, and on the replica.
 */
import { sql } from 'kysely';
import { buildApp } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/config';
import { openDatabase, type Db } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrations';
import { onPostgres } from '../../support/on-postgres';
import type { TestApp } from '../../support/test-app';

/** The URLs a file needs, or an error naming what to set (the file then fails, never passes empty). */
export function clusterUrls<K extends string>(file: string, names: readonly K[]): Record<K, string> {
  const missing = names.filter((name) => !process.env[name]);
  if (missing.length) {
    throw new Error(
      `${file} needs ${missing.join(', ')}: start the cluster with \`npm run dev:cluster\` and set what it prints ` +
        '(eval "$(scripts/dev-cluster.sh env)"), then run jest --selectProjects server-cluster',
    );
  }
  return Object.fromEntries(names.map((name) => [name, process.env[name]!])) as Record<K, string>;
}

/** `url` with another database name. */
export function onDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

let made = 0;
/** A new, empty database on the cluster's primary (through `url`, straight or through PgBouncer); its name. */
export async function createDatabase(url: string, prefix: string): Promise<string> {
  const name = `${prefix}_${process.pid}_${++made}`;
  await onPostgres(url, `drop database if exists ${name} with (force)`);
  await onPostgres(url, `create database ${name}`);
  return name;
}

export const dropDatabase = (url: string, name: string) => onPostgres(url, `drop database if exists ${name} with (force)`);

/**
 * The app as `npm start` builds it on `env` (DATABASE_URL, DATABASE_POOLER, DATABASE_REPLICA_URL, …),
 * migrated, with the suite's test settings (buildTestApp's); closing it closes its database handles.
 */
export async function buildClusterApp(env: Record<string, string>, overrides: Partial<Config> = {}): Promise<TestApp> {
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', PUBLIC_DIR: '/nonexistent-kudi-public', PASSWORD_HASH_MEMORY_KIB: '64', PASSWORD_HASH_TIME_COST: '1', ...env },
    { dataDir: null, payoutSettleMs: 0, payoutHoldS: 0, ...overrides },
  );
  const database = await openDatabase(config);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, db: database.db, onClose: () => database.close() });
  await app.ready();
  return { app, db: database.db, config, kind: database.kind, close: () => app.close() };
}

/** The primary's WAL insert position now. */
export async function primaryPosition(db: Db): Promise<string> {
  const { rows } = await sql<{ lsn: string }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(db);
  return rows[0].lsn;
}

/** Waits (by polling, at most `ms`) until the replica at `replicaUrl` has replayed `lsn`. */
export async function replayedTo(replicaUrl: string, lsn: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const [row] = await onPostgres<{ done: boolean; at: string | null }>(
      replicaUrl,
      'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done, pg_last_wal_replay_lsn()::text as at',
      [lsn],
    );
    if (row.done) return;
    if (Date.now() > until) throw new Error(`the replica replayed up to ${row.at} only, not ${lsn}, in ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
