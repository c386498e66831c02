/**
 * `npm run test:bank`: the bank test (issue 7), after Jepsen's bank workload.
 *
 * Starts the real server, creates verified customers with PINs through the API, funds them by
 * signed deposit webhooks, then runs concurrent clients over HTTP (user-to-user transfers in CAD and
 * NGN, conversions, Interac and bank payouts — some to destinations the simulated rails decline —,
 * deposits, reads), about 10% of money calls sent twice under one Idempotency-Key (half of them at
 * the same moment), and cancels of some acknowledged payouts (spec-next §C): in their hold
 * (PAYOUT_HOLD_S, 1 s here), around the hand-over or late, a quarter of them twice at once. On PostgreSQL the server is killed with SIGKILL every few seconds and started
 * again. Sending limits bind (spec-next §B, limits.ts): the server runs with a low LIMITS_JSON
 * scaled to the run's length; every third customer is Plus, every other one a traveller who sent
 * before the run in another time zone (which, moved, still counts for their day), and the workload
 * sizes its sends so that about a fifth of them are refused over the per-transfer or day limit. Afterwards the server is
 * restarted, settlement is awaited (bounded), and checks.ts checks the ledger and the API,
 * limit-checks.ts the limits, and last the reconciliation (`npm run reconcile`'s checks, report in
 * reconciliation.json of the run's directory) must find nothing. Prints a one-line summary; exits 1 on any violation.
 *
 * Many processes, one ledger (issue 18): `--processes N` runs N server processes on the one
 * PostgreSQL, the clients spread over them as a load balancer would (http.ts Balancer); each kill
 * takes down one process at a time while the others serve. `--pg-restarts N` restarts PostgreSQL
 * itself (fast shutdown and start) N times during the load, on a PostgreSQL of the test's own
 * (support/private-postgres.ts, never the shared one): every process must answer again within 5 s
 * without a restart of its own, and meanwhile answers 503 "briefly unavailable", never another 5xx.
 * After the run every keyed operation whose answer was lost is sent again with its key and must get
 * its final answer within the server's idempotency lease and a few seconds (a key is never stuck).
 * `--cluster` puts the processes on a primary, its streaming replica and PgBouncer of the test's own
 * (support/private-cluster.ts, scripts/dev-cluster.sh): the API through PgBouncer, history and
 * details from the replica. `--pg-restarts` then restarts the primary, `--bouncer-restarts N` kills
 * PgBouncer (SIGKILL) and starts a new one (the processes answer again within 5 s, as after a
 * PostgreSQL restart), `--replica-crashes N` stops the replica at once for a few seconds (reads go
 * on from the primary: not one 503). On the cluster every acknowledged payment is looked up at once
 * in the payer's transaction detail (GET /transactions/{id}): it must be there, whichever process
 * answers and however far the replica lags (read-your-writes). On PGlite, `--worker-crashes N`
 * stops the app's database thread at once N times during the load: the app must answer again
 * within 10 s on a new one (recovered from the data directory; plus the app's wait when its threads
 * keep dying within a minute) and meanwhile answer 503, as after a PostgreSQL restart.
 *
 *   TEST_DATABASE_URL=postgres://… npm run test:bank [-- --duration 300 --kills 10 --clients 16 --customers 20]
 *   npm run test:bank -- --db pglite --duration 20 --worker-crashes 2
 *   npm run test:bank -- --processes 2 --pg-restarts 1 --kills 2   (its own PostgreSQL: no URL needed)
 *
 * Without TEST_DATABASE_URL (or --database-url) and without --db pglite it stops with a message
 * saying what to set.
 */
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../../src/server/db/database';
import { RESTART_DELAYS_MS, RESTART_FORGIVEN_AFTER_MS } from '../../src/server/db/pglite-remote';
import { startPrivateCluster, type PrivateCluster } from '../support/private-cluster';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import { checkDatabase, checkReconciliation, checkThroughApi, unsettledPayouts } from './checks';
import { createCustomer, login, type BankCustomer } from './customers';
import { Balancer, Http, sleep } from './http';
import { checkLimits, checkLimitsThroughApi } from './limit-checks';
import { limitsForRun, limitsJson, MID_RATE } from './limits';
import { ChildServer, freePort, InProcessServer, type ServerUnderTest } from './server';
import { answerLost, COUNTED, fund, outcomeOf, runWorkload, travellersBeforeTheRun, type Op, type WorkloadOptions, type WorkloadStats } from './workload';

