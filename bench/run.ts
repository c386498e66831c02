/**
 * `npm run bench`: measured figures, printed as a table and written to bench/results.json.
 * Front end: gzip size of the JavaScript `/` loads before it is interactive, and of all JS.
 * Cold start: process start → /api/health ok on an existing data directory (the compiled server,
 * dist/server/main.js, as `npm start` runs it).
 * Lab vitals: LCP, TBT and CLS of `/` in Chromium with Lighthouse's mobile throttling (bench/vitals.ts,
 * VITALS_RUNS loads, default 5); skipped with a line when Chromium is not installed.
 * API: PIN-checked user-to-user transfers over HTTP and directly (bench/api.ts), PGlite and PostgreSQL.
 * Big histories (bench/history.ts): `BENCH_ONLY=history` runs only them, on PostgreSQL (no build needed;
 * `npm run bench:history` is the same); the other parts leave their figures in bench/results.json.
 * BENCH_ONLY=api|front skips the other part; BENCH_DURATION shortens the API runs; BENCH_DATABASES
 * (pglite,postgres) and BENCH_CUSTOMERS narrow them for profiling; BENCH_PROFILE=dir writes a CPU
 * profile of the server during each HTTP run; DATABASE_POOL_SIZE sets the PostgreSQL pool.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { apiBench, DURATION_S, type ApiFigures } from './api';
import { historyBench, printHistory, writeHistoryResults } from './history';
import { measureVitals, type VitalsFigures } from './vitals';

const root = path.resolve(__dirname, '..');
const publicDir = path.join(root, 'dist/public');
const serverEntry = path.join(root, 'dist/server/main.js');

function gzipKiB(files: string[]): number {
  const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(f), { level: 9 }).length, 0);
  return Math.round((bytes / 1024) * 10) / 10;
}

function bundleSizes() {
  const html = readFileSync(path.join(publicDir, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/<script[^>]+src=["']?\/?([^"'\s>]+\.js)/g)].map((m) => path.join(publicDir, m[1]));
  const assets = path.join(publicDir, 'assets');
  const all = readdirSync(assets).filter((f) => f.endsWith('.js')).map((f) => path.join(assets, f));
  return { initialJsGzipKiB: gzipKiB(initial), allJsGzipKiB: gzipKiB(all), initialScripts: initial.length };
}

function startServer(dataDir: string, port: number): Promise<{ ms: number; stop: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [serverEntry], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test' },
      stdio: 'ignore',
    });
    const stop = () => new Promise<void>((done) => { child.once('exit', () => done()); child.kill('SIGTERM'); });
    const poll = async () => {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, stop });
      } catch { /* not up yet */ }
      if (Number(process.hrtime.bigint() - started) / 1e6 > 60_000) return reject(new Error('server did not start in 60 s'));
      setTimeout(poll, 25);
    };
    child.once('error', reject);
    poll();
  });
}

async function coldStart() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kudi-bench-'));
  try {
    const first = await startServer(dataDir, 4399);
    await first.stop();
    const runs: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const run = await startServer(dataDir, 4399);
      runs.push(run.ms);
      await run.stop();
    }
    return { firstStartMs: Math.round(first.ms), coldStartMs: Math.round(Math.min(...runs)) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** LCP, TBT and CLS of `/` in Chromium (bench/vitals.ts), on the compiled server; skipped without Chromium. */
async function vitals(log: (line: string) => void): Promise<VitalsFigures | null> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    console.log(`vitals: skipped (no Chromium at ${executablePath}; apt-get install -y chromium)`);
    return null;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kudi-vitals-'));
  const server = await startServer(dataDir, 4398);
  try {
    return await measureVitals({ baseUrl: 'http://127.0.0.1:4398', runs: Number(process.env.VITALS_RUNS || 5), throttling: 'mobile', executablePath, log });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (process.env.BENCH_ONLY === 'history') {
    const measured = await historyBench();
    printHistory(measured);
    writeHistoryResults(measured);
    return;
  }
  if (process.env.BENCH_ONLY !== 'api' && !(existsSync(path.join(publicDir, 'index.html')) && existsSync(serverEntry))) {
    console.error('No build found: run `npm run build` first.');
    process.exit(1);
  }
  const only = process.env.BENCH_ONLY;
  const front = only === 'api' ? {} : { ...bundleSizes(), ...(await coldStart()) };
  const vitalsFigures = only === 'api' ? null : await vitals((line) => console.log(`… ${line}`));
  const lab = vitalsFigures
    ? { vitalsLcpMs: vitalsFigures.lcpMs, vitalsTbtMs: vitalsFigures.tbtMs, vitalsCls: vitalsFigures.clsScore }
    : {};
  const api: ApiFigures[] = [];
  if (only !== 'front') {
    const log = (line: string) => console.log(`… ${line}`);
    // BENCH_DATABASES=pglite or =postgres runs one of them (profiling).
    const databases = (process.env.BENCH_DATABASES || 'pglite,postgres').split(',');
    if (databases.includes('pglite')) api.push(...(await apiBench('pglite', log)));
    if (!databases.includes('postgres')) console.log('PostgreSQL: skipped (BENCH_DATABASES)');
    else if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) api.push(...(await apiBench('postgres', log)));
    else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  }
  const results = {
    at: new Date().toISOString(), durationS: DURATION_S, ...front, ...lab,
    vitals: vitalsFigures && { ...vitalsFigures, samples: undefined }, api,
  };
  const targets: Record<string, [number, string]> = {
    initialJsGzipKiB: [170, 'KiB'],
    coldStartMs: [2000, 'ms'],
  };
  // Lighthouse's "good" thresholds for the lab figures (mobile profile, slow 4G, 4× CPU).
  const good: Record<string, [number, string]> = { vitalsLcpMs: [2500, 'ms'], vitalsTbtMs: [200, 'ms'], vitalsCls: [0.1, ''] };
  console.table(Object.entries({ ...front, ...lab }).map(([figure, value]) => ({
    figure,
    value,
    target: targets[figure] ? `≤ ${targets[figure][0]} ${targets[figure][1]}` : good[figure] ? `good ≤ ${good[figure][0]} ${good[figure][1]}`.trim() : '',
    met: targets[figure] ? (Number(value) <= targets[figure][0] ? 'yes' : 'NO') : good[figure] ? (Number(value) <= good[figure][0] ? 'yes' : 'no') : '',
  })));
  if (api.length) {
    const uniform = (db: string) => api.find((f) => f.database === db && f.case === 'uniform')?.httpTransfersPerS ?? 0;
    console.table(api.map((f) => {
      const floor = f.database === 'postgres' ? 1000 : 500;
      const met = f.case === 'hot'
        ? f.httpTransfersPerS >= 0.7 * uniform(f.database)
        : f.httpTransfersPerS >= floor && (f.database !== 'postgres' || f.httpP99Ms <= 50);
      return {
        ...f,
        target: f.case === 'hot' ? '≥ 70% of uniform' : f.database === 'postgres' ? '≥ 1000/s, p99 ≤ 50 ms' : '≥ 500/s',
        met: met ? 'yes' : 'NO',
      };
    }));
  }
  // The big histories' figures (bench/history.ts, a run of their own) stay.
  const file = path.join(root, 'bench/results.json');
  const history = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { history?: unknown }).history : undefined;
  writeFileSync(file, `${JSON.stringify({ ...results, ...(history ? { history } : {}) }, null, 2)}\n`);
  console.log('written bench/results.json');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
