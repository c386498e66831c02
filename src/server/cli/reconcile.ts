/**
 * `npm run reconcile`: reconciles the books of the database the server is configured with
 * (DATABASE_URL, else the embedded PGlite in DATA_DIR) and prints the JSON report
 * (modules/reconcile) on stdout. Reads only: nothing is migrated or written.
 *   exit 0: the books balance; 1: findings (in the report); 2: no database to reconcile (bad
 *   configuration, a database not migrated to this version, an embedded one in use).
 * PGlite allows one process per data directory: stop the server first, or use DATABASE_URL.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { migrationNames } from '../db/migrations';
import { appliedMigrations } from '../modules/reconcile/reconcile.repository';
import { reconcile } from '../modules/reconcile/reconcile.service';

class CannotReconcile extends Error {}

/** The secrets' variables: the reconciliation uses none, so loadConfig is not to generate a secrets file for them. */
const SECRET_VARIABLES = ['JWT_SECRET', 'PIN_SECRET', 'WEBHOOK_SECRET', 'OTP_SECRET'];

function config(): Config {
  const unused = 'not-used-by-the-reconciliation-not-used-by-the-reconciliation';
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of SECRET_VARIABLES) env[name] ??= unused;
  return loadConfig(env);
}

/** The embedded database must exist, and no other process may have it open. */
function checkDataDir(dataDir: string | null): void {
  if (dataDir === null) throw new CannotReconcile('DATA_DIR=:memory: holds no database to reconcile: set DATA_DIR to a data directory, or DATABASE_URL.');
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new CannotReconcile(`No database in ${dataDir} (DATA_DIR): start the server once to create it, or set DATABASE_URL.`);
  }
  if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
    throw new CannotReconcile(
      `The embedded database in ${dataDir} is open in another process (a running server?): PGlite allows one process at a time. ` +
        'Stop the server and run this again, or use PostgreSQL (DATABASE_URL). If no server runs, one stopped without closing it: start and stop the server once.',
    );
  }
}

async function migrated(database: DatabaseHandle): Promise<void> {
  const applied = await appliedMigrations(database.db);
  const missing = migrationNames().filter((name) => !applied?.includes(name));
  if (!applied?.length) throw new CannotReconcile('The database has no Kudi schema (never migrated): start the server once to migrate it; this command changes nothing.');
  if (missing.length > 0) {
    throw new CannotReconcile(
      `The database is not migrated to this version of Kudi (missing ${missing.join(', ')}): start the server once to migrate it; this command changes nothing.`,
    );
  }
}

async function main(): Promise<number> {
  let settings: Config;
  try {
    settings = config();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`Configuration error: ${err.message}`);
    return 2;
  }
  let database: DatabaseHandle | null = null;
  try {
    if (!settings.databaseUrl) checkDataDir(settings.dataDir);
    database = await openDatabase({ ...settings, databasePoolSize: 1 });
    await migrated(database);
    const report = await reconcile(database.db);
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    if (!report.ok) {
      const found = report.checks.filter((check) => !check.ok).map((check) => `${check.name} (${check.findings.length}${check.truncated ? '+' : ''})`);
      console.error(`Reconciliation found differences: ${found.join(', ')}`);
    }
    return report.ok ? 0 : 1;
  } catch (err) {
    if (err instanceof CannotReconcile) {
      console.error(err.message);
      return 2;
    }
    const where = settings.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${settings.dataDir}`;
    console.error(`Cannot reconcile ${where}: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  } finally {
    await database?.close();
  }
}

main().then((code) => {
  process.exitCode = code;
});