/** QUOTE_TTL_S of the server under test. */
const QUOTE_HOLD_S = 2;
/** IDEMPOTENCY_LEASE_MS of the server under test (its default). */
const IDEMPOTENCY_LEASE_MS = 10_000;
/** After a PostgreSQL restart every process answers again within this long. */
const BACK_WITHIN_MS = 5_000;
/**
 * After a PGlite thread's crash the app answers again within this long, or within the time its
 * first start took to open the database in this run if that was longer (plus, either way, its own
 * wait between repeated restarts): a new thread loads PGlite's WebAssembly and recovers the data
 * directory in the app's own process, 1.2–2.3 s on a quiet machine; beside CI's other steps (both
 * bank tests, lint, typecheck and the build on two cores) 3.4–10.9 s, when the first open (a new
 * thread that also creates the directory) took 27–38 s. A restart slower than creating the
 * database is what the check catches on a busy machine.
 */
const PGLITE_BACK_WITHIN_MS = 10_000;
/** How long a crashed replica stays down before it is started again. */
const REPLICA_DOWN_MS = 4_000;

interface Options {
  db: 'postgres' | 'pglite';
  databaseUrl: string | null;
  durationS: number;
  kills: number;
  processes: number;
  pgRestarts: number;
  /** A primary, its replica and PgBouncer of the test's own (--cluster), and their faults. */
  cluster: boolean;
  bouncerRestarts: number;
  replicaCrashes: number;
  /** PGlite: its thread stopped at once during the run (--worker-crashes). */
  workerCrashes: number;
  clients: number;
  customers: number;
  settleMs: number;
  holdS: number;
  leaseMs: number;
  cancelRate: number;
  settleWaitS: number;
  duplicateRate: number;
  keep: boolean;
  /** Self-test of the checks: corrupt the ledger before checking (the run must then fail). */
  injectFault: boolean;
}

const USAGE = `Usage: npm run test:bank -- [options]
  --db postgres|pglite   database (default: postgres when TEST_DATABASE_URL is set)
  --database-url URL     PostgreSQL database to use (default: TEST_DATABASE_URL); use a scratch database
  --duration S           seconds of concurrent load (default 60; the day and 30-day limits scale with it)
  --kills N              SIGKILL + restart of a server process during the run (default 3; PGlite: 0, no kills)
  --processes N          server processes on the one PostgreSQL, the clients spread over them (default 1)
  --pg-restarts N        PostgreSQL restarts (fast shutdown and start) during the run (default 0); the test
                         then starts a PostgreSQL of its own (initdb, PG_BIN) instead of using a URL
  --cluster              PostgreSQL as a primary, a streaming replica and PgBouncer of the test's own
                         (scripts/dev-cluster.sh in a temporary folder): the API through PgBouncer, reads
                         from the replica; --pg-restarts restarts the primary
  --bouncer-restarts N   (--cluster) PgBouncer killed (SIGKILL) and started again during the run (default 0)
  --replica-crashes N    (--cluster) the replica stopped at once, down ${REPLICA_DOWN_MS / 1000} s, started again (default 0)
  --worker-crashes N     (--db pglite) the app's PGlite thread stopped at once during the run; the app starts another (default 0)
  --clients N            concurrent HTTP clients (default 8)
  --customers N          customers (default 10)
  --settle-ms MS         PAYOUT_SETTLE_MS of the server (default 1000)
  --hold-s S             PAYOUT_HOLD_S of the server: how long a payout may be cancelled (default 1)
  --lease-ms MS          PAYOUT_LEASE_MS of the server: when a payout claimed by a killed server comes due again (default 5000)
  --cancel-rate R        share of acknowledged payouts then cancelled, in the hold or late (default 0.3)
  --settle-wait S        bounded wait for payout settlement after the run (default 150)
  --duplicate-rate R     share of money calls sent twice under one Idempotency-Key (default 0.1)
  --keep                 keep the temporary directory (server log, PGlite data)
  --inject-fault         self-test: duplicate one acknowledged transfer in the ledger before the checks
                         (the run must then report violations, the reconciliation's among them, and exit 1)`;

function fail(message: string): never {
  console.error(`bank: ${message}`);
  process.exit(2);
}

