/**
 * API benchmark: PIN-checked user-to-user CAD transfers over HTTP (autocannon, 50 connections)
 * on PGlite and PostgreSQL, uniform (1,000 customers) and hot (4 customers), and the same
 * transfer through the services directly (no HTTP) as the ceiling.
 *
 * The app runs in this process (PGlite is single-process; the data set is created straight in
 * the database for speed, then funded through the real deposit webhook). autocannon runs in a child
 * process (bench/load-generator.ts), but on this 2-core machine it still takes CPU from the server
 * and the database, so the HTTP figures include its cost.
 * Each case starts from a vacuumed database and runs BENCH_WARMUP seconds (default 5) uncounted
 * before the measured BENCH_DURATION (seconds, default 20); BENCH_DATABASE_URL or
 * TEST_DATABASE_URL for PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type DatabaseConnection, type Dialect, type Driver } from 'kysely';
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
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
import { authorizedMovement } from '../src/server/modules/transfers/sender.service';
import { limitContext } from '../src/server/modules/limits/limits.service';
import { oneStatementUserTransfer, sendToUser, userTransferOrder } from '../src/server/modules/transfers/user-transfer.service';
import type { LoadJob, LoadResult } from './load-generator';

const PIN = '1234';
export const DURATION_S = Number(process.env.BENCH_DURATION || 20);
/**
 * Seconds of the same load before each measured HTTP run, not counted (BENCH_WARMUP, default 5):
 * the first seconds measure V8 compiling the hot path and each pool connection preparing and
 * planning its statements, not the steady state.
 */
export const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 5);
const CONNECTIONS = 50;
/** Customers of the uniform case (BENCH_CUSTOMERS, default 1,000; fewer for quick profiling runs). */
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS || 1000);

interface BenchCustomer {
  id: string;
  email: string;
  authorization: string;
}

export interface ApiFigures {
  database: 'pglite' | 'postgres';
  case: 'uniform' | 'hot';
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
}

/** Counts every statement the app sends, transaction control included. */
function countingDialect(inner: Dialect, counter: { statements: number }): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver: (): Driver => {
      const driver = inner.createDriver();
      const originals = new WeakMap<DatabaseConnection, DatabaseConnection>();
      const original = (c: DatabaseConnection) => originals.get(c) ?? c;
      const counted = <A extends unknown[], R>(fn: (c: DatabaseConnection, ...rest: A) => R) =>
        (c: DatabaseConnection, ...rest: A): R => {
          counter.statements += 1;
          return fn.call(driver, original(c), ...rest);
        };
      return {
        init: () => driver.init(),
        acquireConnection: async () => {
          const conn = await driver.acquireConnection();
          const wrapped: DatabaseConnection = {
            executeQuery: (q) => {
              counter.statements += 1;
              return conn.executeQuery(q);
            },
            streamQuery: (q, chunkSize) => conn.streamQuery(q, chunkSize),
          };
          originals.set(wrapped, conn);
          return wrapped;
        },
        beginTransaction: counted(driver.beginTransaction),
        commitTransaction: counted(driver.commitTransaction),
        rollbackTransaction: counted(driver.rollbackTransaction),
        ...(driver.savepoint && { savepoint: counted(driver.savepoint) }),
        ...(driver.rollbackToSavepoint && { rollbackToSavepoint: counted(driver.rollbackToSavepoint) }),
        ...(driver.releaseSavepoint && { releaseSavepoint: counted(driver.releaseSavepoint) }),
        releaseConnection: (c) => driver.releaseConnection(original(c)),
        destroy: () => driver.destroy(),
      };
    },
  };
}

/** Statements per transfer: sequential HTTP transfers (app.inject), counted at the driver. */
async function countStatements(app: FastifyInstance, counter: { statements: number }, customers: BenchCustomer[]): Promise<number> {
  // Requests still queued from the previous run finish first (PGlite serves one statement at a time).
  for (let last = -1; last !== counter.statements; ) {
    last = counter.statements;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const runs = 100;
  const before = counter.statements;
  for (let i = 0; i < runs; i += 1) {
    const [from, to] = pair(customers);
    const res = await app.inject({
      method: 'POST',
      url: '/api/wallet/cad-wallet-transfer',
      headers: { authorization: from.authorization },
      payload: { amount: '0.01', recipient_email: to.email, transaction_pin: PIN, timezone: 'America/Toronto' },
    });
    if (res.statusCode !== 200) throw new Error(`transfer failed: ${res.body}`);
  }
  return Math.round(((counter.statements - before) / runs) * 10) / 10;
}

async function createCustomers(app: FastifyInstance, db: Db, config: Config, count: number): Promise<BenchCustomer[]> {
  const passwordHash = await hashPassword('Str0ng!Pass', config.passwordCost);
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
          phone_number: `+1416${String(1_000_000 + i).slice(-7)}`,
        })
        .returning(['id', 'email', 'first_name', 'last_name'])
        .executeTakeFirstOrThrow();
      await trx.updateTable('users').set({ pin_hash: hashPin(config.pinSecret, user.id, PIN) }).where('id', '=', user.id).execute();
      await createCustomerWallets(trx, user);
      const jti = randomUUID();
      const session = await trx.insertInto('sessions').values({ user_id: user.id, current_jti: jti }).returning('id').executeTakeFirstOrThrow();
      const { token } = signAccessToken(config.jwtSecret, { sub: user.id, sid: session.id, email, jti });
      return { id: user.id, email, authorization: `Bearer ${token}` };
    });
    const res = await app.inject({ method: 'POST', url: '/api/dev/deposits', payload: { email, currency: 'CAD', amount: 1_000_000 } });
    if (res.statusCode !== 200) throw new Error(`deposit failed: ${res.body}`);
    out.push(customer);
  }
  return out;
}

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];

