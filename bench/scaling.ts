/**
 * Scaling figures (issue 18, docs/SCALING.md): the web app's payment (a user-to-user CAD transfer
 * with an Idempotency-Key, the PIN and the time zone; autocannon, 50 connections, bench/api.ts's
 * load generator) against the BUILT server (`dist/server/main.js`, `npm run build` first) run with
 * WEB_CONCURRENCY = 1, 2 and 4 on one PostgreSQL, straight and through PgBouncer.
 *
 *   node --import tsx bench/scaling.ts
 *
 * SCALING_DATABASE_URL: a PostgreSQL server to make a scratch database on (default the machine's,
 * postgres://postgres@127.0.0.1:5432/postgres). PgBouncer rows need `npm run dev:cluster`'s primary
 * and PgBouncer (TEST_PRIMARY_URL, TEST_PGBOUNCER_URL as it prints them); without them only the
 * straight rows run. SCALING_PROCESSES (default 1,2,4), BENCH_DURATION (default 20), BENCH_WARMUP
 * (default 5), BENCH_CUSTOMERS (default 1000); SCALING_TARGETS (postgres, cluster-primary, pgbouncer) to run only some. Each process's pool is DATABASE_POOL_SIZE (default
 * the server's own, two per core: config.ts DEFAULT_POOL_SIZE) divided by the processes, so
 * the database sees about the same number of connections in every row. Writes bench/scaling.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_POOL_SIZE, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { freePort } from '../__tests__/bank/server';
import { onPostgres } from '../__tests__/support/on-postgres';
import { createCustomers, DURATION_S, httpRun, machine, WARMUP_S } from './api';

const ROOT = path.join(__dirname, '..');
const ENTRY = path.join(ROOT, 'dist', 'server', 'main.js');
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS || 1000);
const PROCESSES = (process.env.SCALING_PROCESSES || '1,2,4').split(',').map(Number);
const POOL_TOTAL = Number(process.env.DATABASE_POOL_SIZE || DEFAULT_POOL_SIZE);

interface Target {
  name: 'postgres' | 'cluster-primary' | 'pgbouncer';
  /** Where the scratch database is made (a server's maintenance database). */
  adminUrl: string;
  /** The server's DATABASE_URL for a database name. */
  serverUrl: (database: string) => string;
  pooler: 'none' | 'pgbouncer';
}

interface Row {
  target: Target['name'];
  processes: number;
  poolPerProcess: number;
  transfersPerS: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

function targets(): Target[] {
  const adminUrl = process.env.SCALING_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const list: Target[] = [{ name: 'postgres', adminUrl, serverUrl: (db) => withDatabase(adminUrl, db), pooler: 'none' }];
  const primary = process.env.TEST_PRIMARY_URL;
  const bouncer = process.env.TEST_PGBOUNCER_URL;
  if (primary && bouncer) {
    // The cluster's primary straight, then through PgBouncer: the same server (with its replica
    // streaming), so the two rows differ only by the pooler.
    list.push({ name: 'cluster-primary', adminUrl: primary, serverUrl: (db) => withDatabase(primary, db), pooler: 'none' });
    list.push({ name: 'pgbouncer', adminUrl: primary, serverUrl: (db) => withDatabase(bouncer, db), pooler: 'pgbouncer' });
  }
  const only = process.env.SCALING_TARGETS?.split(',');
  return only ? list.filter((target) => only.includes(target.name)) : list;
}

/** The built server with these settings; resolves once GET /api/health answers 200. */
async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [ENTRY], { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error('the server did not answer within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

async function main(): Promise<void> {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run npm run build first`);
  const secrets = Object.fromEntries(['JWT_SECRET', 'PIN_SECRET', 'WEBHOOK_SECRET', 'OTP_SECRET'].map((name) => [name, randomBytes(32).toString('base64url')]));
  const base = {
    NODE_ENV: 'development', SIMULATORS: 'on', LOG_LEVEL: 'warn', DATA_DIR: path.join(os.tmpdir(), `kudi-scaling-${process.pid}`),
    PAYOUT_JOB: 'off', NOTIFY_JOB: 'off', ADDRESS_REVIEW_JOB: 'off', JOB_RUNNER: 'off', RECONCILE_JOB: 'off',
    // Limits far above what a run sends: the bench measures throughput, not refusals.
    LIMITS_JSON: JSON.stringify({ Basic: { per_transfer: '1000000000', per_day: '1000000000', per_30_days: '1000000000' } }),
    ...secrets,
  };
  const rows: Row[] = [];
  for (const target of targets()) {
    const database = `kudi_scaling_${randomBytes(4).toString('hex')}`;
    await onPostgres(target.adminUrl, `create database ${database}`);
    try {
      const databaseUrl = target.serverUrl(database);
      const env = { ...base, DATABASE_URL: databaseUrl, DATABASE_POOLER: target.pooler };
      // One process migrates the database and receives the customers' deposits.
      const port = await freePort();
      let server = await startServer({ ...env, WEB_CONCURRENCY: '1' }, port);
      const config = loadConfig({ ...env }, { dataDir: null });
      const handle = await openDatabase({ ...config, databaseUrl: withDatabase(target.adminUrl, database), databasePooler: 'none' });
      console.log(`${target.name}: creating ${CUSTOMERS} customers`);
      const customers = await createCustomers(async (body) => {
        const res = await fetch(`http://127.0.0.1:${port}/api/dev/deposits`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        if (res.status !== 200) throw new Error(`deposit failed: ${res.status} ${await res.text()}`);
      }, handle.db, config, CUSTOMERS);
      await handle.close();
      await stopServer(server);
      for (const processes of PROCESSES) {
        const poolPerProcess = Math.max(2, Math.round(POOL_TOTAL / processes));
        server = await startServer({ ...env, WEB_CONCURRENCY: String(processes), DATABASE_POOL_SIZE: String(poolPerProcess) }, port);
        try {
          await onPostgres(withDatabase(target.adminUrl, database), 'vacuum analyze users, sessions, ledger_accounts, ledger_transfers, ledger_entries, idempotency_keys');
          const url = `http://127.0.0.1:${port}`;
          if (WARMUP_S > 0) await httpRun(url, customers, 'app', WARMUP_S);
          const result = await httpRun(url, customers, 'app');
          const row: Row = {
            target: target.name, processes, poolPerProcess, transfersPerS: result.perS, p50Ms: result.p50, p99Ms: result.p99, errors: result.errors,
          };
          console.log(`${target.name} ×${processes} (pool ${poolPerProcess} each): ${row.transfersPerS}/s p50 ${row.p50Ms} ms p99 ${row.p99Ms} ms errors ${row.errors}`);
          rows.push(row);
        } finally {
          await stopServer(server);
        }
      }
    } finally {
      await onPostgres(target.adminUrl, `drop database if exists ${database} with (force)`);
    }
  }
  const out = { date: new Date().toISOString(), machine: machine(), durationS: DURATION_S, customers: CUSTOMERS, connections: 50, rows };
  writeFileSync(path.join(__dirname, 'scaling.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log(`wrote bench/scaling.json`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
