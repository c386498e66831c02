/**
 * Big histories (`npm run bench:history`, or `BENCH_ONLY=history npm run bench`): a PostgreSQL
 * database grown step by step (bench/history-seed.ts) to HISTORY_SIZES ledger items (default
 * 50,000, 500,000 and 5,000,000), measured at each size through the real app (buildApp, real HTTP
 * on a keep-alive connection, a real bearer token of a session):
 * - the history page (GET /wallet/transactions) of the step's big customer (2% of the items as CAD
 *   history lines: 100,000 at 5M): the first, middle and last page, without and with each
 *   transaction_type, and random pages; p50 and p99 of HISTORY_REPEATS requests each (default 100),
 *   also timed inside the server. Each filter's very first request is reported apart (it writes
 *   the history's checkpoints), then HISTORY_WARMUP requests (default 40) are not counted;
 * - the balance read the app makes (GET /wallet/cad-wallet and /wallet/naira-wallet);
 * - a one-year CSV statement (GET /statements) of 10,000 rows, to its last byte;
 * the two measured customers in the time zone the app's dashboard sets (America/Toronto);
 * - the database's size: the schema's tables and indexes (pg_table_size + pg_indexes_size), per
 *   million items, and pg_database_size.
 * Each figure carries the date, the core count and the load average: the machine may be shared.
 * The database is BENCH_DATABASE_URL, else TEST_DATABASE_URL; everything lives in the schema
 * HISTORY_SCHEMA (default kudi_history_bench), kept between runs: a run seeds only the sizes the
 * schema has not reached, and measures at each size it reaches (HISTORY_FRESH=1 starts over).
 * HISTORY_EXPLAIN=1 prints EXPLAIN (ANALYZE, BUFFERS) of the statements a history page runs.
 * Figures go to bench/results.json (`history`, merged by size) and are printed as a table.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CompiledQuery, Dialect } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrations';
import { writeZoneRules } from '../src/server/db/zone-rules';
import { signAccessToken } from '../src/server/modules/auth/tokens';
import { TIMEZONE } from './api';
import { checkLedger, seedStep, SEED_PIN_SECRET, type SeededCustomer } from './history-seed';
import { observingDialect, timeInServer } from './observe';

const root = path.resolve(__dirname, '..');
const resultsFile = path.join(root, 'bench/results.json');
const SCHEMA = process.env.HISTORY_SCHEMA || 'kudi_history_bench';
const SIZES = (process.env.HISTORY_SIZES || '50000,500000,5000000').split(',').map(Number);
const REPEATS = Number(process.env.HISTORY_REPEATS || 100);
/** History requests before the timed ones, not counted (HISTORY_WARMUP, default 40). */
const WARMUP = Number(process.env.HISTORY_WARMUP ?? 40);
const STATEMENT_REPEATS = Number(process.env.HISTORY_STATEMENT_REPEATS || 10);
/** Rows of the statement customer's one-year statement. */
const STATEMENT_ROWS = 10_000;
export const HOW = 'BENCH_DATABASE_URL=postgres://… npm run bench:history (HISTORY_SIZES, HISTORY_REPEATS, HISTORY_FRESH=1; see bench/history.ts)';

export const TARGETS = { historyP99Ms: 20, balanceP99Ms: 5, statementMs: 1000 } as const;

const log = (line: string) => console.log(`… ${line}`);

interface Timing {
  /** Client side: request sent → last byte read (HTTP on a keep-alive connection). */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Inside the server: request parsed → response written (without the client's share of the CPU). */
  serverP50Ms: number;
  serverP99Ms: number;
  /** The first request of the case, apart. */
  firstMs: number;
  samples: number;
}

export interface HistoryCase extends Timing {
  filter: string;
  page: string;
  total: number;
}

export interface HistorySize {
  items: number;
  at: string;
  cores: number;
  /** The machine's 1-minute load average when the measurement began and ended (other work shares the cores). */
  loadAverage: [number, number];
  customers: number;
  entries: number;
  seedSeconds: number | null;
  bigCustomerLines: number;
  history: HistoryCase[];
  /** Each filter's first request (it writes the history's checkpoints), ms. */
  historyFirstRequestMs: Record<string, number>;
  historyWorstP99Ms: number;
  balance: { cad: Timing; ngn: Timing };
  statement: Timing & { rows: number; bytes: number };
  schemaBytes: number;
  databaseBytes: number;
  bytesPerMillionItems: number;
  tables: Record<string, { tableBytes: number; indexBytes: number }>;
  met: { history: boolean; balance: boolean; statement: boolean };
}

const round = (ms: number) => Math.round(ms * 100) / 100;

function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
}

