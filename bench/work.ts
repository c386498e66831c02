/**
 * The database's work per payment, counted in instructions: a PostgreSQL server of this run's own
 * runs under valgrind's callgrind, the app (in this process, one pooled connection) sends the web
 * app's payment (bench/api.ts's request: Idempotency-Key, PIN, time zone) one at a time through
 * app.inject, and the instructions its backend executed for WORK_PAYMENTS of them (default 200,
 * after 50 uncounted) are divided by their number. Unlike the CPU time of bench/api.ts, the count
 * does not move with what else the machine (or its host) is doing: it is the figure to compare
 * two versions of the payment's statement on a shared machine. Also counted: the same request
 * without a key. Needs valgrind and the PostgreSQL server binaries (PG_BIN, else the newest
 * /usr/lib/postgresql/<version>/bin).
 *
 *   node --import tsx bench/work.ts        (npm run bench:work; WORK_KEEP=1 keeps callgrind's files)
 */
import type { FastifyInstance } from 'fastify';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrations';
import { binDir, initPostgres, runPostgresTool } from '../__tests__/support/private-postgres';
import { freePort } from '../__tests__/bank/server';
import { BENCH_LIMITS, createCustomers, injectedDeposit, paymentRequest, type BenchCustomer } from './api';

const PAYMENTS = Number(process.env.WORK_PAYMENTS || 200);
const WARMUP = 50;
// As bench/api.ts's uniform case: with a few dozen rows the planner would read small tables whole.
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS || 1000);
if (CUSTOMERS < 2 * (2 * WARMUP + PAYMENTS)) throw new Error(`BENCH_CUSTOMERS must be at least ${2 * (2 * WARMUP + PAYMENTS)}: every sender pays once`);

const asRoot = process.getuid?.() === 0;

/**
 * A PostgreSQL server on a data folder of this run's own: plain, or under callgrind (fsync on, as
 * the machine's server; no autovacuum, whose statistics would change the plans mid-run).
 */
function startPostgres(dir: string, port: number, counted: boolean): ChildProcess {
  const postgres = [path.join(binDir(), 'postgres'), '-D', path.join(dir, 'data'), '-p', String(port), '-c', 'listen_addresses=127.0.0.1',
    '-c', `unix_socket_directories=${dir}`, '-c', 'max_connections=20', '-c', 'autovacuum=off'];
  const argv = counted ? ['valgrind', '--tool=callgrind', `--callgrind-out-file=${dir}/cg.%p`, '--dump-instr=no', ...postgres] : postgres;
  return spawn(asRoot ? 'runuser' : argv[0]!, asRoot ? ['-u', 'postgres', '--', ...argv] : argv.slice(1), { stdio: 'ignore' });
}