function pair(customers: BenchCustomer[]): [BenchCustomer, BenchCustomer] {
  const from = pick(customers);
  let to = pick(customers);
  while (to === from) to = pick(customers);
  return [from, to];
}

/** autocannon in a child process (bench/load-generator.ts), so it does not share the server's event loop. */
function httpRun(url: string, customers: BenchCustomer[], durationS = DURATION_S): Promise<LoadResult> {
  const job: LoadJob = {
    url, connections: CONNECTIONS, durationS, pin: PIN,
    customers: customers.map(({ email, authorization }) => ({ email, authorization })),
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'load-generator.ts')], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`load generator exited with ${code}`))));
    child.stdin.end(JSON.stringify(job));
  });
}

/** Times every request inside the server from now on; the returned function stops and answers the p99 in ms. */
function timeInServer(app: FastifyInstance): () => number {
  const times: number[] = [];
  const onRequest = (_request: IncomingMessage, response: ServerResponse) => {
    const started = process.hrtime.bigint();
    response.once('finish', () => times.push(Number(process.hrtime.bigint() - started) / 1e6));
  };
  app.server.on('request', onRequest);
  return () => {
    app.server.off('request', onRequest);
    times.sort((a, b) => a - b);
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

/** The same movement as the route (verified sender, order, PIN and ledger in one transaction), without HTTP. */
async function directRun(app: FastifyInstance, customers: BenchCustomer[]): Promise<number> {
  const until = Date.now() + DURATION_S * 1000;
  let done = 0;
  const deps = { db: app.db, config: app.config, rates: app.adapters.rates };
  const limits = await limitContext(deps, 'CAD');
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const [from, to] = pair(customers);
        const body = { amount: '0.01', recipient_email: to.email, transaction_pin: PIN, timezone: 'America/Toronto' };
        // As the route without an Idempotency-Key: one statement, else the checked path.
        if (!(await oneStatementUserTransfer(deps, from.id, 'CAD', body, limits))) {
          await authorizedMovement(app, from.id, PIN, () => userTransferOrder('CAD', body, app.config.ngnMaxSingleKobo),
            (trx, order, sender) => sendToUser(trx, from.id, order, sender, limits));
        }
        done += 1;
      }
    }),
  );
  return Math.round(done / ((Date.now() - started) / 1000));
}

export async function apiBench(database: 'pglite' | 'postgres', log: (line: string) => void): Promise<ApiFigures[]> {
  const databaseUrl = database === 'postgres' ? (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL)! : null;
  const schema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : null;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  }
  // DATABASE_POOL_SIZE, as the server reads it (default 10).
  const poolSize = process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {};
  // Limits far above what a run sends: the bench measures throughput, not refusals.
  const limits = { LIMITS_JSON: JSON.stringify({ Basic: { per_transfer: '1000000000', per_day: '1000000000', per_30_days: '1000000000' } }) };
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_DIR: '/nonexistent-kudi-public', ...poolSize, ...limits }, {
    dataDir: null, databaseUrl, databaseSchema: schema, port: 0, host: '127.0.0.1',
  });
  const counter = { statements: 0 };
  const handle = await openDatabase(config, { wrapDialect: (d) => countingDialect(d, counter) });
  const figures: ApiFigures[] = [];
  try {
    await migrateToLatest(handle.db);
    const app = await buildApp({ config, db: handle.db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    log(`${database}: creating ${CUSTOMERS} customers`);
    const everyone = await createCustomers(app, handle.db, config, CUSTOMERS);
    for (const [name, customers] of [['uniform', everyone], ['hot', everyone.slice(0, 4)]] as const) {
      const statements = await countStatements(app, counter, customers);
      log(`${database} ${name}: ${statements} statements per transfer`);
      // Each case starts from vacuumed, analysed tables: the previous case's tens of thousands of
      // rows would otherwise have autovacuum working during this one. Only the tables a transfer
      // touches, in the bench's schema (the database may hold others).
      await sql`vacuum analyze users, sessions, ledger_accounts, ledger_transfers, ledger_entries`.execute(handle.db);
      if (WARMUP_S > 0) {
        log(`${database} ${name}: HTTP warm-up ${WARMUP_S} s (not counted)`);
        await httpRun(url, customers, WARMUP_S);
      }
      log(`${database} ${name}: HTTP ${DURATION_S} s`);
      const stopProfile = await startProfile();
      const serverTimes = timeInServer(app);
      const http = await httpRun(url, customers);
      const serverP99Ms = serverTimes();
      await stopProfile(`${database}-${name}`);
      log(`${database} ${name}: direct ${DURATION_S} s`);
      const direct = await directRun(app, customers);
      figures.push({
        database, case: name, customers: customers.length,
        httpTransfersPerS: http.perS, httpP50Ms: http.p50, httpP99Ms: http.p99, serverP99Ms, httpErrors: http.errors,
        directTransfersPerS: direct, httpOverDirect: Math.round((http.perS / Math.max(direct, 1)) * 100) / 100,
        statementsPerTransfer: statements,
      });
    }
    await app.close();
  } finally {
    await handle.close();
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    }
  }
  return figures;
}
