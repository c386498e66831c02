/**
 * Lighthouse-style lab figures for `/` (what a signed-out visitor sees: the auth screen), in
 * Debian's Chromium through Playwright, offline (Lighthouse itself is not used):
 * Largest Contentful Paint, Total Blocking Time and Cumulative Layout Shift, median of N fresh loads.
 *
 * Throttling 'mobile' applies Lighthouse's mobile profile the way its `throttlingMethod: 'devtools'`
 * does, over CDP: "slow 4G" network (Lighthouse's mobileSlow4G with its DevTools adjustment:
 * 150 ms RTT × 3.75 = 562.5 ms request latency, 1.6 Mbit/s × 0.9 = 1,474.6 Kbit/s down,
 * 750 Kbit/s × 0.9 = 675 Kbit/s up) and CPU slowed 4× (Emulation.setCPUThrottlingRate). Note that
 * Lighthouse's default is *simulated* throttling (Lantern), which usually reports lower figures than
 * applied throttling; and the 4× is relative to this machine, which is shared and busy, not to
 * Lighthouse's reference desktop. Throttling 'none' loads at full speed. Both use Lighthouse's mobile
 * screen (412×823 CSS px, DPR 1.75, touch, mobile UA).
 *
 * Each load uses a new browser context (empty HTTP and code caches, no storage, cache disabled too)
 * on one browser. Observers are registered by an init script before any page script runs:
 * - LCP: the last 'largest-contentful-paint' entry (startTime) before measurement ends; no input is
 *   sent, so LCP is never cut short by input.
 * - CLS: 'layout-shift' entries without hadRecentInput (except, as in Lighthouse, the flags Chromium
 *   sets by itself right after the mobile emulation: see countedShifts), grouped in session windows
 *   as web-vitals and Lighthouse do (a window closes after a 1 s gap or at 5 s long); CLS is the
 *   largest window. The plain sum (clsSumScore) is reported as well.
 * - TBT: over 'longtask' entries (> 50 ms), Lighthouse's formula: each task clipped to [FCP, TTI],
 *   blocking time = clipped duration − 50 ms when positive, summed.
 * - TTI (approximation of Lighthouse's): from FCP, the first 5 s window with no long task and no more
 *   than 2 requests in flight (requests from Resource/Navigation Timing, so only finished ones);
 *   TTI = max(FCP, DOMContentLoaded end, end of the last long task before that window). The page is
 *   watched until such a window has been seen (about 5 s after the last activity), capped by
 *   maxWaitMs (then TTI is the end of the last long task seen, and `ttiCapped` is set).
 * - Scripts: the JavaScript files the page fetched by then (Resource Timing), so bench/run.ts can
 *   size every chunk '/' loads, lazy ones included.
 *
 * Run on its own (`node --import tsx bench/vitals.ts`, after `npm run build`): starts the server on a
 * free port with DATA_DIR=:memory: as playwright.config.ts does, and measures. VITALS_RUNS (default 5),
 * VITALS_THROTTLING=mobile|none|both (default both), CHROMIUM_PATH (default /usr/bin/chromium),
 * PUBLIC_DIR (another build; default dist/public).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';

export type Throttling = 'mobile' | 'none';

export interface VitalsOptions {
  /** Origin of a running Kudi server, e.g. http://127.0.0.1:4398 */
  baseUrl: string;
  /** Fresh loads to take the median of (default 5). */
  runs?: number;
  /** 'mobile' (slow 4G + 4× CPU, default) or 'none'. */
  throttling?: Throttling;
  /** Path measured (default '/'). */
  path?: string;
  /** Longest a single load is watched for a quiet window (default 45 s throttled, 20 s unthrottled). */
  maxWaitMs?: number;
  executablePath?: string;
  log?: (line: string) => void;
}

export interface VitalsRun {
  lcpMs: number;
  tbtMs: number;
  clsScore: number;
  clsSumScore: number;
  /** Shifts counted in CLS. */
  layoutShifts: number;
  fcpMs: number;
  ttiMs: number;
  ttiCapped: boolean;
  loadMs: number;
  longTasks: number;
  transferKiB: number;
  lcpElement: string;
  /** Paths of the JavaScript files the page loaded by the end of the measurement, in load order. */
  scripts: string[];
}

