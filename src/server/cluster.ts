import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config';

/** A worker that dies is replaced at once the first time; more deaths within this window wait longer. */
const DEATH_WINDOW_MS = 60_000;
const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 30_000;
/** How long the primary waits for its workers to drain (each cuts its own requests at 10 s) before it kills them. */
const SHUTDOWN_TIMEOUT_MS = 20_000;

/** The primary's lines, for the operator (and the cluster test, which reads the workers' pids from them). */
const say = (line: string) => console.log(`cluster: ${line}`);

/**
 * The wait before the replacement of a worker that died, given how many died within the last
 * minute (this one included): none for the first, then 1 s, 2 s, 4 s… up to 30 s, so a worker that
 * cannot start (the database is down) is not forked in a tight loop.
 */
export function restartDelayMs(recentDeaths: number): number {
  if (recentDeaths <= 1) return 0;
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (recentDeaths - 2));
}

/**
 * The primary of `WEB_CONCURRENCY=N npm start` (the database already migrated, by main.ts): forks N
 * workers that each open the database and listen on the same port (node:cluster hands out the
 * connections), replaces a worker that exits while the primary is not shutting down, and on
 * SIGTERM/SIGINT sends every worker SIGTERM (each drains: plugins/drain.ts) and exits when all have
 * (0 if each exited 0).
 */
export function runPrimary(config: Config): void {
  const workers = config.webConcurrency;
  let shuttingDown = false;
  let announced = false;
  let deaths: number[] = [];
  const pendingForks = new Set<NodeJS.Timeout>();
  const exitCodes: (number | null)[] = [];
  /** Forked and not yet exited (cluster.workers drops a worker at its disconnect, which may come first). */
  const alive = new Set<Worker>();
  const listening = new Set<Worker>();

  const fork = () => {
    const worker = cluster.fork();
    alive.add(worker);
    say(`worker ${worker.id} started (pid ${worker.process.pid})`);
  };
  const live = () => [...alive];

  cluster.on('listening', (worker) => {
    say(`worker ${worker.id} listening (pid ${worker.process.pid})`);
    listening.add(worker);
    if (!announced && listening.size === workers) {
      announced = true;
      console.log(`\n  Kudi is running at http://localhost:${config.port} (${workers} processes)\n`);
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    const served = listening.has(worker);
    alive.delete(worker);
    listening.delete(worker);
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (shuttingDown) {
      // A worker the SIGTERM met before it listened (its drain not yet set up) had nothing to drain:
      // ended by that signal, it stopped cleanly.
      exitCodes.push(!served && signal === 'SIGTERM' ? 0 : signal ? null : code);
      say(`worker ${worker.id} stopped (pid ${worker.process.pid}, ${how})`);
      if (live().length === 0) {
        const clean = exitCodes.every((c) => c === 0);
        say(clean ? 'all workers stopped' : 'all workers stopped, not all cleanly');
        process.exit(clean ? 0 : 1);
      }
      return;
    }
    const now = Date.now();
    deaths = deaths.filter((at) => now - at < DEATH_WINDOW_MS);
    deaths.push(now);
    const delay = restartDelayMs(deaths.length);
    say(`worker ${worker.id} died (pid ${worker.process.pid}, ${how}); ${delay ? `replacing it in ${delay / 1000} s (${deaths.length} deaths in the last minute)` : 'replacing it'}`);
    const timer = setTimeout(() => {
      pendingForks.delete(timer);
      if (!shuttingDown) fork();
    }, delay);
    pendingForks.add(timer);
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    for (const timer of pendingForks) clearTimeout(timer);
    const running = live();
    say(`${signal}: draining ${running.length} workers`);
    if (running.length === 0) process.exit(0);
    for (const worker of running) worker.process.kill('SIGTERM');
    setTimeout(() => {
      const left = live();
      say(`${left.length} workers still running after ${SHUTDOWN_TIMEOUT_MS / 1000} s; killing them`);
      for (const worker of left) worker.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // The kernel deals the connections (each worker accepts on the shared socket), not the primary
  // round-robin: node:cluster's round-robin hands a connection to a worker over IPC, and one handed
  // to a worker as it dies or closes its port at the end of a drain can be left unanswered for good
  // (the client hangs until its own timeout). With the kernel's, such a connection is reset at
  // once and the others go to the workers still listening. NODE_CLUSTER_SCHED_POLICY=rr (Node's
  // own setting) chooses round-robin, which spreads connections more evenly.
  if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
  say(`primary ${process.pid}: ${workers} workers on PostgreSQL, port ${config.port}`);
  for (let i = 0; i < workers; i += 1) fork();
}
