/**
 * Issue 18's job exactly-once test: two worker PROCESSES (job-worker.ts, spawned as
 * support/entry.ts says) run the real job passes against one PostgreSQL schema and share 1,000 due
 * jobs; each job is done exactly once (its handler writes a row to a table without a unique
 * constraint, in the job's transaction), none is left pending. Then again with one worker
 * SIGKILLed while it holds claims: those jobs come back when its lease lapses and the other worker
 * does them, once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrations';
import { enqueueJobs } from '../../../src/server/modules/jobs/jobs.repository';
import { nodeArgsFor } from '../../support/entry';

const ROOT = path.resolve(__dirname, '../../..');
const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('exactly-once.pg.test.ts runs on PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
const schema = `jobs_once_${randomBytes(5).toString('hex')}`;
const JOBS = 1000;
/** A worker still running after this long is stuck: killed, and its output shown. */
const WORKER_TIMEOUT_MS = 50_000;

const SHARED = 'test.effect.shared';
const KILLED = 'test.effect.killed';
const KILLED_LEASE_MS = 1_500;
let shared: Worker[] = [];
let victim: Worker;
let survivor: Worker;

let database: DatabaseHandle;
beforeAll(async () => {
  const admin = await openDatabase({ dataDir: null, databaseUrl: url, databaseSchema: null, databasePoolSize: 1 });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.close();
  database = await openDatabase({ dataDir: null, databaseUrl: url, databaseSchema: schema, databasePoolSize: 2 });
  await migrateToLatest(database.db);
  await sql`create table job_effects (job_id bigint not null, worker text not null)`.execute(database.db);
  // Every worker process starts now (loading takes a moment each) and waits for its "go".
  shared = [startWorker('a', SHARED, 30_000), startWorker('b', SHARED, 30_000)];
  [victim, survivor] = [startWorker('victim', KILLED, KILLED_LEASE_MS), startWorker('survivor', KILLED, KILLED_LEASE_MS)];
});
afterAll(async () => {
  for (const worker of [...shared, victim, survivor]) if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
  await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db);
  await database.close();
});

interface Worker {
  name: string;
  child: ChildProcess;
  ready: Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>;
}

function startWorker(name: string, kind: string, leaseMs: number): Worker {
  const child = spawn(path.join(ROOT, 'node_modules/.bin/node'), nodeArgsFor('__tests__/server/jobs/job-worker.ts'), {
    cwd: ROOT,
    env: { ...process.env, JOBS_DB_URL: url, JOBS_DB_SCHEMA: schema, WORKER: name, LEASE_MS: String(leaseMs), KIND: kind },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    onReady = resolve;
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('ready\n')) onReady();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`worker ${name} still running after ${WORKER_TIMEOUT_MS / 1000} s:\n${output}`));
    }, WORKER_TIMEOUT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output });
    });
  });
  const dead = exited.then(({ output: out }) => {
    throw new Error(`worker ${name} exited before it was ready:\n${out}`);
  });
  return { name, child, ready: Promise.race([ready, dead]), exited };
}

const go = (worker: Worker) => worker.child.stdin!.write('go\n');

async function enqueue(kind: string): Promise<void> {
  for (let i = 0; i < JOBS; i += 250) {
    await enqueueJobs(database.db, Array.from({ length: 250 }, (_, j) => ({ kind, payload: { n: i + j } })));
  }
}

/** Per job of the kind: how many effects it left, its status and attempts. */
async function outcome(kind: string) {
  const { rows } = await sql<{ id: string; status: string; attempts: number; effects: string }>`
    select j.id, j.status, j.attempts, (select count(*) from job_effects e where e.job_id = j.id) as effects
    from jobs j where j.kind = ${kind}`.execute(database.db);
  return rows.map((r) => ({ ...r, effects: Number(r.effects) }));
}

async function effectsBy(worker: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from job_effects where worker = ${worker}`.execute(database.db);
  return Number(rows[0]!.n);
}

async function until(what: string, condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

it('two processes share 1,000 jobs: each is done exactly once, none is left', async () => {
  const kind = SHARED;
  await enqueue(kind);
  const workers = shared;
  await Promise.all(workers.map((w) => w.ready));
  workers.forEach(go);
  const exits = await Promise.all(workers.map((w) => w.exited));
  for (const exit of exits) expect(exit).toMatchObject({ code: 0, signal: null });

  const jobs = await outcome(kind);
  expect(jobs).toHaveLength(JOBS);
  expect(jobs.filter((j) => j.effects !== 1)).toEqual([]);
  expect(jobs.filter((j) => j.status !== 'done')).toEqual([]);
  // Both processes took part (they started together, and each job takes a few milliseconds).
  expect(await effectsBy('a')).toBeGreaterThan(0);
  expect(await effectsBy('b')).toBeGreaterThan(0);
  expect((await effectsBy('a')) + (await effectsBy('b'))).toBe(JOBS);
});

it('a process SIGKILLed while it holds claims: its jobs come back after the lease and are done once', async () => {
  const kind = KILLED;
  await enqueue(kind);
  await Promise.all([victim.ready, survivor.ready]);
  go(victim);
  // The victim gets a head start, and is killed in the middle of a batch: some done, more claimed.
  const held = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from jobs where kind = ${kind} and status = 'pending' and locked_by = 'victim' and locked_until > now()`.execute(database.db)).rows[0]!.n);
  await until('the victim to do jobs and hold more', async () => (await effectsBy('victim')) >= 50 && (await held()) >= 10, 30_000);
  victim.child.kill('SIGKILL');
  expect(await victim.exited).toMatchObject({ signal: 'SIGKILL' });
  const claimedAtDeath = await sql<{ id: string }>`select id from jobs where kind = ${kind} and status = 'pending' and locked_by = 'victim'`.execute(database.db);
  expect(claimedAtDeath.rows.length).toBeGreaterThan(0);

  go(survivor);
  expect(await survivor.exited).toMatchObject({ code: 0, signal: null });

  const jobs = await outcome(kind);
  expect(jobs).toHaveLength(JOBS);
  expect(jobs.filter((j) => j.effects !== 1)).toEqual([]);
  expect(jobs.filter((j) => j.status !== 'done')).toEqual([]);
  // The jobs the victim held when it died were taken again (a second attempt) and done by the survivor.
  const retaken = new Set(claimedAtDeath.rows.map((r) => r.id));
  const redone = jobs.filter((j) => retaken.has(j.id));
  expect(redone.every((j) => j.attempts === 2)).toBe(true);
  const { rows: doers } = await sql<{ worker: string }>`
    select distinct e.worker from job_effects e join jobs j on j.id = e.job_id
    where j.kind = ${kind} and j.id = any(${[...retaken].map(Number)}::bigint[])`.execute(database.db);
  expect(doers.map((d) => d.worker)).toEqual(['survivor']);
  expect((await effectsBy('victim')) + (await effectsBy('survivor'))).toBe(JOBS);
});