export interface VitalsFigures {
  throttling: Throttling;
  runs: number;
  /** Medians over the runs, each figure on its own. */
  lcpMs: number;
  tbtMs: number;
  clsScore: number;
  fcpMs: number;
  ttiMs: number;
  /** Wall-clock time the whole measurement took. */
  elapsedMs: number;
  /** 1-minute load average of the host when done (the machine is shared). */
  loadAvg: number;
  /** Every JavaScript file any of the loads fetched (paths, first-seen order). */
  scripts: string[];
  samples: VitalsRun[];
}

/** Lighthouse's mobileSlow4G, with its DevTools-throttling adjustment (constants.js). */
export const MOBILE_SLOW_4G = {
  requestLatencyMs: 150 * 3.75,
  downloadThroughputKbps: 1.6 * 1024 * 0.9,
  uploadThroughputKbps: 750 * 0.9,
  cpuSlowdownMultiplier: 4,
} as const;

/** Lighthouse's mobile screen emulation and user agent. */
const MOBILE_CONTEXT: BrowserContextOptions = {
  viewport: { width: 412, height: 823 },
  screen: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) '
    + 'Chrome/136.0.0.0 Mobile Safari/537.36',
};

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-extensions'];

const QUIET_WINDOW_MS = 5000;
const BLOCKING_THRESHOLD_MS = 50;

interface Span { start: number; end: number }

interface PageSnapshot {
  now: number;
  fcp: number | null;
  dcl: number;
  load: number;
  lcp: { time: number; element: string } | null;
  shifts: { time: number; value: number; hadRecentInput: boolean; lastInputTime: number }[];
  longTasks: Span[];
  requests: Span[];
  transferBytes: number;
  scripts: string[];
}

// The page-side code is plain JavaScript in strings: functions handed to Playwright are serialized
// from their transpiled source, and tsx (esbuild keepNames) adds `__name` calls the page lacks.

/** Runs in the page before its own scripts: buffers the entries the figures are computed from. */
const INSTALL_OBSERVERS = `(() => {
  const store = { lcp: null, shifts: [], longTasks: [] };
  window.__kudiVitals = store;
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
    } catch (e) { /* entry type not supported: the figure stays empty */ }
  };
  observe('largest-contentful-paint', (entry) => {
    const el = entry.element;
    store.lcp = {
      time: entry.startTime,
      element: el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' "' + (el.textContent || '').trim().slice(0, 40) + '"' : '?',
    };
  });
  observe('layout-shift', (entry) => {
    store.shifts.push({ time: entry.startTime, value: entry.value, hadRecentInput: entry.hadRecentInput, lastInputTime: entry.lastInputTime });
  });
  observe('longtask', (entry) => {
    store.longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  });
})()`;

/** Reads the buffered entries and the timing of the page so far (a PageSnapshot). */
const READ_SNAPSHOT = `(() => {
  const store = window.__kudiVitals;
  const nav = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const timed = (nav ? [nav] : []).concat(performance.getEntriesByType('resource'));
  return {
    now: performance.now(),
    fcp: fcp ? fcp.startTime : null,
    dcl: nav ? nav.domContentLoadedEventEnd : 0,
    load: nav ? nav.loadEventEnd : 0,
    lcp: store.lcp,
    shifts: store.shifts,
    longTasks: store.longTasks,
    requests: timed.map((r) => ({ start: r.startTime, end: r.responseEnd })),
    transferBytes: timed.reduce((sum, r) => sum + (r.transferSize || r.encodedBodySize || 0), 0),
    scripts: performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname).filter((p) => p.endsWith('.js')),
  };
})()`;

/** Spans where more than 2 requests were in flight. */
function networkBusy(requests: Span[]): Span[] {
  const edges = requests.flatMap((r) => [{ t: r.start, d: 1 }, { t: r.end, d: -1 }])
    .sort((a, b) => a.t - b.t || a.d - b.d);
  const busy: Span[] = [];
  let inFlight = 0;
  let since = 0;
  for (const { t, d } of edges) {
    const before = inFlight;
    inFlight += d;
    if (before <= 2 && inFlight > 2) since = t;
    if (before > 2 && inFlight <= 2) busy.push({ start: since, end: t });
  }
  return busy;
}