async function ready(url: string): Promise<void> {
  for (let i = 0; ; i += 1) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      if (i > 240) throw new Error('PostgreSQL did not start');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function stop(dir: string, server: ChildProcess): Promise<void> {
  const exited = server.exitCode === null ? new Promise((resolve) => server.once('exit', resolve)) : Promise.resolve();
  await runPostgresTool(path.join(binDir(), 'pg_ctl'), ['-D', path.join(dir, 'data'), '-m', 'fast', '-w', '-t', '600', 'stop']);
  await exited;
}

/** The instructions callgrind counted in a process that has exited (the totals of its file). */
function countedInstructions(dir: string, pid: number): number {
  const totals = /^(?:totals|summary): (\d+)/m.exec(readFileSync(path.join(dir, `cg.${pid}`), 'utf8'));
  if (!totals) throw new Error(`no totals in cg.${pid}`);
  return Number(totals[1]);
}

/**
 * One payment of `from`, to a customer half the list away. Every payment counted is its sender's
 * first of the run (see main): the same work in every run, and a customer's usual case (a first
 * send of the day: the limits' day bucket is new; the session was last seen minutes ago).
 */
async function pay(app: FastifyInstance, customers: BenchCustomer[], from: number, keyed: boolean): Promise<void> {
  const to = customers[(from + customers.length / 2) % customers.length]!;
  const res = await app.inject(paymentRequest(customers[from]!, to, keyed ? 'app' : 'unkeyed'));
  if (res.statusCode !== 200) throw new Error(`payment failed: ${res.statusCode} ${res.body}`);
}

type Config = ReturnType<typeof loadConfig>;

const configFor = (url: string): Config => loadConfig({
  NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_DIR: '/nonexistent-kudi-public', DATABASE_POOL_SIZE: '1', ...BENCH_LIMITS,
}, { dataDir: null, databaseUrl: url, databaseSchema: null, port: 0, host: '127.0.0.1' });

/**
 * An app on a pool of one connection (so one backend), `payments` payments by the senders from
 * `first` on, then the backend's pid once it has exited. The sessions are made last seen 5 minutes
 * ago first (live, and due for their idle clock's write, as a customer's are after a pause).
 */
async function session(config: Config, customers: BenchCustomer[], keyed: boolean, first: number, payments: number): Promise<number> {
  const handle = await openDatabase(config);
  await sql`update sessions set last_seen_at = now() - interval '5 minutes'`.execute(handle.db);
  const app = await buildApp({ config, db: handle.db });
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
  for (let i = 0; i < payments; i += 1) await pay(app, customers, first + i, keyed);
  await app.close();
  await handle.close();
  return rows[0]!.pid;
}

/** bench/results.json's `work` (the rest of the file stays). */
function writeWork(counted: Record<string, number>): void {
  const file = path.join(__dirname, 'results.json');
  const results = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  results.work = {
    date: new Date().toISOString(),
    cores: os.availableParallelism(),
    postgresInstructionsPerPayment: counted,
    payments: PAYMENTS,
    customers: CUSTOMERS,
    how: `callgrind on a PostgreSQL server of its own; the difference of two backends (${WARMUP} and ${WARMUP + PAYMENTS} payments, each sender once); the request of bench/api.ts`,
    reproduce: 'npm run bench:work (needs valgrind); WORK_KEEP=1 keeps the callgrind files',
  };
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log('written bench/results.json (work)');
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kudi-work-'));
  if (asRoot) chmodSync(dir, 0o777);
  await initPostgres(path.join(dir, 'data'));
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let server = startPostgres(dir, port, false);
  try {
    await ready(url);
    // The customers, on the plain server (fast); then the same data folder under callgrind.
    const config = configFor(url);
    const handle = await openDatabase(config);
    await migrateToLatest(handle.db);
    const app = await buildApp({ config, db: handle.db });
    const customers = await createCustomers(injectedDeposit(app), handle.db, config, CUSTOMERS);
    // As bench/api.ts before each case: the tables the customers filled, vacuumed and analysed. The
    // tables a payment starts to fill (keys, limit usage, notifications, recipients) are left
    // without statistics, as that bench leaves them: analysed empty, the plans cached at the first
    // payments would read them whole.
    await sql`vacuum analyze users, sessions, ledger_accounts, ledger_transfers, ledger_entries`.execute(handle.db);
    await app.close();
    await handle.close();
    await stop(dir, server);
    server = startPostgres(dir, port, true);
    await ready(url);
    const counted: Record<string, number> = {};
    // Senders are never used twice: each label's two sessions take the next ones in the list.
    let next = 0;
    for (const [label, keyed] of [['app (keyed)', true], ['unkeyed', false]] as const) {
      // Two backends, each from its start to its exit: the difference is PAYMENTS payments' work alone.
      const short = await session(config, customers, keyed, next, WARMUP);
      next += WARMUP;
      const long = await session(config, customers, keyed, next, WARMUP + PAYMENTS);
      next += WARMUP + PAYMENTS;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const perPayment = Math.round((countedInstructions(dir, long) - countedInstructions(dir, short)) / PAYMENTS);
      console.log(`${label}: ${perPayment.toLocaleString('en')} PostgreSQL instructions per payment (${PAYMENTS} payments, one backend)`);
      counted[keyed ? 'app' : 'unkeyed'] = perPayment;
    }
    writeWork(counted);
  } finally {
    await stop(dir, server);
    // WORK_KEEP=1 keeps the callgrind files (cg.<pid>; callgrind_annotate reads them) and says where.
    if (process.env.WORK_KEEP) console.log(`callgrind files kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