function parseArgs(argv: string[]): Options {
  const raw = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (arg === '--keep' || arg === '--inject-fault' || arg === '--cluster') {
      flags.add(arg.slice(2));
      continue;
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) fail(`unknown argument ${arg}\n${USAGE}`);
    const value = match[2] ?? argv[(i += 1)];
    if (value === undefined) fail(`--${match[1]} needs a value`);
    raw.set(match[1], value);
  }
  const known = [
    'db', 'database-url', 'duration', 'kills', 'processes', 'pg-restarts', 'bouncer-restarts', 'replica-crashes', 'worker-crashes', 'clients', 'customers', 'settle-ms', 'hold-s', 'lease-ms',
    'cancel-rate', 'settle-wait', 'duplicate-rate',
  ];
  for (const name of raw.keys()) if (!known.includes(name)) fail(`unknown option --${name}\n${USAGE}`);
  const num = (name: string, fallback: number, min: number, max: number) => {
    const value = raw.has(name) ? Number(raw.get(name)) : fallback;
    if (!Number.isFinite(value) || value < min || value > max) fail(`--${name} must be a number from ${min} to ${max}`);
    return value;
  };
  const databaseUrl = raw.get('database-url') ?? process.env.TEST_DATABASE_URL ?? null;
  const dbFlag = raw.get('db');
  if (dbFlag !== undefined && dbFlag !== 'postgres' && dbFlag !== 'pg' && dbFlag !== 'pglite') fail('--db must be postgres or pglite');
  const db = dbFlag === 'pglite' ? 'pglite' : 'postgres';
  const pgRestarts = num('pg-restarts', 0, 0, 100);
  if (db === 'pglite' && pgRestarts > 0) fail('--pg-restarts needs PostgreSQL');
  const cluster = flags.has('cluster');
  if (db === 'pglite' && cluster) fail('--cluster needs PostgreSQL');
  const bouncerRestarts = num('bouncer-restarts', 0, 0, 100);
  const replicaCrashes = num('replica-crashes', 0, 0, 100);
  if (!cluster && bouncerRestarts + replicaCrashes > 0) fail('--bouncer-restarts and --replica-crashes need --cluster');
  const workerCrashes = num('worker-crashes', 0, 0, 100);
  if (db !== 'pglite' && workerCrashes > 0) fail('--worker-crashes needs --db pglite');
  if (db === 'postgres' && !databaseUrl && pgRestarts === 0 && !cluster) {
    fail(
      'no database to test. Set TEST_DATABASE_URL to a scratch PostgreSQL database, e.g.\n' +
        "  psql -h 127.0.0.1 -U postgres -c 'create database kudi_bank'\n" +
        '  TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/kudi_bank npm run test:bank\n' +
        'or run the single-process PGlite form (no kills): npm run test:bank -- --db pglite',
    );
  }
  const kills = num('kills', db === 'pglite' ? 0 : 3, 0, 1000);
  if (db === 'pglite' && kills > 0) fail('--kills needs PostgreSQL: PGlite runs in one process, which the test cannot kill and keep');
  const processes = num('processes', 1, 1, 16);
  if (db === 'pglite' && processes > 1) fail('--processes needs PostgreSQL: PGlite runs in one process');
  return {
    db,
    // With PostgreSQL restarts or a cluster the test starts its own (main), whatever URL is set.
    databaseUrl: db === 'postgres' && pgRestarts === 0 && !cluster ? databaseUrl : null,
    durationS: num('duration', 60, 1, 86_400),
    kills,
    processes,
    pgRestarts,
    cluster,
    bouncerRestarts,
    replicaCrashes,
    workerCrashes,
    clients: num('clients', 8, 1, 256),
    customers: num('customers', 10, 2, 1000),
    settleMs: num('settle-ms', 1000, 0, 60_000),
    holdS: num('hold-s', 1, 0, 60),
    leaseMs: num('lease-ms', 5000, 1000, 3_600_000),
    cancelRate: num('cancel-rate', 0.3, 0, 1),
    settleWaitS: num('settle-wait', 150, 10, 3600),
    duplicateRate: num('duplicate-rate', 0.1, 0, 1),
    keep: flags.has('keep'),
    injectFault: flags.has('inject-fault'),
  };
}

const secret = () => randomBytes(32).toString('base64url');