/** TTI as described in the header, or null while no 5 s quiet window has been seen yet. */
function timeToInteractive(s: PageSnapshot, fcp: number): number | null {
  const busy = [...s.longTasks, ...networkBusy(s.requests)].filter((b) => b.end > fcp).sort((a, b) => a.start - b.start);
  let quietFrom = fcp;
  for (const b of busy) {
    if (b.start - quietFrom >= QUIET_WINDOW_MS) break;
    quietFrom = Math.max(quietFrom, b.end);
  }
  if (s.now - quietFrom < QUIET_WINDOW_MS) return null;
  return lastLongTaskEnd(s, fcp, quietFrom);
}

function lastLongTaskEnd(s: PageSnapshot, fcp: number, before: number): number {
  const ends = s.longTasks.filter((t) => t.end <= before).map((t) => t.end);
  return Math.max(fcp, s.dcl, ...ends);
}

/** Lighthouse's TBT: long tasks clipped to [start, end], minus 50 ms each, summed. */
function totalBlockingTime(tasks: Span[], start: number, end: number): number {
  return tasks.reduce((sum, t) => {
    const clipped = Math.min(t.end, end) - Math.max(t.start, start);
    return clipped > BLOCKING_THRESHOLD_MS ? sum + clipped - BLOCKING_THRESHOLD_MS : sum;
  }, 0);
}

/**
 * The shifts that count. No input is ever sent, but Chromium flags hadRecentInput for 500 ms after
 * the viewport/device emulation lands (crbug.com/1302667, crbug.com/1094974), which hides early
 * shifts. As Lighthouse does: a flagged shift still counts until the first unflagged one, or when
 * within 500 ms of that first "input".
 */
function countedShifts(shifts: PageSnapshot['shifts']): PageSnapshot['shifts'] {
  const sorted = [...shifts].sort((a, b) => a.time - b.time);
  const firstInput = sorted.find((x) => x.hadRecentInput)?.lastInputTime ?? 0;
  let respectInput = false;
  return sorted.filter((x) => {
    if (!x.hadRecentInput) {
      respectInput = true;
      return true;
    }
    return !respectInput || x.time < firstInput + 500;
  });
}

/** web-vitals' CLS: the largest session window (gap < 1 s, window ≤ 5 s). */
function cumulativeLayoutShift(shifts: PageSnapshot['shifts']): number {
  let max = 0;
  let current = 0;
  let first = 0;
  let previous = 0;
  for (const { time, value } of shifts) {
    if (current > 0 && time - previous < 1000 && time - first < 5000) {
      current += value;
    } else {
      current = value;
      first = time;
    }
    previous = time;
    max = Math.max(max, current);
  }
  return max;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

async function measureOnce(browser: Browser, url: string, throttling: Throttling, maxWaitMs: number): Promise<VitalsRun> {
  const context = await browser.newContext({ ...MOBILE_CONTEXT, serviceWorkers: 'block' });
  try {
    await context.addInitScript({ content: INSTALL_OBSERVERS });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (throttling === 'mobile') {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: MOBILE_SLOW_4G.requestLatencyMs,
        downloadThroughput: (MOBILE_SLOW_4G.downloadThroughputKbps * 1024) / 8,
        uploadThroughput: (MOBILE_SLOW_4G.uploadThroughputKbps * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_SLOW_4G.cpuSlowdownMultiplier });
    }
    await page.goto(url, { waitUntil: 'load', timeout: maxWaitMs });
    for (;;) {
      const s = (await page.evaluate(READ_SNAPSHOT)) as PageSnapshot;
      const fcp = s.fcp;
      const tti = fcp === null ? null : timeToInteractive(s, fcp);
      const capped = s.now >= maxWaitMs;
      if ((fcp !== null && tti !== null) || capped) {
        if (fcp === null || !s.lcp) throw new Error(`${url}: no ${fcp === null ? 'first' : 'largest'} contentful paint after ${round(s.now)} ms`);
        const ttiMs = tti ?? lastLongTaskEnd(s, fcp, Infinity);
        const shifts = countedShifts(s.shifts);
        return {
          lcpMs: round(s.lcp.time),
          tbtMs: round(totalBlockingTime(s.longTasks, fcp, ttiMs)),
          clsScore: round(cumulativeLayoutShift(shifts), 4),
          clsSumScore: round(shifts.reduce((sum, x) => sum + x.value, 0), 4),
          layoutShifts: shifts.length,
          fcpMs: round(fcp),
          ttiMs: round(ttiMs),
          ttiCapped: tti === null,
          loadMs: round(s.load),
          longTasks: s.longTasks.length,
          transferKiB: round(s.transferBytes / 1024, 1),
          lcpElement: s.lcp.element,
          scripts: s.scripts,
        };
      }
      await page.waitForTimeout(500);
    }
  } finally {
    await context.close();
  }
}

