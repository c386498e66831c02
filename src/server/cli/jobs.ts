/**
 * The background jobs of a Kudi database, as an operator sees them:
 *   npm run jobs                      waiting (due, scheduled), running and failed jobs, as a table
 *   npm run jobs -- --json            the same as JSON (modules/jobs/jobs.listing JobListing)
 *   npm run jobs -- --limit 500       at most that many rows per source (default 100; counts cover all)
 *   npm run jobs -- retry job <id|all>            a failed generic job (or all), due again now
 *   npm run jobs -- retry notification <id|all>   a given-up e-mail (or all), due again now
 * It opens the database the server uses (DATABASE_URL, else the embedded one in DATA_DIR, ./data by
 * default), read-only but for `retry`. The embedded database is one process's: stop the server
 * first, or run Kudi on PostgreSQL.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase, type Db } from '../db/database';
import { listJobs, type JobListing, type ListedJob } from '../modules/jobs/jobs.listing';
import { retryFailedJobs } from '../modules/jobs/jobs.repository';
import { retryFailedNotifications } from '../modules/notifications/notifications.repository';

const USAGE = `Usage: npm run jobs [-- --json] [-- --limit N]
       npm run jobs -- retry job <id|all>
       npm run jobs -- retry notification <id|all>`;

/** The migration that made jobs listable. */
const NEEDED_MIGRATION = '0018-jobs';

class CliError extends Error {}

interface Where {
  config: Config;
  label: string;
}

/** The database the server would open, or why there is none to read. */
function databaseOf(env: NodeJS.ProcessEnv): Where {
  // No data directory yet: loadConfig would write secrets into one; this command writes nothing.
  const config = loadConfig(env, { dataDir: null });
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return { config, label: `PostgreSQL ${url.host}${url.pathname}` };
  }
  if (env.DATA_DIR === ':memory:') {
    throw new CliError('DATA_DIR=:memory: keeps the embedded database inside the server process: nothing else can read its jobs.');
  }
  const dataDir = path.resolve(env.DATA_DIR || './data');
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new CliError(`No Kudi database in ${dataDir} (DATA_DIR): start the server once (npm start), or set DATABASE_URL.`);
  }
  if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
    throw new CliError(
      `The embedded database in ${dataDir} is open in another process (a running server): PGlite serves one process only. ` +
        'Stop the server and run this again, or run Kudi on PostgreSQL (DATABASE_URL) to list jobs while it runs. ' +
        '(If no server runs, one was killed: start and stop it once.)',
    );
  }
  return { config: { ...config, dataDir }, label: `embedded PGlite in ${dataDir}` };
}

/** Throws when the database lacks the migrations the listing reads. */
async function checkMigrated(db: Db, label: string): Promise<void> {
  const table = await sql<{ present: boolean }>`select to_regclass('kysely_migration') is not null as present`.execute(db);
  const applied = table.rows[0]?.present
    ? (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name)
    : [];
  if (!applied.includes(NEEDED_MIGRATION)) {
    throw new CliError(
      `The database (${label}) is not migrated: migration ${NEEDED_MIGRATION} is not applied` +
        `${applied.length ? '' : ' (it has no Kudi tables at all)'}. Start the server once (npm start) to migrate it.`,
    );
  }
}

/** "in 25 s", "3 min ago": a time against the database's now. */
function relative(at: string | null, now: string): string {
  if (!at) return '';
  const ms = Date.parse(at) - Date.parse(now);
  const abs = Math.abs(ms);
  const span = abs < 60_000 ? `${Math.round(abs / 1000)} s` : abs < 3_600_000 ? `${Math.round(abs / 60_000)} min` : abs < 172_800_000 ? `${Math.round(abs / 3_600_000)} h` : `${Math.round(abs / 86_400_000)} d`;
  return ms >= 0 ? `in ${span}` : `${span} ago`;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ').trimEnd()).join('\n');
}

export function formatListing(listing: JobListing): string {
  if (listing.jobs.length === 0) return 'No waiting, running or failed jobs.';
  const header = ['STATE', 'KIND', 'ID', 'DUE', 'LEASE ENDS', 'ATTEMPTS', 'LAST ERROR'];
  const line = (j: ListedJob) => [
    j.state,
    j.kind,
    j.id,
    relative(j.due_at, listing.now),
    relative(j.lease_until, listing.now),
    j.attempts === null ? '' : j.max_attempts === null ? String(j.attempts) : `${j.attempts}/${j.max_attempts}`,
    (j.last_error ?? '').replace(/\s+/g, ' ').slice(0, 80),
  ];
  const total = listing.counts.reduce((n, c) => n + c.count, 0);
  const byState = ['failed', 'running', 'due', 'scheduled']
    .map((state) => [state, listing.counts.filter((c) => c.state === state).reduce((n, c) => n + c.count, 0)] as const)
    .filter(([, n]) => n > 0)
    .map(([state, n]) => `${n} ${state}`)
    .join(', ');
  const shown = listing.jobs.length < total ? ` (${listing.jobs.length} shown; --limit N for more per source)` : '';
  return `${table([header, ...listing.jobs.map(line)])}\n\n${total} job${total === 1 ? '' : 's'}: ${byState}${shown}`;
}

async function retry(db: Db, what: string | undefined, which: string | undefined): Promise<string> {
  if ((what !== 'job' && what !== 'notification') || !which || (which !== 'all' && !/^\d+$/.test(which))) throw new CliError(USAGE);
  const ids = which === 'all' ? undefined : [BigInt(which)];
  const count = what === 'job' ? await retryFailedJobs(db, { ids }) : await retryFailedNotifications(db, ids);
  return `${count} failed ${what}${count === 1 ? '' : 's'} due again now.`;
}

export async function main(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const json = args.includes('--json');
  const rest = args.filter((a) => a !== '--json');
  let limit = 100;
  const at = rest.indexOf('--limit');
  if (at >= 0) {
    const raw = rest[at + 1] ?? '';
    if (!/^\d+$/.test(raw) || Number(raw) < 1) {
      console.error(`--limit must be a whole number of at least 1, got "${raw}"\n${USAGE}`);
      return 2;
    }
    limit = Number(raw);
    rest.splice(at, 2);
  }
  if (rest.length > 0 && rest[0] !== 'retry') {
    console.error(USAGE);
    return 2;
  }
  let where: Where;
  try {
    where = databaseOf(env);
  } catch (err) {
    if (!(err instanceof CliError || err instanceof ConfigError)) throw err;
    console.error(err.message);
    return 1;
  }
  const database = await openDatabase({ ...where.config, databasePoolSize: 1 });
  try {
    await checkMigrated(database.db, where.label);
    if (rest[0] === 'retry') {
      console.log(await retry(database.db, rest[1], rest[2]));
      return 0;
    }
    const listing = await listJobs(database.db, { limit });
    console.log(json ? JSON.stringify(listing, null, 2) : `Jobs in ${where.label}\n\n${formatListing(listing)}`);
    return 0;
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    console.error(err.message);
    return err.message === USAGE ? 2 : 1;
  } finally {
    await database.close();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