async function forgetEarlierRunsPinSecret(databaseUrl: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl, dataDir: null, databaseSchema: null });
  try {
    const { rows } = await sql<{ present: boolean }>`select to_regclass('secret_checks') is not null as present`.execute(handle.db);
    if (rows[0]?.present) await sql`delete from secret_checks where name = 'PIN_SECRET'`.execute(handle.db);
  } finally {
    await handle.close();
  }
}
/** Whether anything is killed or restarted during the run (answers may then be lost). */
const anyFaults = (options: Options) => options.kills + options.pgRestarts + options.bouncerRestarts + options.replicaCrashes + options.workerCrashes > 0;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const log = (text: string) => console.log(`bank: ${text}`);

async function createCustomers(http: Http, runId: string, count: number): Promise<BankCustomer[]> {
  const customers: BankCustomer[] = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) customers[i] = await createCustomer(http, runId, i);
  };
  await Promise.all(Array.from({ length: Math.min(3, count) }, worker));
  return customers;
}

/**
 * SIGKILL at evenly spread moments (with jitter), each followed at once by a restart; with several
 * processes, one at a time in turn (the others keep serving).
 */
async function killer(servers: ServerUnderTest[], options: Options, started: number, deadline: number, onKill: (note: string) => void) {
  const interval = (deadline - started) / (options.kills + 1);
  for (let k = 1; k <= options.kills; k += 1) {
    const at = started + interval * k + (Math.random() - 0.5) * interval * 0.4;
    await sleep(Math.max(0, at - Date.now()));
    const server = servers[(k - 1) % servers.length];
    if (!server.up) continue;
    const killedAt = Date.now();
    await server.kill();
    await server.start();
    const which = servers.length > 1 ? ` of process ${(k - 1) % servers.length + 1}/${servers.length}` : '';
    onKill(`kill ${k}${which} at ${seconds(killedAt - started)}, back after ${seconds(Date.now() - killedAt)}`);
  }
}

/** A part under the API that the run takes down: the database (its own, or the cluster's primary), PgBouncer, the replica. */
interface Infrastructure {
  restartPostgres?: () => Promise<void>;
  restartBouncer?: () => Promise<void>;
  crashReplica?: () => Promise<void>;
  crashWorker?: () => Promise<void>;
}

type InfraFault = 'postgres' | 'bouncer' | 'replica' | 'worker';

const FAULT_NAMES: Record<InfraFault, string> = {
  postgres: 'PostgreSQL restart', bouncer: 'PgBouncer restart', replica: 'replica crash', worker: 'PGlite thread crash',
};

/** The faults of the run in turn (one of each kind, then the next of each), so that no kind bunches up. */
function faultSchedule(options: Options): InfraFault[] {
  const left: Record<InfraFault, number> = {
    postgres: options.pgRestarts, bouncer: options.bouncerRestarts, replica: options.replicaCrashes, worker: options.workerCrashes,
  };
  const order: InfraFault[] = [];
  while (left.postgres + left.bouncer + left.replica + left.worker > 0) {
    for (const kind of ['bouncer', 'postgres', 'replica', 'worker'] as const) {
      if (left[kind] > 0) {
        order.push(kind);
        left[kind] -= 1;
      }
    }
  }
  return order;
}

/**
 * PostgreSQL (or the cluster's primary) restarted, PgBouncer killed and started again, the replica
 * crashed for a while, PGlite's thread stopped: each at a moment half-way between two of the kills
 * (without kills, spread evenly over the run). After a restart of PostgreSQL or PgBouncer (or
 * PGlite's crash), every server process that was up must answer GET /health again within
 * BACK_WITHIN_MS (PGLITE_BACK_WITHIN_MS or more: see there), without a restart of its own (a process the killer takes down meanwhile is left
 * to the killer); `window(open)` brackets the time a 503 "briefly unavailable" is expected. A
 * replica crash opens no window: the reads go on from the primary.
 */