/** Median LCP, TBT and CLS of `runs` fresh loads of `path` (default '/') on a running server. */
export async function measureVitals(options: VitalsOptions): Promise<VitalsFigures> {
  const { baseUrl, runs = 5, throttling = 'mobile', log } = options;
  const maxWaitMs = options.maxWaitMs ?? (throttling === 'mobile' ? 45_000 : 20_000);
  const url = new URL(options.path ?? '/', baseUrl).href;
  const started = Date.now();
  const browser = await chromium.launch({
    executablePath: options.executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const samples: VitalsRun[] = [];
  try {
    for (let i = 0; i < runs; i += 1) {
      const run = await measureOnce(browser, url, throttling, maxWaitMs);
      samples.push(run);
      log?.(`vitals ${throttling} ${i + 1}/${runs}: LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.clsScore}`
        + ` (FCP ${run.fcpMs}, TTI ${run.ttiMs}${run.ttiCapped ? ' capped' : ''}, ${run.longTasks} long tasks)`);
    }
  } finally {
    await browser.close();
  }
  const med = (key: 'lcpMs' | 'tbtMs' | 'clsScore' | 'fcpMs' | 'ttiMs') => median(samples.map((s) => s[key]));
  return {
    throttling,
    runs,
    lcpMs: round(med('lcpMs')),
    tbtMs: round(med('tbtMs')),
    clsScore: round(med('clsScore'), 4),
    fcpMs: round(med('fcpMs')),
    ttiMs: round(med('ttiMs')),
    elapsedMs: Date.now() - started,
    loadAvg: round(os.loadavg()[0], 2),
    scripts: [...new Set(samples.flatMap((s) => s.scripts))],
    samples,
  };
}

// ---- On its own: start the server (as playwright.config.ts does) and measure. ----

const root = path.resolve(__dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function startServer(port: number): Promise<() => Promise<void>> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: ':memory:', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: 'ignore',
  });
  const stop = () => new Promise<void>((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return stop;
    } catch { /* not up yet */ }
    if (Date.now() - started > 60_000) {
      await stop();
      throw new Error('server did not start in 60 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main() {
  const publicDir = path.resolve(root, process.env.PUBLIC_DIR || 'dist/public');
  if (!existsSync(path.join(publicDir, 'index.html'))) {
    console.error(`No build in ${publicDir}: run \`npm run build\` first.`);
    process.exit(1);
  }
  const runs = Number(process.env.VITALS_RUNS || 5);
  const mode = process.env.VITALS_THROTTLING || 'both';
  const modes: Throttling[] = mode === 'both' ? ['mobile', 'none'] : [mode as Throttling];
  if (!modes.every((m) => m === 'mobile' || m === 'none')) throw new Error('VITALS_THROTTLING is mobile, none or both');
  const port = await freePort();
  const stop = await startServer(port);
  try {
    const figures: VitalsFigures[] = [];
    for (const throttling of modes) {
      figures.push(await measureVitals({ baseUrl: `http://127.0.0.1:${port}`, runs, throttling, log: (l) => console.log(`… ${l}`) }));
    }
    console.table(figures.map(({ samples: _samples, scripts: _scripts, ...f }) => f));
    for (const f of figures) console.log(`${f.throttling}: scripts loaded: ${f.scripts.join(', ')}`);
  } finally {
    await stop();
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
