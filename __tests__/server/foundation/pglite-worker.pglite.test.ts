/**
 * The app's embedded database as `npm start` opens it: PGlite in a worker thread of its own
 * (src/server/db/pglite-remote.ts, pglite-worker.ts), on a data directory. The driver's edges run on
 * it too (pglite-driver.test.ts); here, the app over it end to end, and what is the worker's own:
 * PostgreSQL's error fields carried across, a value that cannot cross refused, and a worker that
 * stops: what it was running fails as a lost connection (the API's 503), never hanging, even when
 * it dies while the server's thread waits on it for a transaction's statement; a new worker takes
 * over the data directory (a database in memory stays down); and no transaction spans two workers.
 * Run once, in the PGlite project (`*.pglite.test.ts`: jest.config.js leaves it out of server-pg).
 */
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import threads from 'node:worker_threads';
import { isDatabaseUnavailable, openDatabase } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrations';
import { UNAVAILABLE_MESSAGE } from '../../../src/server/lib/errors';
import { PGLITE_WORKER_START_MS, testAppOn, testConfig, type TestApp } from '../../support/test-app';
import { balances, ledgerSums } from '../../support/wallets';
import { funded, userTransfer } from '../transfers/helpers';

// Each test starts PGlite worker threads (support/test-app PGLITE_WORKER_START_MS).
jest.setTimeout(PGLITE_WORKER_START_MS);

/** Loaded into the worker by the last tests: a statement with one of its markers in it ends the thread. */
const DIES_HELPER = path.join(__dirname, '../../support/pglite-worker-dies.js');

const RealWorker = threads.Worker;

/**
 * Catches the worker threads the app starts from now on (on the module's own exports, which the
 * app's code reads), giving them `added` options too (execArgv added to their own).
 */
function catchWorkers(added: threads.WorkerOptions = {}): { workers: threads.Worker[]; restore(): void } {
  const workers: threads.Worker[] = [];
  const spy = jest.spyOn(threads, 'Worker').mockImplementation((file, options) => {
    const worker = new RealWorker(file, { ...options, ...added, execArgv: [...(options?.execArgv ?? []), ...(added.execArgv ?? [])] });
    workers.push(worker);
    return worker;
  });
  return { workers, restore: () => spy.mockRestore() };
}

/** The app on `dir` (null: in memory), with the worker threads it starts caught until the test ends. */
async function startAppCatchingWorkers(dir: string | null, added: threads.WorkerOptions = {}) {
  const caught = catchWorkers(added);
  try {
    return { t: await startApp(dir), workers: caught.workers, restore: caught.restore };
  } catch (err) {
    caught.restore();
    throw err;
  }
}

/** What the app logs when its worker stops and when a new one runs, caught (and kept off the test's output). */
function catchLogs() {
  return { error: jest.spyOn(console, 'error').mockImplementation(() => {}), warn: jest.spyOn(console, 'warn').mockImplementation(() => {}) };
}

/** Until GET /api/health answers 200 (the database runs again), for up to 20 s. */
async function healthy(t: TestApp): Promise<void> {
  for (const until = Date.now() + 20_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    if (res.statusCode === 200) return;
  }
  throw new Error('The database did not come back within 20 s');
}

/**
 * Until `worker` has started its database (its first message) and the app runs its calls there:
 * the app takes it in promise callbacks of that message, all run before the next turn's setImmediate.
 */
const takenOver = (worker: threads.Worker) =>
  new Promise<void>((resolve) => worker.once('message', () => setImmediate(resolve)));

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'kudi-pglite-worker-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The app over its own embedded database in `dir` (null: in memory), as main.ts starts it (migrations first). */
async function startApp(dir: string | null): Promise<TestApp> {
  const config = testConfig({ dataDir: dir });
  const database = await openDatabase(config);
  await migrateToLatest(database.db);
  return testAppOn(config, database);
}

afterEach(() => jest.restoreAllMocks());