/** Times of the requests the server finished since the last reset (ms, request parsed → response written). */
let inServer: number[] = [];

/** Records the statements the app sends while `on` (HISTORY_EXPLAIN). */
function recordingDialect(inner: Dialect, recorder: { on: boolean; queries: CompiledQuery[] }): Dialect {
  return observingDialect(inner, (query) => {
    if (recorder.on && query) recorder.queries.push(query);
  });
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${SCHEMA}` });
  await client.connect();
  return client;
}

async function specials(client: pg.Client): Promise<SeededCustomer[]> {
  await client.query(`create table if not exists bench_history_customers (role text, step int, user_id uuid, email text, cad_lines int)`);
  const { rows } = await client.query<{ role: 'big' | 'statement'; step: number; user_id: string; email: string; cad_lines: number }>(
    'select * from bench_history_customers order by step, role',
  );
  return rows.map((r) => ({ role: r.role, step: r.step, userId: r.user_id, email: r.email, cadLines: r.cad_lines }));
}

async function sizes(client: pg.Client) {
  const { rows } = await client.query<{ name: string; table_bytes: string; index_bytes: string }>(`
    select c.relname as name, pg_table_size(c.oid) as table_bytes, pg_indexes_size(c.oid) as index_bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = $1 and c.relkind = 'r' and c.relname <> 'bench_history_customers' order by c.relname`, [SCHEMA]);
  const tables: Record<string, { tableBytes: number; indexBytes: number }> = {};
  let schemaBytes = 0;
  for (const r of rows) {
    const entry = { tableBytes: Number(r.table_bytes), indexBytes: Number(r.index_bytes) };
    schemaBytes += entry.tableBytes + entry.indexBytes;
    if (entry.tableBytes + entry.indexBytes > 1_000_000) tables[r.name] = entry;
  }
  const db = await client.query<{ bytes: string }>('select pg_database_size(current_database()) as bytes');
  return { tables, schemaBytes, databaseBytes: Number(db.rows[0].bytes) };
}

/** The whole answer of a GET, timed to its last byte. */
async function get(base: string, url: string, authorization: string): Promise<{ ms: number; status: number; body: string }> {
  const started = process.hrtime.bigint();
  const res = await fetch(`${base}${url}`, { headers: { authorization } });
  const body = await res.text();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, status: res.status, body };
}

async function repeat(times: number, run: () => Promise<number>): Promise<Timing> {
  const first = await run();
  const samples: number[] = [];
  inServer.length = 0;
  for (let i = 0; i < times; i += 1) samples.push(await run());
  return {
    p50Ms: quantile(samples, 0.5), p99Ms: quantile(samples, 0.99), maxMs: quantile(samples, 1),
    serverP50Ms: quantile(inServer, 0.5), serverP99Ms: quantile(inServer, 0.99),
    firstMs: round(first), samples: samples.length,
  };
}

/** A bench customer's session and bearer token, as sign-in makes them. */
async function bearer(client: pg.Client, jwtSecret: string, customer: SeededCustomer): Promise<string> {
  const jti = randomUUID();
  const { rows } = await client.query<{ id: string }>(
    'insert into sessions (user_id, current_jti, user_agent, ip) values ($1, $2, $3, $4) returning id',
    [customer.userId, jti, 'kudi-history-bench', '127.0.0.1'],
  );
  return `Bearer ${signAccessToken(jwtSecret, { sub: customer.userId, sid: rows[0].id, email: customer.email, jti }).token}`;
}

const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function measure(url: string, client: pg.Client, items: number, big: SeededCustomer, statementCustomer: SeededCustomer, seedSeconds: number | null): Promise<HistorySize> {
  const recorder = { on: false, queries: [] as CompiledQuery[] };
  const loadAtStart = Math.round(os.loadavg()[0] * 100) / 100;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_DIR: '/nonexistent-kudi-public', PIN_SECRET: SEED_PIN_SECRET }, {
    dataDir: null, databaseUrl: url, databaseSchema: SCHEMA, port: 0, host: '127.0.0.1',
  });
  const handle = await openDatabase(config, { wrapDialect: (d) => recordingDialect(d, recorder) });
  // The two measured customers in the zone the app's dashboard sets (update-timezone on every
  // load), its rules written as update-timezone writes them: their statements' days and times.
  await writeZoneRules(handle.db, TIMEZONE);
  await client.query('update users set timezone = $1 where id = any($2::uuid[])', [TIMEZONE, [big.userId, statementCustomer.userId]]);
  const app = await buildApp({ config, db: handle.db });
  inServer = timeInServer(app).times;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  try {
    const authorization = await bearer(client, config.jwtSecret, big);
    const history: HistoryCase[] = [];
    const filters = ['', 'DEPOSIT', 'WITHDRAWAL', 'WALLET TRANSACTION'];
    const query = (filter: string, page: number) =>
      `/wallet/transactions?currency=CAD&transaction_type=${encodeURIComponent(filter)}&page=${page}`;
    // Each filter's first request on a history never read: it writes the checkpoints (all, once).
    // A request of another customer first, so that it does not also pay the process's cold start.
    await client.query('delete from history_checkpoints where account_id in (select id from ledger_accounts where user_id = $1)', [big.userId]);
    await get(base, query('', 1), await bearer(client, config.jwtSecret, statementCustomer));
    const totals = new Map<string, number>();
    const historyFirstRequestMs: Record<string, number> = {};
    for (const filter of filters) {
      const probe = await get(base, query(filter, 1), authorization);
      if (probe.status !== 200) throw new Error(`history answered ${probe.status}: ${probe.body}`);
      totals.set(filter, (JSON.parse(probe.body) as { pagination: { total: number } }).pagination.total);
      historyFirstRequestMs[filter || 'all'] = round(probe.ms);
    }
    log(`${items} items: first history request of each filter (checkpoints written): ${JSON.stringify(historyFirstRequestMs)} ms`);
    // Warm-up, not counted: V8 compiles the path; each statement's first runs are planned for their values.
    for (let i = 0; i < WARMUP; i += 1) {
      const filter = filters[i % filters.length];
      await get(base, query(filter, 1 + Math.floor(Math.random() * Math.ceil((totals.get(filter) ?? 0) / 10))), authorization);
    }
    for (const filter of filters) {
      const total = totals.get(filter) ?? 0;
      const lastPage = Math.max(1, Math.ceil(total / 10));
      const pages: [string, () => number][] = [
        ['first', () => 1], ['middle', () => Math.ceil(lastPage / 2)], ['last', () => lastPage],
        ['random', () => 1 + Math.floor(Math.random() * lastPage)],
      ];
      for (const [name, page] of pages) {
        if (name === 'random' && filter !== '') continue;
        const result = await repeat(REPEATS, async () => {
          const p = page();
          const res = await get(base, query(filter, p), authorization);
          const body = JSON.parse(res.body) as { data: unknown[]; pagination: { total: number } };
          const expected = p < lastPage ? 10 : total - (lastPage - 1) * 10;
          if (res.status !== 200 || body.pagination.total !== total || body.data.length !== expected) {
            throw new Error(`history page ${p} (${filter || 'all'}): ${res.status}, ${body.data?.length} rows of ${body.pagination?.total}`);
          }
          return res.ms;
        });
        history.push({ filter: filter || 'all', page: name, total, ...result });
        log(`${items} items: history ${filter || 'all'} ${name} page (total ${total}): p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms (in server ${result.serverP99Ms} ms), first ${result.firstMs} ms`);
      }
      if (process.env.HISTORY_EXPLAIN && (filter === '' || filter === 'DEPOSIT')) await explain(client, recorder, () => get(base, query(filter, lastPage), authorization));
    }
    const balance = {
      cad: await repeat(REPEATS * 2, async () => (await get(base, '/wallet/cad-wallet', authorization)).ms),
      ngn: await repeat(REPEATS * 2, async () => (await get(base, '/wallet/naira-wallet', authorization)).ms),
    };
    log(`${items} items: balance CAD p50 ${balance.cad.p50Ms} ms, p99 ${balance.cad.p99Ms} ms (in server ${balance.cad.serverP99Ms} ms); NGN p99 ${balance.ngn.p99Ms} ms`);

    const statementAuth = await bearer(client, config.jwtSecret, statementCustomer);
    const period = `currency=CAD&from=${utcDay(-364)}&to=${utcDay(0)}&format=csv`;
    let rows = 0;
    let bytes = 0;
    const statement = await repeat(STATEMENT_REPEATS, async () => {
      const res = await get(base, `/statements?${period}`, statementAuth);
      if (res.status !== 200) throw new Error(`statement answered ${res.status}: ${res.body.slice(0, 200)}`);
      // Header, opening and closing balance lines besides the items.
      rows = res.body.split('\r\n').filter(Boolean).length - 3;
      bytes = Buffer.byteLength(res.body);
      return res.ms;
    });
    log(`${items} items: statement of ${rows} rows (${Math.round(bytes / 1024)} KiB): p50 ${statement.p50Ms} ms, max ${statement.maxMs} ms`);
    if (rows !== STATEMENT_ROWS) throw new Error(`The statement has ${rows} rows, not ${STATEMENT_ROWS}`);

    const counts = await client.query<{ customers: string; entries: string }>(
      'select (select count(*) from users) as customers, (select count(*) from ledger_entries) as entries',
    );
    const size = await sizes(client);
    const historyWorstP99Ms = Math.max(...history.map((c) => c.p99Ms));
    return {
      items, at: new Date().toISOString(), cores: os.availableParallelism(),
      loadAverage: [loadAtStart, Math.round(os.loadavg()[0] * 100) / 100],
      customers: Number(counts.rows[0].customers), entries: Number(counts.rows[0].entries), seedSeconds,
      bigCustomerLines: big.cadLines, history, historyFirstRequestMs, historyWorstP99Ms, balance,
      statement: { ...statement, rows, bytes },
      ...size, bytesPerMillionItems: Math.round(size.schemaBytes / (items / 1e6)),
      met: {
        history: historyWorstP99Ms <= TARGETS.historyP99Ms,
        balance: Math.max(balance.cad.p99Ms, balance.ngn.p99Ms) <= TARGETS.balanceP99Ms,
        statement: statement.p99Ms <= TARGETS.statementMs,
      },
    };
  } finally {
    await app.close();
    await handle.close();
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement one request runs, with its parameters, as a generic plan (what a prepared statement settles on) and a custom one. */
async function explain(client: pg.Client, recorder: { on: boolean; queries: CompiledQuery[] }, request: () => Promise<unknown>) {
  recorder.queries = [];
  recorder.on = true;
  await request();
  recorder.on = false;
  for (const query of recorder.queries) {
    if (!/ledger_transfers|history/.test(query.sql)) continue;
    for (const mode of ['force_custom_plan', 'force_generic_plan']) {
      await client.query(`set plan_cache_mode = ${mode}`);
      const literal = (v: unknown) => (v === null ? 'null' : typeof v === 'string' ? `'${v.replace(/'/g, "''")}'` : String(v));
      await client.query(`prepare kudi_explain as ${query.sql}`);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) execute kudi_explain(${query.parameters.map(literal).join(', ')})`,
      );
      await client.query('deallocate kudi_explain');
      console.log(`\n-- ${mode}\n${query.sql}\n-- parameters: ${JSON.stringify(query.parameters, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}`);
      console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    await client.query('reset plan_cache_mode');
  }
}

export async function historyBench(): Promise<HistorySize[]> {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL database: the big history is seeded there');
  const client = await connect(url);
  const measured: HistorySize[] = [];
  try {
    if (process.env.HISTORY_FRESH) await client.query(`drop schema if exists ${SCHEMA} cascade`);
    await client.query(`create schema if not exists ${SCHEMA}`);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { dataDir: null, databaseUrl: url, databaseSchema: SCHEMA });
    const handle = await openDatabase(config);
    const migrationStarted = Date.now();
    await migrateToLatest(handle.db);
    await handle.close();
    log(`migrations: ${((Date.now() - migrationStarted) / 1000).toFixed(1)} s`);
    for (const [i, target] of SIZES.entries()) {
      const { rows } = await client.query<{ n: string }>('select count(*) as n from ledger_transfers');
      const items = Number(rows[0].n);
      let seedSeconds: number | null = null;
      if (items > target) {
        log(`${target} items: skipped (the schema holds ${items} already; HISTORY_FRESH=1 starts over)`);
        continue;
      }
      if (items < target) {
        const started = Date.now();
        const step = (await specials(client)).reduce((max, c) => Math.max(max, c.step), 0) + 1;
        const seeded = await seedStep(client, {
          step,
          totalItems: target,
          totalCustomers: Math.max(3, Math.round(target / 50)),
          bigLines: Math.round(target * 0.02),
          statementRows: step === 1 ? STATEMENT_ROWS : 0,
        });
        for (const c of seeded) {
          await client.query('insert into bench_history_customers values ($1, $2, $3, $4, $5)', [c.role, c.step, c.userId, c.email, c.cadLines]);
        }
        if (!process.env.HISTORY_SKIP_CHECK) await checkLedger(client);
        // Autovacuum would do the same in time; measuring right after a bulk load would measure its absence.
        const vacuumStarted = Date.now();
        await client.query('vacuum analyze');
        log(`vacuum analyze: ${((Date.now() - vacuumStarted) / 1000).toFixed(1)} s`);
        seedSeconds = Math.round((Date.now() - started) / 1000);
      }
      const customers = await specials(client);
      const big = customers.filter((c) => c.role === 'big').at(-1);
      const statement = customers.find((c) => c.role === 'statement');
      if (!big || !statement) throw new Error('The schema has no big or statement customer');
      measured.push(await measure(url, client, target, big, statement, seedSeconds));
      if (i < SIZES.length - 1) log('next size');
    }
  } finally {
    await client.end();
  }
  return measured;
}

/** Merges the sizes measured now into bench/results.json's `history` (by size), keeping the rest of the file. */
export function writeHistoryResults(measured: HistorySize[]): void {
  const results = existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>) : {};
  const kept = (results.history ?? {}) as { sizes?: HistorySize[] };
  const previous = (kept.sizes ?? []).filter((s) => !measured.some((m) => m.items === s.items));
  results.history = {
    // Other keys (e.g. `before`: figures of an earlier version, kept by hand) stay.
    ...kept,
    how: HOW,
    targets: {
      historyP99Ms: `≤ ${TARGETS.historyP99Ms} ms, any page, the 100,000-line customer`,
      balanceP99Ms: `≤ ${TARGETS.balanceP99Ms} ms`,
      statementMs: `≤ ${TARGETS.statementMs} ms, one year, 10,000 rows, to the last byte`,
    },
    sizes: [...previous, ...measured].sort((a, b) => a.items - b.items),
  };
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log('written bench/results.json (history)');
}

export function printHistory(measured: HistorySize[]): void {
  const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);
  console.table(measured.map((m) => ({
    items: m.items,
    'big customer lines': m.bigCustomerLines,
    'history worst p99 ms': m.historyWorstP99Ms,
    'balance p99 ms': Math.max(m.balance.cad.p99Ms, m.balance.ngn.p99Ms),
    'statement p99 ms': m.statement.p99Ms,
    'MiB per M items': mib(m.bytesPerMillionItems),
    'schema MiB': mib(m.schemaBytes),
    met: `history ${m.met.history ? 'yes' : 'NO'}, balance ${m.met.balance ? 'yes' : 'NO'}, statement ${m.met.statement ? 'yes' : 'NO'}`,
  })));
  for (const m of measured) {
    console.log(`${m.items} items:`);
    console.table(m.history.map((c) => ({
      filter: c.filter, page: c.page, total: c.total, 'p50 ms': c.p50Ms, 'p99 ms': c.p99Ms, 'max ms': c.maxMs,
      'in server p99 ms': c.serverP99Ms, 'first ms': c.firstMs,
    })));
  }
}

if (require.main === module) {
  historyBench()
    .then((measured) => {
      printHistory(measured);
      writeHistoryResults(measured);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
