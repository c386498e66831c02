/**
 * API benchmark: PIN-checked user-to-user CAD transfers over HTTP (autocannon, 50 connections)
 * on PGlite and PostgreSQL, uniform (1,000 customers) and hot (4 customers), and the same
 * operation called directly (no HTTP) as the ceiling. The headline request is the web app's
 * payment (`app`): a new Idempotency-Key per payment, the PIN and the device's time zone in the
 * body, the headers the app's fetch sends; `unkeyed` (a plain API client, no key) is a secondary row.
 *
 * The app runs in this process (PGlite is single-process; the data set is created straight in
 * the database for speed, then funded through the real deposit webhook). PGlite keeps its cluster
 * in a data directory on disk (a new temporary one, removed afterwards), as `npm start` does
 * (./data), not in memory. autocannon runs in a child
 * process (bench/load-generator.ts), but on this 2-core machine it still takes CPU from the server
 * and the database, so the HTTP figures include its cost.
 * Each case starts from a vacuumed database and runs BENCH_WARMUP seconds (default 5) uncounted
 * before the measured BENCH_DURATION (seconds, default 20); BENCH_DATABASE_URL or
 * TEST_DATABASE_URL for PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Dialect } from 'kysely';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig, type Config } from '../src/server/config';
import { openDatabase, type Db } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrations';
import { hashPassword } from '../src/server/modules/auth/passwords';
import { hashPin } from '../src/server/modules/auth/pin';
import { signAccessToken } from '../src/server/modules/auth/tokens';
import { createCustomerWallets } from '../src/server/modules/ledger/customer-wallets';
import { writeZoneRules } from '../src/server/db/zone-rules';
import { verifyTransactionPin } from '../src/server/modules/auth/pin.service';
import { confirmSession } from '../src/server/modules/auth/session.service';
import {
  cadTransferAnswer, confirmedUserTransfer, keyedUserTransferInOneStatement,
} from '../src/server/modules/transfers/user-transfer.service';
import { requestIdentity, runUnderKey } from '../src/server/plugins/idempotency';
import { IDEMPOTENCY_HEADER } from '../src/shared/idempotency';
import type { LoadJob, LoadResult, OpsJob, OpsKind, OpsResult } from './load-generator';
import { observingDialect, timeInServer } from './observe';

const PIN = '1234';
/** The device time zone the app sends with every money call (src/client/app/time-zone.ts). */
export const TIMEZONE = 'America/Toronto';
const TRANSFER_PATH = '/api/wallet/cad-wallet-transfer';

/** `app`: the web app's payment (Idempotency-Key, PIN, time zone); `unkeyed`: the same without a key. */
export type RequestKind = 'app' | 'unkeyed';
/**
 * The app's other operations, on the uniform customers after the transfer cases (BENCH_OPS, default
 * conversion,payout,mix; empty for none): a conversion with its quote, an NGN payout, a mix like the
 * bank test's. Timed per request kind.
 */
const OPS = (process.env.BENCH_OPS ?? 'conversion,payout,mix').split(',').filter(Boolean) as OpsKind[];
/** A seeded account of the name directory (src/server/data/name-directory.json) the simulated rail pays. */
const BANK_ACCOUNT = { bankCode: '044', number: '0182605790', name: 'Chinedu Okafor' };
/** Which requests and cases run (BENCH_REQUESTS=app,unkeyed and BENCH_CASES=uniform,hot; both by default). */
const REQUESTS = (process.env.BENCH_REQUESTS || 'app,unkeyed').split(',') as RequestKind[];
const CASES = (process.env.BENCH_CASES || 'uniform,hot').split(',');
export const DURATION_S = Number(process.env.BENCH_DURATION || 20);
/**
 * Seconds of the same load before each measured HTTP run, not counted (BENCH_WARMUP, default 5):
 * the first seconds measure V8 compiling the hot path and each pool connection preparing and
 * planning its statements, not the steady state.
 */
export const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 5);
/** Concurrent HTTP connections and direct loops (BENCH_CONNECTIONS, default 50; 1 measures a transfer's own cost). */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
/** Customers of the uniform case (BENCH_CUSTOMERS, default 1,000; fewer for quick profiling runs). */
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS || 1000);

export interface BenchCustomer {
  id: string;
  email: string;
  authorization: string;
  sessionId: string;
  jti: string;
}