describe('the app on PGlite in its worker thread', () => {
  it('a keyed payment moves the money once, its key answers the same again, and both survive a restart on the same data directory', async () => {
    let t = await startApp(path.join(dataDir, 'app'));
    expect(t.kind).toBe('pglite');
    const sender = await funded(t, { CAD: '100.00' });
    const recipient = await funded(t);
    const key = randomUUID();
    const first = await userTransfer(t, sender, 'CAD', { amount: '12.34', recipient_email: recipient.email }, key);
    expect(first.statusCode).toBe(200);
    const again = await userTransfer(t, sender, 'CAD', { amount: '12.34', recipient_email: recipient.email }, key);
    expect(again.json()).toEqual(first.json());
    expect(await balances(t, sender)).toEqual({ CAD: 87.66, NGN: 0 });
    expect(await balances(t, recipient)).toEqual({ CAD: 12.34, NGN: 0 });
    await t.close();

    // A new process would do this: a new worker on the same directory, the same secrets (kept there).
    t = await startApp(path.join(dataDir, 'app'));
    try {
      expect(await balances(t, sender)).toEqual({ CAD: 87.66, NGN: 0 });
      expect(await balances(t, recipient)).toEqual({ CAD: 12.34, NGN: 0 });
      const replay = await userTransfer(t, sender, 'CAD', { amount: '12.34', recipient_email: recipient.email }, key);
      expect(replay.json()).toEqual(first.json());
      expect(await balances(t, sender)).toEqual({ CAD: 87.66, NGN: 0 });
      expect(new Set(Object.values(await ledgerSums(t)))).toEqual(new Set(['0']));
    } finally {
      await t.close();
    }
  });

  it("PostgreSQL's error fields reach the caller; a value that cannot cross the thread is refused and the connection goes on", async () => {
    const database = await openDatabase({ dataDir: null, databaseUrl: null, databaseSchema: null });
    try {
      const { db } = database;
      await sql`create table pairs (a int primary key, b text not null constraint b_short check (length(b) < 4))`.execute(db);
      await sql`insert into pairs values (${1}, ${'x'})`.execute(db);
      await expect(sql`insert into pairs values (${1}, ${'y'})`.execute(db)).rejects.toMatchObject({
        code: '23505',
        constraint: 'pairs_pkey',
        detail: 'Key (a)=(1) already exists.',
        table: 'pairs',
        message: 'duplicate key value violates unique constraint "pairs_pkey"',
      });
      await expect(sql`insert into pairs values (${2}, ${'long'})`.execute(db)).rejects.toMatchObject({ code: '23514', constraint: 'b_short' });
      // A symbol, or an object with a function in it: in this thread the driver would have sent a text.
      await expect(sql`select ${Symbol('no')}::text as v`.execute(db)).rejects.toThrow(/could not be cloned/);
      // Inside a transaction the refusal rolls the transaction back like any failed statement.
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`insert into pairs values (${3}, ${'z'})`.execute(trx);
          await sql`select ${{ toJSON: () => 'x' }}::jsonb`.execute(trx);
        }),
      ).rejects.toThrow(/could not be cloned/);
      const { rows } = await sql<{ a: number }>`select a from pairs order by a`.execute(db);
      expect(rows).toEqual([{ a: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('a worker that stops under load: the request waiting on it gets a lost connection, none hangs; a new worker takes over the data directory, with everything committed there, later ones after a wait', async () => {
    const { t, workers, restore } = await startAppCatchingWorkers(path.join(dataDir, 'stops'));
    const logs = catchLogs();
    try {
      const sender = await funded(t, { CAD: '50.00' });
      const recipient = await funded(t);
      const paid = await userTransfer(t, sender, 'CAD', { amount: '5.00', recipient_email: recipient.email }, randomUUID());
      expect(paid.statusCode).toBe(200);
      // A statement that holds the worker while it is stopped.
      const waiting = sql`select pg_sleep(5)`.execute(t.db).catch((err: unknown) => err);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await workers[0]!.terminate();
      expect(isDatabaseUnavailable(await waiting)).toBe(true);
      await healthy(t);
      expect(workers).toHaveLength(2);
      expect(logs.error.mock.calls).toEqual([['The embedded database stopped: its thread ended (exit code 1); starting it again']]);
      expect(logs.warn.mock.calls).toEqual([['The embedded database runs again']]);
      expect(await balances(t, sender)).toEqual({ CAD: 45, NGN: 0 });
      expect(await balances(t, recipient)).toEqual({ CAD: 5, NGN: 0 });
      const again = await userTransfer(t, sender, 'CAD', { amount: '1.00', recipient_email: recipient.email }, randomUUID());
      expect(again.statusCode).toBe(200);
      expect(await balances(t, sender)).toEqual({ CAD: 44, NGN: 0 });

      // Stopping again soon after: the next start waits a second (then two, four, … up to 30).
      await workers[1]!.terminate();
      await healthy(t);
      expect(workers).toHaveLength(3);
      expect(logs.error.mock.calls[1]).toEqual(['The embedded database stopped: its thread ended (exit code 1); starting it again in 1 s']);
      expect(await balances(t, sender)).toEqual({ CAD: 44, NGN: 0 });
    } finally {
      restore();
      await t.close();
    }
  });

  it('a new worker that cannot start: requests meanwhile get 503 with the usual text, and the next try comes a second later, even after a worker that had run for over a minute', async () => {
    const { t, workers, restore } = await startAppCatchingWorkers(path.join(dataDir, 'cannot-start'));
    const logs = catchLogs();
    try {
      const sender = await funded(t, { CAD: '50.00' });
      let refusals = 1;
      jest.mocked(threads.Worker).mockImplementation((file, options) => {
        if (refusals-- > 0) throw new Error('No thread for you');
        const worker = new RealWorker(file, options);
        workers.push(worker);
        return worker;
      });
      // The worker ran for over a minute (the clock says): its stop starts the waits over, the
      // failed start after it does not.
      const now = Date.now.bind(Date);
      jest.spyOn(Date, 'now').mockImplementation(() => now() + 61_000);
      await workers[0]!.terminate();
      for (const until = Date.now() + 10_000; logs.error.mock.calls.length < 2 && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(logs.error.mock.calls).toEqual([
        ['The embedded database stopped: its thread ended (exit code 1); starting it again'],
        ['The embedded database stopped: it could not start again (No thread for you); starting it again in 1 s'],
      ]);
      const read = await t.app.inject({ method: 'GET', url: '/api/wallet/cad-wallet', headers: sender.headers });
      expect([read.statusCode, read.json()]).toEqual([503, { success: false, message: UNAVAILABLE_MESSAGE }]);
      await healthy(t);
      expect(workers).toHaveLength(2);
      expect(await balances(t, sender)).toEqual({ CAD: 50, NGN: 0 });
    } finally {
      restore();
      await t.close();
    }
  });

  it('a database in memory whose worker stops stays down: every later request gets 503 with the usual text', async () => {
    const { t, workers, restore } = await startAppCatchingWorkers(null);
    const logs = catchLogs();
    try {
      const sender = await funded(t, { CAD: '50.00' });
      const recipient = await funded(t);
      await workers[0]!.terminate();
      // Its data went with the thread: no new one is started on an empty database.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(workers).toHaveLength(1);
      const res = await userTransfer(t, sender, 'CAD', { amount: '1.00', recipient_email: recipient.email }, randomUUID());
      expect([res.statusCode, res.json()]).toEqual([503, { success: false, message: UNAVAILABLE_MESSAGE }]);
      const read = await t.app.inject({ method: 'GET', url: '/api/wallet/cad-wallet', headers: sender.headers });
      expect([read.statusCode, read.json()]).toEqual([503, { success: false, message: UNAVAILABLE_MESSAGE }]);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      expect(logs.error.mock.calls).toEqual([
        ['The embedded database stopped: its thread ended (exit code 1); it held its data in memory, so it is not started again'],
      ]);
    } finally {
      restore();
      await t.close();
    }
  });

  // A thread that ends without its exit handlers (as one stopped for running out of memory) leaves
  // no word: only the Worker's 'exit' event tells, and that reaches the server's thread only once
  // the wait no longer holds it (pglite-remote.ts BLOCKING_MAX_NS).
  it.each([
    ['of an uncaught exception', 'DIES_MARKER'],
    ['without a word', 'SILENT_MARKER'],
  ] as const)("a worker that dies %s while the server's thread waits on it for a transaction's statement: that statement fails as a lost connection at once; with the new worker, nothing of the transaction is there", async (_how, marker) => {
    const markers = (await import(DIES_HELPER)) as Record<typeof marker | 'DIES_MARKER', string>;
    const { t, restore } = await startAppCatchingWorkers(path.join(dataDir, marker), { execArgv: ['--import', DIES_HELPER] });
    catchLogs();
    try {
      const sender = await funded(t, { CAD: '50.00' });
      const recipient = await funded(t);
      const started = Date.now();
      const failed = await t.db
        .transaction()
        .execute(async (trx) => {
          await sql`update users set first_name = 'Changed' where id = ${sender.id}::uuid`.execute(trx);
          // Longer than the worker looks for the transaction's next statement without sleeping, so
          // this one arrives as a message (the helper's way in), while this thread waits for it.
          await new Promise((resolve) => setTimeout(resolve, 20));
          await sql`select 1 /* ${sql.raw(markers[marker])} ${sql.raw(markers.DIES_MARKER)} */`.execute(trx);
        })
        .then(() => null, (err: unknown) => err);
      expect(isDatabaseUnavailable(failed)).toBe(true);
      expect(Date.now() - started).toBeLessThan(1_000);
      await healthy(t);
      const { rows } = await sql<{ first_name: string }>`select first_name from users where id = ${sender.id}::uuid`.execute(t.db);
      expect(rows).toEqual([{ first_name: sender.firstName }]);
      expect(await balances(t, sender)).toEqual({ CAD: 50, NGN: 0 });
      const paid = await userTransfer(t, sender, 'CAD', { amount: '1.00', recipient_email: recipient.email }, randomUUID());
      expect(paid.statusCode).toBe(200);
      expect(await balances(t, recipient)).toEqual({ CAD: 1, NGN: 0 });
    } finally {
      restore();
      await t.close();
    }
  });

  // Sent to the new worker, the statement would be committed on its own, and the COMMIT (of no
  // transaction there: a warning, no error) would tell the caller that the transaction was.
  it.each([
    ['its next statement', true],
    ['its COMMIT', false],
  ] as const)('a transaction whose worker stopped between its statements does not go on on the new worker: %s is refused, and nothing of it is committed', async (_what, statementAfter) => {
    const { t, workers, restore } = await startAppCatchingWorkers(path.join(dataDir, `between-${statementAfter}`));
    catchLogs();
    try {
      const sender = await funded(t, { CAD: '50.00' });
      const failed = await t.db
        .transaction()
        .execute(async (trx) => {
          await sql`update users set first_name = 'Changed' where id = ${sender.id}::uuid`.execute(trx);
          await workers[0]!.terminate();
          for (const until = Date.now() + 20_000; workers.length < 2 && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 20));
          await takenOver(workers[1]!);
          if (statementAfter) await sql`update users set last_name = 'Changed' where id = ${sender.id}::uuid`.execute(trx);
        })
        .then(() => null, (err: unknown) => err);
      expect(isDatabaseUnavailable(failed)).toBe(true);
      await healthy(t);
      const { rows } = await sql<{ first_name: string; last_name: string }>`select first_name, last_name from users where id = ${sender.id}::uuid`.execute(t.db);
      expect(rows).toEqual([{ first_name: sender.firstName, last_name: sender.lastName }]);
    } finally {
      restore();
      await t.close();
    }
  });
});
