/**
 * `npm run bench`: measured figures, printed as a table and written to bench/results.json, with the
 * machine's core count, the date and how to reproduce them, and each target marked met or not.
 * Front end: gzip size of each JavaScript file `/` loads (the scripts of index.html, and whatever
 * else the page fetched during the vitals runs), their total, and all JS of the build.
 * Cold start: process start → /api/health ok on an existing data directory (the compiled server,
 * dist/server/main.js, as `npm start` runs it).
 * Lab vitals: LCP, TBT and CLS of `/` in Chromium with Lighthouse's mobile throttling (bench/vitals.ts,
 * VITALS_RUNS loads, default 5, medians); skipped with a line when Chromium is not installed.
 * API: PIN-checked user-to-user transfers over HTTP and directly (bench/api.ts), PGlite and PostgreSQL,
 * as the web app sends them (Idempotency-Key) and without a key.
 * Big histories (bench/history.ts): `BENCH_ONLY=history` runs only them, on PostgreSQL (no build needed;
 * `npm run bench:history` is the same); the other parts leave their figures in bench/results.json.
 * BENCH_ONLY=api|front skips the other part; BENCH_DURATION shortens the API runs; BENCH_DATABASES
 * (pglite,postgres), BENCH_REQUESTS (app,unkeyed), BENCH_CASES (uniform,hot) and BENCH_CUSTOMERS
 * narrow them for profiling; BENCH_PROFILE=dir writes a CPU
 * profile of the server during each HTTP run; DATABASE_POOL_SIZE sets the PostgreSQL pool.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { apiBench, DURATION_S, judge, type ApiFigures, type OpsFigures } from './api';
import { historyBench, printHistory, writeHistoryResults } from './history';
import { measureVitals, type VitalsFigures } from './vitals';

const root = path.resolve(__dirname, '..');
const publicDir = path.join(root, 'dist/public');
const serverEntry = path.join(root, 'dist/server/main.js');

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A JavaScript file of the build: its gzip size and the biggest packages (or our own code) in it. */
interface ChunkFigure {
  file: string;
  gzipKiB: number;
  contains: string;
}

/** What a chunk holds, from its source map: the packages with the most source in it, or "own code". */
function chunkContents(file: string): string {
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) return '';
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; sourcesContent?: (string | null)[] };
  const sizes = new Map<string, number>();
  map.sources.forEach((source, i) => {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1] ?? (source.includes('/src/') ? 'own code' : null);
    if (pkg) sizes.set(pkg, (sizes.get(pkg) ?? 0) + (map.sourcesContent?.[i]?.length ?? 1));
  });
  const ranked = [...sizes].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  return ranked.slice(0, 5).join(', ') + (ranked.length > 5 ? ` +${ranked.length - 5}` : '');
}

function chunkFigure(relative: string): ChunkFigure {
  const file = path.join(publicDir, relative);
  return { file: relative, gzipKiB: round1(gzipSync(readFileSync(file), { level: 9 }).length / 1024), contains: chunkContents(file) };
}

const totalKiB = (chunks: ChunkFigure[]) => round1(chunks.reduce((sum, c) => sum + c.gzipKiB, 0));