export interface ApiFigures {
  database: 'pglite' | 'postgres';
  case: 'uniform' | 'hot';
  request: RequestKind;
  customers: number;
  httpTransfersPerS: number;
  httpP50Ms: number;
  httpP99Ms: number;
  /** p99 of the time inside the server (request parsed → response written), without the load generator's own delays. */
  serverP99Ms: number;
  httpErrors: number;
  directTransfersPerS: number;
  httpOverDirect: number;
  /** Database statements (BEGIN and COMMIT included) per HTTP transfer, auth included. */
  statementsPerTransfer: number;
  /**
   * CPU time per HTTP transfer (ms): the server process (PGlite included, which runs in it), the
   * PostgreSQL backends of its pool (null on PGlite, or when their /proc entries cannot be read),
   * and the load generator. Less sensitive to a busy machine than the throughput.
   */
  cpuMsPerTransfer: { server: number; database: number | null; loadGenerator: number };
}

/** CPU time (ms) of processes by pid, from /proc (utime + stime); null when unreadable. */
async function processesCpuMs(pids: number[]): Promise<number | null> {
  const { readFile } = await import('node:fs/promises');
  const ticks = 100; // USER_HZ on Linux.
  try {
    let total = 0;
    for (const pid of pids) {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += Number(fields[11]) + Number(fields[12]);
    }
    return (total / ticks) * 1000;
  } catch {
    return null;
  }
}