async function infrastructureFaults(
  parts: Infrastructure, servers: (ChildServer | InProcessServer)[], options: Options, started: number, deadline: number,
  window: (open: boolean) => void, onFault: (kind: InfraFault, note: string) => void, violations: string[],
) {
  const faults = faultSchedule(options);
  // The kills come every `kill` ms (killer); a fault goes half-way between two of them.
  const kill = (deadline - started) / (options.kills + 1);
  const count: Record<InfraFault, number> = { postgres: 0, bouncer: 0, replica: 0, worker: 0 };
  // The app waits before starting a new PGlite thread when the last one ran under a minute
  // (pglite-remote.ts): that wait is added to PGLITE_BACK_WITHIN_MS (or the first open's time).
  let workerRestarts = 0;
  let workerBackAt = 0;
  for (const [i, kind] of faults.entries()) {
    const slot = Math.floor(((i + 1) * (options.kills + 1)) / (faults.length + 1));
    const due = options.kills > 0 ? started + kill * (slot + 0.5) : started + ((deadline - started) * (i + 1)) / (faults.length + 1);
    await sleep(Math.max(0, due - Date.now()));
    const n = (count[kind] += 1);
    const name = `${FAULT_NAMES[kind]} ${n}`;
    const at = Date.now();
    if (kind === 'replica') {
      await parts.crashReplica!();
      onFault(kind, `${name} at ${seconds(at - started)}: down ${seconds(REPLICA_DOWN_MS)}, back after ${seconds(Date.now() - at)}`);
      continue;
    }
    // At least one process up to watch (the killer takes down one at a time).
    while (!servers.some((server) => server.up)) await sleep(100);
    window(true);
    try {
      const watched = servers.filter((server) => server.up);
      const starts = watched.map((server) => server.starts);
      let within = BACK_WITHIN_MS;
      if (kind === 'worker') {
        if (at - workerBackAt >= RESTART_FORGIVEN_AFTER_MS) workerRestarts = 0;
        const firstOpen = Math.max(0, ...servers.map((server) => (server instanceof InProcessServer ? server.firstOpenMs ?? 0 : 0)));
        within = Math.max(PGLITE_BACK_WITHIN_MS, firstOpen) + RESTART_DELAYS_MS[Math.min(workerRestarts, RESTART_DELAYS_MS.length - 1)]!;
        workerRestarts += 1;
      }
      await { postgres: parts.restartPostgres!, bouncer: parts.restartBouncer!, worker: parts.crashWorker! }[kind]();
      const back = Date.now();
      const answered = await Promise.all(watched.map(async (server, i) => {
        const http = new Http(server.baseUrl);
        for (;;) {
          // Killed meanwhile: the killer restarts it, and its start waits for its own health.
          if (!server.up || server.starts !== starts[i]) return null;
          if ((await http.call('/api/health', { timeoutMs: 2_000 })).status === 200) return Date.now() - back;
          if (Date.now() - back > Math.max(30_000, within + 20_000)) return Infinity;
          await sleep(50);
        }
      }));
      const timed = answered.filter((ms): ms is number => ms !== null);
      const slowest = Math.max(0, ...timed);
      if (kind === 'worker') workerBackAt = back + slowest;
      if (slowest > within) violations.push(`after ${name} a server process answered only after ${seconds(slowest)} (allowed: ${seconds(within)})`);
      onFault(
        kind,
        `${name} at ${seconds(at - started)} took ${seconds(back - at)}; ` +
          `${timed.length} process${timed.length === 1 ? '' : 'es'} answered again ${seconds(slowest)} after, none restarted` +
          (timed.length < watched.length ? ` (${watched.length - timed.length} killed meanwhile, left to the killer)` : ''),
      );
    } finally {
      // Requests sent while the database was away may still come back 503 for a moment.
      await sleep(1_000);
      window(false);
    }
  }
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'kudi-bank-'));
  const logFile = path.join(tmp, 'server.log');
  let ownPostgres: PrivatePostgres | null = null;
  let ownCluster: PrivateCluster | null = null;
  const parts: Infrastructure = {};
  if (options.cluster) {
    ownCluster = await startPrivateCluster();
    // The checks read the primary itself; the servers go through PgBouncer.
    options.databaseUrl = ownCluster.primaryUrl;
    parts.restartPostgres = () => ownCluster!.restartPrimary('fast');
    parts.restartBouncer = () => ownCluster!.restartBouncer();
    parts.crashReplica = () => ownCluster!.crashReplica(REPLICA_DOWN_MS);
  } else if (options.pgRestarts > 0) {
    ownPostgres = await startPrivatePostgres();
    options.databaseUrl = ownPostgres.url;
    parts.restartPostgres = () => ownPostgres!.restart('fast');
  }
  const webhookSecret = secret();
  const limits = limitsForRun(options.durationS);
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    SIMULATORS: 'on',
    PAYOUT_JOB: 'on',
    PAYOUT_SETTLE_MS: String(options.settleMs),
    // Payouts may be cancelled for this long before they are handed to the rail (spec-next §C).
    PAYOUT_HOLD_S: String(options.holdS),
    // A payout claimed by a killed server comes due again after this long (the default 30 s left the
    // settlement after the run waiting up to 16 s for the claims of the last kill).
    PAYOUT_LEASE_MS: String(options.leaseMs),
    LOG_LEVEL: options.db === 'pglite' ? 'error' : 'warn',
    JWT_SECRET: secret(),
    PIN_SECRET: secret(),
    WEBHOOK_SECRET: webhookSecret,
    OTP_SECRET: secret(),
    DATA_DIR: path.join(tmp, 'data'),
    // Limits that bind (limits.ts): the workload sizes its sends to meet them late in the run.
    LIMITS_JSON: limitsJson(limits),
    // NGN sends count in CAD at this rate, rounded up; the checks recompute each send's count with it.
    FX_MID_RATE: MID_RATE,
    // Quotes hold briefly, so the conversions that wait past a quote's hold (workload.ts) do not wait long.
    QUOTE_TTL_S: String(QUOTE_HOLD_S),
    // A few clients send as a whole country would: their quotes are not held to one person's pace.
    QUOTES_PER_MINUTE: '1000000',
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (ownCluster) Object.assign(env, ownCluster.env);
  const where = options.db === 'pglite'
    ? `PGlite in ${env.DATA_DIR} (in process)`
    : ownCluster
      ? `a primary, its replica and PgBouncer of its own (${ownCluster.env.DATABASE_URL} through PgBouncer)`
      : `PostgreSQL ${options.databaseUrl!.replace(/\/\/[^@/]*@/, '//…@')}${ownPostgres ? ' (its own, restarted during the run)' : ''}`;
  log(
    `run ${runId} on ${where}: ${options.durationS} s, ${options.clients} clients, ${options.customers} customers, ` +
      `${options.processes} process${options.processes > 1 ? 'es' : ''}, ${options.kills} kills, ${options.pgRestarts} PostgreSQL restarts` +
      `${ownCluster ? `, ${options.bouncerRestarts} PgBouncer restarts, ${options.replicaCrashes} replica crashes` : ''}` +
      `${options.db === 'pglite' ? `, ${options.workerCrashes} PGlite thread crashes` : ''}; server log ${logFile}`,
  );

  const servers: (ChildServer | InProcessServer)[] = [];
  for (let i = 0; i < options.processes; i += 1) {
    const port = await freePort();
    servers.push(
      options.db === 'pglite'
        ? new InProcessServer({ port, env, logFile, dataDir: env.DATA_DIR })
        : new ChildServer({ port, env, logFile }),
    );
  }
  const server = servers[0];
  if (server instanceof InProcessServer) parts.crashWorker = () => server.crashDatabase();
  let restarting = false;
  const http = new Balancer(servers.map((s) => new Http(s.baseUrl)), () => restarting);
  const faultsDone: Record<InfraFault, number> = { postgres: 0, bouncer: 0, replica: 0, worker: 0 };
  let checkDb: Db | null = null;
  let closeCheckDb: (() => Promise<void>) | null = null;
  const violations: string[] = [];
  const notes: string[] = [];
  const ops: Op[] = [];
  let opId = 0;
  const nextId = () => (opId += 1);
  const stats: WorkloadStats = { reads: 0, readErrors: 0, ownWritesRead: 0, statuses: {}, violations };
  let kills = 0;

  try {
    let t0 = Date.now();
    // A scratch database an earlier run used keeps that run's PIN_SECRET: its customers' PINs are
    // HMACs under it, and a server with this run's secret would refuse to start (db/secret-check.ts).
    // This run makes customers of its own, so that record is dropped.
    if (options.databaseUrl && !ownCluster && !ownPostgres) await forgetEarlierRunsPinSecret(options.databaseUrl);
    // The first process migrates the database; the others start once it is up.
    await server.start();
    await Promise.all(servers.slice(1).map((s) => s.start()));
    const opened = servers[0] instanceof InProcessServer && servers[0].firstOpenMs !== null ? ` (its database opened in ${seconds(servers[0].firstOpenMs)})` : '';
    log(`server${servers.length > 1 ? ` processes (${servers.length})` : ''} up in ${seconds(Date.now() - t0)}${opened}`);
    t0 = Date.now();
    const customers = await createCustomers(http, runId, options.customers);
    await fund({ http, customers, webhookSecret, ops, nextId, stats });
    const workload: WorkloadOptions = {
      http,
      customers,
      webhookSecret,
      clients: options.clients,
      deadline: 0,
      duplicateRate: options.duplicateRate,
      retryLost: anyFaults(options),
      readYourWrites: options.cluster,
      ops,
      nextId,
      stats,
      quoteHoldMs: QUOTE_HOLD_S * 1000,
      payoutHoldMs: options.holdS * 1000,
      cancelRate: options.cancelRate,
      limits,
      midRate: MID_RATE,
      started: 0,
    };
    await travellersBeforeTheRun(workload);
    const plus = customers.filter((c) => c.tier === 'Plus').length;
    const travellers = customers.filter((c) => c.traveller).length;
    log(
      `${customers.length} verified customers with PINs (${plus} Plus, ${travellers} travellers who sent before the run and moved zone), funded, in ${seconds(Date.now() - t0)}; ` +
        `limits ${limitsJson(limits)}, mid rate ${MID_RATE}`,
    );

    const started = Date.now();
    const deadline = started + options.durationS * 1000;
    workload.started = started;
    workload.deadline = deadline;
    const killing = killer(servers, options, started, deadline, (note) => {
      kills += 1;
      log(note);
    });
    const restartingParts = infrastructureFaults(parts, servers, options, started, deadline, (open) => { restarting = open; }, (kind, note) => {
      faultsDone[kind] += 1;
      log(note);
    }, violations);
    const progress = setInterval(() => {
      log(`… ${seconds(Date.now() - started)}: ${ops.length} operations, ${stats.reads} reads`);
    }, 15_000);
    await Promise.all([runWorkload(workload), killing, restartingParts]);
    clearInterval(progress);
    log(`load done after ${seconds(Date.now() - started)}: ${ops.length} operations, ${stats.reads} reads`);

    // Restart after the run, then let settlement complete (bounded wait).
    t0 = Date.now();
    for (const s of servers) await s.stop();
    await server.start();
    await Promise.all(servers.slice(1).map((s) => s.start()));
    // Every keyed operation whose answer was lost gets its final answer under its key, within the lease.
    if (anyFaults(options)) {
      for (const customer of customers) customer.token = await login(http, customer.email);
      const lost = ops.filter((op) => !op.setup && !op.noKey && outcomeOf(op) === 'unknown');
      const took = await Promise.all(lost.map((op) => answerLost(workload, op, IDEMPOTENCY_LEASE_MS + 5_000)));
      const answered = took.filter((ms): ms is number => ms !== null);
      log(
        `${lost.length} operations whose answer was lost sent again under their keys: ${answered.length} answered ` +
          `(longest after ${seconds(Math.max(0, ...answered))})`,
      );
    }
    if (server instanceof InProcessServer) {
      checkDb = server.db;
    } else {
      const handle = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: null, databaseSchema: null });
      checkDb = handle.db;
      closeCheckDb = () => handle.close();
    }
    if (!checkDb) throw new Error('no database handle for the checks');
    let unsettled = await unsettledPayouts(checkDb);
    while (unsettled > 0 && Date.now() - t0 < options.settleWaitS * 1000) {
      await sleep(1000);
      unsettled = await unsettledPayouts(checkDb);
    }
    log(`restarted; settlement ${unsettled === 0 ? 'complete' : `NOT complete (${unsettled} payouts pending)`} after ${seconds(Date.now() - t0)}`);

    if (options.injectFault) {
      // Write a second copy of one acknowledged user-to-user transfer, as a broken idempotency would.
      await sql.raw(
        `insert into ledger_transfers (reference, debit_account_id, credit_account_id, amount, currency, status, kind, metadata, posted_at)
         select 'FAULT' || reference, debit_account_id, credit_account_id, amount, currency, status, kind, metadata, posted_at
           from ledger_transfers t where kind = 'wallet_transfer' and status = 'posted'
            and exists (select 1 from users u join ledger_accounts a on a.user_id = u.id
                         where a.id = t.debit_account_id and u.email like 'bank-${runId}-%')
          order by id limit 1`,
      ).execute(checkDb);
      log('injected a fault: one user-to-user transfer recorded twice');
    }
    t0 = Date.now();
    const ledger = await checkDatabase(checkDb, runId, customers, ops);
    violations.push(...ledger.violations);
    notes.push(...ledger.notes);
    const limitUsage = await checkLimits(checkDb, runId, customers, ops, limits, MID_RATE);
    violations.push(...limitUsage.violations);
    notes.push(...limitUsage.notes);
    // Tokens may have expired during a long run: sign in again for the API checks.
    for (const customer of customers) customer.token = await login(http, customer.email);
    const api = await checkThroughApi(http, checkDb, customers, ops);
    violations.push(...api.violations);
    notes.push(...api.notes);
    const limitApi = await checkLimitsThroughApi(http, customers, limits, limitUsage.usage);
    violations.push(...limitApi.violations);
    // Last, after settlement: the reconciliation of the whole books finds nothing.
    const reconciliation = await checkReconciliation(checkDb);
    violations.push(...reconciliation.violations);
    notes.push(...reconciliation.notes);
    writeFileSync(path.join(tmp, 'reconciliation.json'), `${JSON.stringify(reconciliation.report, null, 2)}\n`);
    log(`checks took ${seconds(Date.now() - t0)}`);
  } catch (err) {
    violations.push(`the test itself failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  } finally {
    for (const s of servers) {
      await s.stop().catch(() => undefined);
      if (s instanceof ChildServer) s.close();
    }
    await closeCheckDb?.().catch(() => undefined);
    await ownPostgres?.destroy().catch(() => undefined);
    await ownCluster?.destroy().catch(() => undefined);
  }

  // Server errors in its log (5xx are already violations; this counts everything logged as error).
  let loggedErrors = 0;
  try {
    loggedErrors = readFileSync(logFile, 'utf8').split('\n').filter((line) => /"level":(50|60)/.test(line)).length;
  } catch {
    /* no log (in-process server) */
  }

  const money = ops.filter((op) => !op.setup);
  const outcomes = { ok: 0, failed: 0, unknown: 0 };
  for (const op of money) outcomes[outcomeOf(op)] += 1;
  const sentTwice = money.filter((op) => op.duplicate !== 'none').length;
  const sends = money.filter((op) => COUNTED.includes(op.kind));
  const overLimit = sends.filter((op) => op.sends.some((s) => s.status === 403)).length;
  const cancels = money.flatMap((op) => op.cancels ?? []);
  const cancelAnswers = (status: number) => cancels.filter((c) => c.status === status).length;
  for (const note of notes) log(note);
  const statuses = Object.entries(stats.statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ');
  log(`answers: ${statuses}`);
  if (loggedErrors > 0) log(`${loggedErrors} error lines in the server log ${logFile}`);
  if (options.cluster) {
    let fellBack = 0;
    try {
      fellBack = readFileSync(logFile, 'utf8').split('\n').filter((line) => line.includes('the replica did not answer')).length;
    } catch {
      /* no log */
    }
    log(`the replica failed to answer ${fellBack} time${fellBack === 1 ? '' : 's'} (each time the process read on the primary for a few seconds)`);
  }
  for (const violation of violations) console.log(`VIOLATION: ${violation}`);
  console.log(
    `bank summary: db=${options.db} duration=${options.durationS}s clients=${options.clients} customers=${options.customers} ` +
      `operations=${money.length} acknowledged=${outcomes.ok} refused=${outcomes.failed} unacknowledged=${outcomes.unknown} ` +
      `sent-twice=${sentTwice} over-limit=${overLimit}/${sends.length} sends cancels=${cancels.length} (200: ${cancelAnswers(200)}, 409: ${cancelAnswers(409)}, lost: ${cancelAnswers(0)}) ` +
      `reads=${stats.reads} own-writes-read=${stats.ownWritesRead} processes=${options.processes} kills=${kills} pg-restarts=${faultsDone.postgres} ` +
      `${options.cluster ? `bouncer-restarts=${faultsDone.bouncer} replica-crashes=${faultsDone.replica} ` : ''}` +
      `${options.db === 'pglite' ? `worker-crashes=${faultsDone.worker} ` : ''}` +
      `503s-while-restarting=${http.unavailable} violations=${violations.length}`,
  );
  if (!options.keep && violations.length === 0) rmSync(tmp, { recursive: true, force: true });
  else log(`kept ${tmp}`);
  process.exit(violations.length === 0 ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