/** The scripts index.html ('/') loads, and all JS of the build. */
function bundleSizes() {
  const html = readFileSync(path.join(publicDir, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/<script[^>]+src=["']?\/?([^"'\s>]+\.js)/g)].map((m) => chunkFigure(m[1]));
  const assets = path.join(publicDir, 'assets');
  const all = readdirSync(assets).filter((f) => f.endsWith('.js')).map((f) => chunkFigure(`assets/${f}`));
  return { initialJsGzipKiB: totalKiB(initial), initialScripts: initial.length, allJsGzipKiB: totalKiB(all), initialChunks: initial };
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

/** The targets (issue "First screen"): LCP of `/` (mobile profile), the JS `/` loads, cold start. */
const TARGETS = {
  vitalsLcpMs: { max: 1500, unit: 'ms', what: 'LCP of / (Chromium, mobile throttling, median)' },
  rootJsGzipKiB: { max: 150, unit: 'KiB', what: 'JavaScript / loads (gzip, every chunk)' },
  coldStartMs: { max: 1200, unit: 'ms', what: 'cold start (existing data dir, best of 3)' },
} as const;

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
  const sizes = only === 'api' ? null : bundleSizes();
  const front: Record<string, number> = sizes ? { initialJsGzipKiB: sizes.initialJsGzipKiB, initialScripts: sizes.initialScripts, allJsGzipKiB: sizes.allJsGzipKiB, ...(await coldStart()) } : {};
  const vitalsFigures = only === 'api' ? null : await vitals((line) => console.log(`… ${line}`));
  const lab: Record<string, number> = vitalsFigures
    ? { vitalsLcpMs: vitalsFigures.lcpMs, vitalsTbtMs: vitalsFigures.tbtMs, vitalsCls: vitalsFigures.clsScore }
    : {};
  // Every chunk `/` loads: the ones the browser fetched in the vitals runs (index.html's scripts and
  // any lazy chunk the screen asked for), or index.html's scripts alone without Chromium.
  const rootChunks = !sizes ? null : vitalsFigures
    ? vitalsFigures.scripts.map((p) => chunkFigure(p.replace(/^\//, '')))
    : sizes.initialChunks;
  const rootJs: Record<string, number> = rootChunks ? { rootJsGzipKiB: totalKiB(rootChunks), rootJsChunks: rootChunks.length } : {};
  if (rootChunks) {
    console.log('JavaScript / loads (gzip):');
    console.table(rootChunks.map((c) => ({ ...c, inIndexHtml: sizes?.initialChunks.some((i) => i.file === c.file) ? 'yes' : 'no' })));
  }
  const api: ApiFigures[] = [];
  const ops: OpsFigures[] = [];
  const bench = async (database: 'pglite' | 'postgres', log: (line: string) => void) => {
    const result = await apiBench(database, log);
    api.push(...result.api);
    ops.push(...result.ops);
  };
  if (only !== 'front') {
    const log = (line: string) => console.log(`… ${line}`);
    // BENCH_DATABASES=pglite or =postgres runs one of them (profiling).
    const databases = (process.env.BENCH_DATABASES || 'pglite,postgres').split(',');
    if (databases.includes('pglite')) await bench('pglite', log);
    if (!databases.includes('postgres')) console.log('PostgreSQL: skipped (BENCH_DATABASES)');
    else if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) await bench('postgres', log);
    else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  }
  const measured: Record<string, number> = { ...front, ...lab, ...rootJs };
  const targets = Object.entries(TARGETS).filter(([figure]) => figure in measured).map(([figure, t]) => ({
    figure, what: t.what, value: measured[figure], target: `≤ ${t.max} ${t.unit}`, met: measured[figure] <= t.max,
  }));
  const judged = judge(api);
  const results = {
    at: new Date().toISOString(),
    machine: { cores: os.availableParallelism(), cpu: os.cpus()[0]?.model ?? '?', loadAvg1m: round1(os.loadavg()[0]), node: process.version },
    reproduce: 'npm run bench (builds, then measures; TEST_DATABASE_URL or BENCH_DATABASE_URL for PostgreSQL); BENCH_ONLY=front or =api for one half; VITALS_RUNS sets the loads (default 5)',
    durationS: DURATION_S, ...front, ...lab, ...rootJs,
    rootChunks: rootChunks ?? undefined,
    targets,
    vitals: vitalsFigures && { ...vitalsFigures, samples: undefined }, api: judged, otherOperations: ops,
  };
  // Lighthouse's "good" thresholds for the lab figures without a target of their own.
  const good: Record<string, [number, string]> = { vitalsTbtMs: [200, 'ms'], vitalsCls: [0.1, ''] };
  if (only !== 'api') console.table(Object.entries(measured).map(([figure, value]) => {
    const target = targets.find((t) => t.figure === figure);
    return {
      figure,
      value,
      target: target ? target.target : good[figure] ? `good ≤ ${good[figure][0]} ${good[figure][1]}`.trim() : '',
      met: target ? (target.met ? 'yes' : 'NO') : good[figure] ? (value <= good[figure][0] ? 'yes' : 'no') : '',
    };
  }));
  console.log(`${results.machine.cores} cores (${results.machine.cpu}), load ${results.machine.loadAvg1m}, ${results.at}`);
  if (judged.length) {
    console.table(judged.map(({ cpuMsPerTransfer: cpu, ...f }) => ({
      ...f, cpuMs: `${cpu.server} + ${cpu.database ?? '-'} + ${cpu.loadGenerator}`,
    })));
  }
  if (ops.length) {
    console.table(ops.flatMap((o) => Object.entries(o.requests).map(([request, r]) => ({
      database: o.database, operations: o.ops, 'operations/s': o.opsPerS, request, 'ok/s': Math.round(r.ok / DURATION_S),
      p50Ms: r.p50, p99Ms: r.p99, otherStatuses: JSON.stringify(r.other),
    }))));
  }
  // The big histories' figures and the counted work (bench/history.ts, bench/work.ts: runs of their own) stay.
  const file = path.join(root, 'bench/results.json');
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { history?: unknown; work?: unknown }) : {};
  writeFileSync(file, `${JSON.stringify({ ...results, ...(kept.history ? { history: kept.history } : {}), ...(kept.work ? { work: kept.work } : {}) }, null, 2)}\n`);
  console.log('written bench/results.json');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