/** The PostgreSQL backends serving this database (the app's pool, when it is its only client). */
async function backendPids(db: Db): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`.execute(db);
  return rows.map((row) => row.pid);
}

/** Counts every statement the app sends, transaction control included. */
function countingDialect(inner: Dialect, counter: { statements: number }): Dialect {
  return observingDialect(inner, () => {
    counter.statements += 1;
  });
}

/** The body of a payment as the app's user-transfer form sends it (amount as typed, trimmed e-mail, PIN, time zone). */
const transferBody = (to: BenchCustomer) => ({ amount: '0.01', recipient_email: to.email, transaction_pin: PIN, timezone: TIMEZONE });

/** The web app's payment of `from` to `to` for app.inject: its body, the bearer token and, for `app`, a new Idempotency-Key. */
export const paymentRequest = (from: BenchCustomer, to: BenchCustomer, request: RequestKind) => ({
  method: 'POST' as const,
  url: TRANSFER_PATH,
  headers: { authorization: from.authorization, ...(request === 'app' ? { [IDEMPOTENCY_HEADER]: randomUUID() } : {}) },
  payload: transferBody(to),
});

/** Limits far above what a run sends (config LIMITS_JSON): the benches measure the work, not refusals. */
export const BENCH_LIMITS = { LIMITS_JSON: JSON.stringify({ Basic: { per_transfer: '1000000000', per_day: '1000000000', per_30_days: '1000000000' } }) };

/** Statements per transfer: sequential HTTP transfers (app.inject), counted at the driver. */
async function countStatements(app: FastifyInstance, counter: { statements: number }, customers: BenchCustomer[], request: RequestKind): Promise<number> {
  // Requests still queued from the previous run finish first (PGlite serves one statement at a time).
  for (let last = -1; last !== counter.statements; ) {
    last = counter.statements;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const runs = 100;
  const before = counter.statements;
  for (let i = 0; i < runs; i += 1) {
    const [from, to] = pair(customers);
    const res = await app.inject(paymentRequest(from, to, request));
    if (res.statusCode !== 200) throw new Error(`transfer failed: ${res.body}`);
  }
  return Math.round(((counter.statements - before) / runs) * 10) / 10;
}

/** Funds a customer's wallet through the simulators' deposit call (POST /api/dev/deposits), of an app in this process or a server. */
export type Deposit = (body: { email: string; currency: 'CAD' | 'NGN'; amount: number }) => Promise<void>;

export const injectedDeposit = (app: FastifyInstance): Deposit => async (payload) => {
  const res = await app.inject({ method: 'POST', url: '/api/dev/deposits', payload });
  if (res.statusCode !== 200) throw new Error(`deposit failed: ${res.body}`);
};

/**
 * Verified customers with PINs and live sessions, straight in the database, each funded by two
 * deposits, in the time zone the app's dashboard sets with update-timezone (its rules written as
 * update-timezone writes them), so their limits count the days a customer's do.
 */
export async function createCustomers(deposit: Deposit, db: Db, config: Config, count: number): Promise<BenchCustomer[]> {
  const passwordHash = await hashPassword('Str0ng!Pass', config.passwordCost);
  await writeZoneRules(db, TIMEZONE);
  const out: BenchCustomer[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = `bench-${i}-${randomBytes(3).toString('hex')}@example.com`;
    const customer = await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          email, email_lower: email, password_hash: passwordHash, first_name: 'Bench', last_name: `Customer${i}`,
          dob: '1990-01-15', nationality: 'NG', country_of_residence: 'CA',
          is_email_verified: true, is_phone_verified: true, is_identity_verified: true,
          phone_number: `+1416${String(1_000_000 + i).slice(-7)}`, timezone: TIMEZONE,
        })
        .returning(['id', 'email', 'first_name', 'last_name'])
        .executeTakeFirstOrThrow();
      await trx.updateTable('users').set({ pin_hash: hashPin(config.pinSecret, user.id, PIN) }).where('id', '=', user.id).execute();
      await createCustomerWallets(trx, user);
      const jti = randomUUID();
      const session = await trx.insertInto('sessions').values({ user_id: user.id, current_jti: jti }).returning('id').executeTakeFirstOrThrow();
      const { token } = signAccessToken(config.jwtSecret, { sub: user.id, sid: session.id, email, jti });
      return { id: user.id, email, authorization: `Bearer ${token}`, sessionId: session.id, jti };
    });
    // An activated naira wallet (written straight, as a test arranges one), for the NGN operations.
    await db.updateTable('naira_wallets').set({
      is_wallet_activated: true, bank_name: 'Bench Bank', bank_code: '999', account_name: `Bench Customer${i}`,
      account_number: String(8_000_000_000 + i), tx_ref: `bench-${randomUUID()}`, bvn_hash: 'bench', bvn_last4: '0000',
      gender: 'female', activated_at: new Date(),
    }).where('user_id', '=', customer.id).execute();
    for (const [currency, amount] of [['CAD', 1_000_000], ['NGN', 100_000_000]] as const) await deposit({ email, currency, amount });
    out.push(customer);
  }
  return out;
}

const perTransfer = (ms: number, count: number) => Math.round((ms / Math.max(count, 1)) * 1000) / 1000;

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];

function pair(customers: BenchCustomer[]): [BenchCustomer, BenchCustomer] {
  const from = pick(customers);
  let to = pick(customers);
  while (to === from) to = pick(customers);
  return [from, to];
}

/** autocannon in a child process (bench/load-generator.ts), so it does not share the server's event loop. */
export function httpRun(url: string, customers: BenchCustomer[], request: RequestKind, durationS = DURATION_S): Promise<LoadResult> {
  const job: LoadJob = {
    url, connections: CONNECTIONS, durationS, pin: PIN, timezone: TIMEZONE, keyed: request === 'app',
    customers: customers.map(({ email, authorization }) => ({ email, authorization })),
  };
  return child<LoadResult>(job);
}

/** Runs a job in the load generator's own process (bench/load-generator.ts); its one JSON line of figures. */
function child<R>(job: LoadJob | OpsJob): Promise<R> {
  return new Promise((resolve, reject) => {
    const generator = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'load-generator.ts')], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    generator.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    generator.once('error', reject);
    generator.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as R) : reject(new Error(`load generator exited with ${code}`))));
    generator.stdin.end(JSON.stringify(job));
  });
}

/** The other operations (OpsJob) in the load generator's process. */
function opsRun(url: string, customers: BenchCustomer[], ops: OpsKind, durationS = DURATION_S): Promise<OpsResult> {
  const job: OpsJob = {
    ops, url, connections: CONNECTIONS, durationS, pin: PIN, timezone: TIMEZONE, bankAccount: BANK_ACCOUNT,
    customers: customers.map(({ email, authorization }) => ({ email, authorization })),
  };
  return child<OpsResult>(job);
}

/** Times every request inside the server from now on; the returned function stops and answers the p99 in ms. */
function serverP99(app: FastifyInstance): () => number {
  const timing = timeInServer(app);
  return () => {
    timing.stop();
    const times = [...timing.times].sort((x, y) => x - y);
    return Math.round(times[Math.floor(times.length * 0.99)] ?? 0);
  };
}

/** BENCH_PROFILE=dir: a CPU profile of this process (the server) during each HTTP run. */
async function startProfile(): Promise<(label: string) => Promise<void>> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return async () => undefined;
  const { Session } = await import('node:inspector/promises');
  const { mkdir, writeFile } = await import('node:fs/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async (label) => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `${label}.cpuprofile`), JSON.stringify(profile));
  };
}

/**
 * The route's own operation without HTTP, in 50 concurrent loops: without a key its work
 * (confirmedUserTransfer: one statement, else the checked path); with one (a new key per payment)
 * the key handling of plugins/idempotency.ts around it, as the route runs it. The session is
 * confirmed as the route confirms it (in the statement); the token's signature is not checked.
 */
async function directRun(app: FastifyInstance, customers: BenchCustomer[], request: RequestKind): Promise<number> {
  const until = Date.now() + DURATION_S * 1000;
  let done = 0;
  const deps = { db: app.db, config: app.config, rates: app.adapters.rates };
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const [from, to] = pair(customers);
        const toConfirm = { sessionId: from.sessionId, userId: from.id, jti: from.jti, at: new Date() };
        const session = {
          toConfirm,
          confirm: async () => {
            if (!(await confirmSession(app.db, toConfirm))) throw new Error('bench session not live');
          },
        };
        const input = { userId: from.id, currency: 'CAD' as const, body: transferBody(to), session };
        if (request === 'unkeyed') {
          await confirmedUserTransfer(deps, input, cadTransferAnswer, null);
        } else {
          const pin = { secret: app.config.pinSecret, value: PIN };
          await runUnderKey(app.db, {
            userId: from.id,
            key: randomUUID(),
            identity: requestIdentity('POST', TRANSFER_PATH, input.body, from.id, pin),
            checkPin: () => verifyTransactionPin(deps, from.id, PIN),
            status: () => 200,
            replayStatus: () => undefined,
            confirmCaller: session.confirm,
            leaseMs: app.config.idempotencyLeaseMs,
          }, (record) => confirmedUserTransfer(deps, input, cadTransferAnswer, record),
          (row) => keyedUserTransferInOneStatement(deps, input, cadTransferAnswer, row));
        }
        done += 1;
      }
    }),
  );
  return Math.round(done / ((Date.now() - started) / 1000));
}

/** The figures of one of the app's other operations (OpsJob), per request kind. */
export interface OpsFigures extends OpsResult {
  database: 'pglite' | 'postgres';
  ops: OpsKind;
  customers: number;
}

export async function apiBench(database: 'pglite' | 'postgres', log: (line: string) => void): Promise<{ api: ApiFigures[]; ops: OpsFigures[] }> {
  const databaseUrl = database === 'postgres' ? (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL)! : null;
  const schema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : null;
  // The embedded database on disk, as the app runs it (DATA_DIR, default ./data).
  const dataDir = databaseUrl ? null : mkdtempSync(path.join(os.tmpdir(), 'kudi-bench-pglite-'));
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  }
  // DATABASE_POOL_SIZE, as the server reads it (default two per core).
  const poolSize = process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {};
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_DIR: '/nonexistent-kudi-public', ...poolSize, ...BENCH_LIMITS }, {
    dataDir, databaseUrl, databaseSchema: schema, port: 0, host: '127.0.0.1',
  });
  const counter = { statements: 0 };
  const handle = await openDatabase(config, { wrapDialect: (d) => countingDialect(d, counter) });
  const figures: ApiFigures[] = [];
  const opsFigures: OpsFigures[] = [];
  try {
    await migrateToLatest(handle.db);
    const app = await buildApp({ config, db: handle.db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    log(`${database}: creating ${CUSTOMERS} customers`);
    const everyone = await createCustomers(injectedDeposit(app), handle.db, config, CUSTOMERS);
    const runs = REQUESTS.flatMap((request) =>
      ([['uniform', everyone], ['hot', everyone.slice(0, 4)]] as const).filter(([name]) => CASES.includes(name)).map(([name, customers]) => ({ request, name, customers })));
    for (const { request, name, customers } of runs) {
      const label = `${database} ${name} ${request}`;
      const statements = await countStatements(app, counter, customers, request);
      log(`${label}: ${statements} statements per transfer`);
      // Each case starts from vacuumed, analysed tables: the previous case's tens of thousands of
      // rows would otherwise have autovacuum working during this one. Only the tables a transfer
      // touches, in the bench's schema (the database may hold others).
      await sql`vacuum analyze users, sessions, ledger_accounts, ledger_transfers, ledger_entries`.execute(handle.db);
      if (WARMUP_S > 0) {
        log(`${label}: HTTP warm-up ${WARMUP_S} s (not counted)`);
        await httpRun(url, customers, request, WARMUP_S);
      }
      log(`${label}: HTTP ${DURATION_S} s`);
      const stopProfile = await startProfile();
      const serverTimes = serverP99(app);
      const pids = database === 'postgres' ? await backendPids(handle.db) : [];
      const [serverCpu, databaseCpu] = [process.cpuUsage(), await processesCpuMs(pids)];
      const http = await httpRun(url, customers, request);
      const serverCpuMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(serverCpu));
      const databaseCpuAfter = await processesCpuMs(pids);
      const serverP99Ms = serverTimes();
      await stopProfile(`${database}-${name}-${request}`);
      log(`${label}: direct ${DURATION_S} s`);
      const direct = await directRun(app, customers, request);
      log(`${label}: ${http.perS}/s p50 ${http.p50} ms p99 ${http.p99} ms, errors ${http.errors}; direct ${direct}/s`);
      const databaseCpuMs = databaseCpu === null || databaseCpuAfter === null || !pids.length ? null : databaseCpuAfter - databaseCpu;
      log(`${label}: CPU ms per transfer: server ${perTransfer(serverCpuMs, http.ok)}, database ${
        databaseCpuMs === null ? '-' : perTransfer(databaseCpuMs, http.ok)}, load generator ${perTransfer(http.cpuMs, http.ok)}`);
      if (http.errorDetail) log(`${label}: errors ${JSON.stringify(http.errorDetail)}`);
      figures.push({
        database, case: name, request, customers: customers.length,
        httpTransfersPerS: http.perS, httpP50Ms: http.p50, httpP99Ms: http.p99, serverP99Ms, httpErrors: http.errors,
        directTransfersPerS: direct, httpOverDirect: Math.round((http.perS / Math.max(direct, 1)) * 100) / 100,
        statementsPerTransfer: statements,
        cpuMsPerTransfer: {
          server: perTransfer(serverCpuMs, http.ok),
          database: databaseCpuMs === null ? null : perTransfer(databaseCpuMs, http.ok),
          loadGenerator: perTransfer(http.cpuMs, http.ok),
        },
      });
    }
    for (const ops of OPS) {
      await sql`vacuum analyze users, sessions, ledger_accounts, ledger_transfers, ledger_entries, idempotency_keys, payouts, quotes`.execute(handle.db);
      if (WARMUP_S > 0) await opsRun(url, everyone, ops, WARMUP_S);
      log(`${database} ${ops}: HTTP ${DURATION_S} s`);
      const result = await opsRun(url, everyone, ops);
      log(`${database} ${ops}: ${result.opsPerS} operations/s; ${Object.entries(result.requests).map(([kind, r]) =>
        `${kind} p50 ${r.p50} ms p99 ${r.p99} ms${Object.keys(r.other).length ? ` other ${JSON.stringify(r.other)}` : ''}`).join('; ')}`);
      opsFigures.push({ database, ops, customers: everyone.length, ...result });
    }
    await app.close();
  } finally {
    await handle.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    }
  }
  return { api: figures, ops: opsFigures };
}

/** Figures judged against the targets (the web app's payment; the unkeyed rows have none). */
export interface JudgedFigures extends ApiFigures {
  target: string;
  met: string;
}

/**
 * The targets of the web app's payment (2-core machine, 50 connections). PostgreSQL: uniform
 * ≥ 3,000/s with p99 ≤ 40 ms, hot ≥ 0.8 × uniform, HTTP ≥ 0.6 × direct. PGlite: ≥ 1,000/s.
 */
export function judge(api: ApiFigures[]): JudgedFigures[] {
  const uniform = (f: ApiFigures) =>
    api.find((u) => u.database === f.database && u.request === f.request && u.case === 'uniform')?.httpTransfersPerS;
  return api.map((f) => {
    if (f.request !== 'app') return { ...f, target: '(secondary)', met: '' };
    const parts: [string, boolean][] = [];
    if (f.database === 'pglite') {
      parts.push(['≥ 1,000/s', f.httpTransfersPerS >= 1000]);
    } else {
      if (f.case === 'uniform') {
        parts.push(['≥ 3,000/s', f.httpTransfersPerS >= 3000], ['p99 ≤ 40 ms', f.httpP99Ms <= 40]);
      } else {
        const base = uniform(f);
        parts.push([`≥ 0.8 × uniform${base ? ` (${Math.round((f.httpTransfersPerS / base) * 100)}%)` : ''}`, base !== undefined && f.httpTransfersPerS >= 0.8 * base]);
      }
      parts.push([`HTTP ≥ 0.6 × direct (${f.httpOverDirect})`, f.httpOverDirect >= 0.6]);
    }
    return {
      ...f,
      target: parts.map(([text]) => text).join(', '),
      met: parts.every(([, ok]) => ok) ? 'yes' : `NO: ${parts.filter(([, ok]) => !ok).map(([text]) => text).join(', ')}`,
    };
  });
}

/** The machine the figures come from. */
export const machine = () => ({ cores: os.availableParallelism(), cpu: os.cpus()[0]?.model ?? 'unknown' });
