import cluster from 'node:cluster';
import { runPrimary } from './cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { isDatabaseUnavailable, openDatabase, ping, type Db } from './db/database';
import { migrateToLatest } from './db/migrations';
import { checkSecretsOfDatabase } from './db/secret-check';
import { writeZoneRulesInUse } from './db/zone-rules';

/**
 * Process entry: config → database (+ migrations) → app → listen; SIGTERM/SIGINT drain
 * (plugins/drain.ts). With WEB_CONCURRENCY=N > 1 on PostgreSQL this process is the primary of a
 * cluster (cluster.ts): it migrates once and forks N workers, each of which runs `serve` below.
 * The app's modules load while the embedded database starts (cold start, docs/PERFORMANCE.md).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isPrimary && config.webConcurrency > 1) {
    if (config.databaseUrl) {
      await migrateOnce(config);
      runPrimary(config);
      return;
    }
    console.log(`WEB_CONCURRENCY=${config.webConcurrency} ignored: the embedded PGlite database is single-process, so Kudi runs as one process (set DATABASE_URL to run several)`);
  }
  await serve(config);
}

/** How long a starting process waits for a database that is briefly away (restarting, failing over). */
const DATABASE_WAIT_MS = 60_000;

/**
 * Runs the start-up's first database work, again every half second while the database cannot be
 * reached (isDatabaseUnavailable), for up to DATABASE_WAIT_MS: a process started while PostgreSQL
 * restarts comes up when it is back instead of exiting. Any other error stands at once.
 */
async function onceTheDatabaseAnswers<T>(work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  let said = false;
  for (;;) {
    try {
      return await work();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() - started > DATABASE_WAIT_MS) throw err;
      if (!said) console.warn(`The database is not answering (${(err as Error).message}); waiting for it`);
      said = true;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * The database work of the process that migrates: the migrations, the secrets' check
 * (db/secret-check.ts), then the customers' time zones by this process's tz release (db/zone-rules.ts).
 */
async function migrateAndCheck(db: Db, config: Config): Promise<void> {
  await onceTheDatabaseAnswers(() => migrateToLatest(db));
  await checkSecretsOfDatabase(db, config);
  await writeZoneRulesInUse(db);
}

/** The cluster's primary migrates before it forks, so workers start on an up-to-date schema. */
async function migrateOnce(config: Config): Promise<void> {
  const database = await openDatabase(config);
  try {
    await migrateAndCheck(database.db, config);
  } finally {
    await database.close();
  }
}

/** One server process: the whole app on the port (a cluster worker shares it with the others). */
async function serve(config: Config): Promise<void> {
  const opening = openDatabase(config);
  opening.catch(() => undefined); // awaited below; a failure surfaces there
  const { buildApp } = await import('./app');
  const database = await opening;
  // A worker of a cluster starts on the schema its primary migrated and checked; it still waits for the database.
  const ready = cluster.isPrimary ? migrateAndCheck(database.db, config) : onceTheDatabaseAnswers(() => ping(database.db));
  await ready.catch(async (err: unknown) => {
    await database.close();
    throw err;
  });
  const app = await buildApp({ config, db: database.db, onClose: () => database.close() });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining');
    app.drain().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite ${config.dataDir ? `in ${config.dataDir}` : 'in memory'}`;
  app.log.info(`database: ${where}`);
  if (cluster.isPrimary) console.log(`\n  Kudi is running at http://localhost:${config.port}\n`);
}

/**
 * What stops a start, said in a line when it is the operator's to fix: a setting (ConfigError,
 * the database's secrets included) or a PostgreSQL database that was never created (3D000).
 */
function startFailure(err: unknown): string | null {
  if (err instanceof ConfigError) return `Configuration error: ${err.message}`;
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (code === '3D000') return `Database error: ${String(message)}. Create it first (e.g. createdb kudi), then start again.`;
  return null;
}

main().catch((err: unknown) => {
  console.error(startFailure(err) ?? err);
  process.exit(1);
});
