/**
 * The app's embedded database as `npm start` opens it: PGlite in a worker thread of its own
 * (src/server/db/pglite-remote.ts, pglite-worker.ts), on a data directory. The driver's edges run on
 * it too (pglite-driver.test.ts); here, the app over it end to end, and what is the worker's own:
 * PostgreSQL's error fields carried across, a value that cannot cross refused, and a worker that
 * stops or is closed answering as a lost connection (the API's 503), never hanging, even when it
 * dies while the server's thread waits on it for a transaction's statement. Run once, in
 * the PGlite project (`*.pglite.test.ts`: jest.config.js leaves it out of server-pg).
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
import { testAppOn, testConfig, type TestApp } from '../../support/test-app';
import { balances, ledgerSums } from '../../support/wallets';
import { funded, userTransfer } from '../transfers/helpers';

/** Loaded into the worker by the last tests: a statement with one of its markers in it ends the thread. */
const DIES_HELPER = path.join(__dirname, '../../support/pglite-worker-dies.js');

/**
 * Starts the app as startApp does, catching the worker thread it makes (on the module's own
 * exports, which the app's code reads); `added` options are given to it too (execArgv added to its own).
 */
async function startAppCatchingWorker(dir: string, added: threads.WorkerOptions = {}): Promise<{ t: TestApp; worker: threads.Worker }> {
  const RealWorker = threads.Worker;
  let worker: threads.Worker | undefined;
  const spy = jest.spyOn(threads, 'Worker').mockImplementation((file, options) => {
    worker = new RealWorker(file, { ...options, ...added, execArgv: [...(options?.execArgv ?? []), ...(added.execArgv ?? [])] });
    return worker;
  });
  try {
    const t = await startApp(dir);
    return { t, worker: worker! };
  } finally {
    spy.mockRestore();
  }
}

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'kudi-pglite-worker-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The app over its own embedded database in `dir`, as main.ts starts it (migrations first). */
async function startApp(dir: string): Promise<TestApp> {
  const config = testConfig({ dataDir: dir });
  const database = await openDatabase(config);
  await migrateToLatest(database.db);
  return testAppOn(config, database);
}

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

  it('a worker that stops under load: the request waiting on it and every later one get 503 with the usual text, none hangs', async () => {
    const { t, worker } = await startAppCatchingWorker(path.join(dataDir, 'stops'));
    try {
      const sender = await funded(t, { CAD: '50.00' });
      const recipient = await funded(t);
      // A statement that holds the worker while it is stopped.
      const waiting = sql`select pg_sleep(5)`.execute(t.db).catch((err: unknown) => err);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await worker.terminate();
      expect(isDatabaseUnavailable(await waiting)).toBe(true);
      const res = await userTransfer(t, sender, 'CAD', { amount: '1.00', recipient_email: recipient.email }, randomUUID());
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ success: false, message: UNAVAILABLE_MESSAGE });
      const read = await t.app.inject({ method: 'GET', url: '/api/wallet/cad-wallet', headers: sender.headers });
      expect([read.statusCode, read.json()]).toEqual([503, { success: false, message: UNAVAILABLE_MESSAGE }]);
    } finally {
      await t.close();
    }
  });

  // A thread that ends without its exit handlers (as one stopped for running out of memory) leaves
  // no word: only the Worker's 'exit' event tells, and that reaches the server's thread only once
  // the wait no longer holds it (pglite-remote.ts BLOCKING_MAX_NS).
  it.each([
    ['of an uncaught exception', 'DIES_MARKER'],
    ['without a word', 'SILENT_MARKER'],
  ] as const)("a worker that dies %s while the server's thread waits on it for a transaction's statement: that statement fails as a lost connection at once, nothing of the transaction stays, later requests get 503", async (_how, marker) => {
    const markers = (await import(DIES_HELPER)) as Record<typeof marker | 'DIES_MARKER', string>;
    const dir = path.join(dataDir, marker);
    const { t } = await startAppCatchingWorker(dir, { execArgv: ['--import', DIES_HELPER] });
    const sender = await funded(t, { CAD: '50.00' });
    const recipient = await funded(t);
    try {
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
      const res = await userTransfer(t, sender, 'CAD', { amount: '1.00', recipient_email: recipient.email }, randomUUID());
      expect([res.statusCode, res.json()]).toEqual([503, { success: false, message: UNAVAILABLE_MESSAGE }]);
    } finally {
      await t.close();
    }
    // On the same data directory, a new worker (PGlite recovers from the crash): the transaction's
    // write is not there, the money is as it was.
    const again = await startApp(dir);
    try {
      const { rows } = await sql<{ first_name: string }>`select first_name from users where id = ${sender.id}::uuid`.execute(again.db);
      expect(rows).toEqual([{ first_name: sender.firstName }]);
      expect(await balances(again, sender)).toEqual({ CAD: 50, NGN: 0 });
      expect(await balances(again, recipient)).toEqual({ CAD: 0, NGN: 0 });
    } finally {
      await again.close();
    }
  });
});
