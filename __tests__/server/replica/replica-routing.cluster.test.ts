/**
 * The replica routing test (the `server-cluster` project: npm run dev:cluster, TEST_PRIMARY_URL and
 * TEST_REPLICA_URL, a real primary and its streaming replica). History, a transaction's detail and
 * statements are read from the replica (DATABASE_REPLICA_URL), except when it has not replayed the
 * reader's own last write: then from the primary. Balances are always the primary's.
 *
 * The lag is made, not waited for: replay is paused on the replica (pg_wal_replay_pause), so
 * whatever the primary commits next is missing there until it resumes. Where a read went shows in
 * what the customer sees: a line the replica has not replayed is on the page only if the primary
 * served it. The handle app.reads chose is asked too (pg_is_in_recovery: true only on the replica).
 */
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../src/server/db/database';
import { readRouting, REPLICA_REST_MS } from '../../../src/server/db/read-routing';
import { parseCsv } from '../../support/csv';
import { createCustomer, type Customer } from '../../support/customers';
import { highLimits } from '../../support/limits';
import type { TestApp } from '../../support/test-app';
import { balances, deposit } from '../../support/wallets';
import { get, history, userTransfer } from '../transfers/helpers';
import { buildClusterApp, clusterUrls, createDatabase, dropDatabase, onDatabase, primaryPosition, replayedTo } from './cluster';
import { onPostgres } from '../../support/on-postgres';

const urls = clusterUrls('replica-routing.cluster.test.ts', ['TEST_PRIMARY_URL', 'TEST_REPLICA_URL']);

let t: TestApp;
let database: string;
let replicaUrl: string;
let ada: Customer;
let bola: Customer;
const today = new Date().toISOString().slice(0, 10);

/** The replica stops replaying WAL (its readers see the primary as of now) until resume(). */
async function pause(): Promise<void> {
  await caughtUp();
  await onPostgres(replicaUrl, 'select pg_wal_replay_pause()');
  const until = Date.now() + 10_000;
  while ((await onPostgres<{ state: string }>(replicaUrl, 'select pg_get_wal_replay_pause_state() as state'))[0].state !== 'paused') {
    if (Date.now() > until) throw new Error('the replica did not pause its replay');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const resume = () => onPostgres(replicaUrl, 'select pg_wal_replay_resume()');
/** Waits until the replica has replayed everything the primary has written so far. */
const caughtUp = async () => replayedTo(replicaUrl, await primaryPosition(t.db));

/** Whether the handle app.reads picks for this customer is the replica (a standby in recovery). */
async function readsFromReplica(customer: Customer): Promise<boolean> {
  const db: Db = await t.app.reads.forCustomer(customer.id);
  const { rows } = await sql<{ standby: boolean }>`select pg_is_in_recovery() as standby`.execute(db);
  return rows[0].standby;
}

const historyAmounts = async (customer: Customer) => (await history(t, customer, 'CAD')).map((line) => line.amount);

beforeAll(async () => {
  database = await createDatabase(urls.TEST_PRIMARY_URL, 'kudi_replica');
  replicaUrl = onDatabase(urls.TEST_REPLICA_URL, database);
  t = await buildClusterApp(
    // A history checkpoint every 2 lines: pages read on the replica have checkpoints due, which only the primary can write.
    { DATABASE_URL: onDatabase(urls.TEST_PRIMARY_URL, database), DATABASE_REPLICA_URL: replicaUrl, HISTORY_CHECKPOINT_EVERY: '2' },
    highLimits,
  );
  [ada, bola] = [await createCustomer(t), await createCustomer(t)];
  await deposit(t, ada, 'CAD', '100.00');
  await deposit(t, bola, 'CAD', '100.00');
  await pause();
});
afterAll(async () => {
  if (replicaUrl) await resume().catch(() => undefined);
  await t?.close();
  if (database) await dropDatabase(urls.TEST_PRIMARY_URL, database);
});

describe('replay paused on the replica', () => {
  let payment: string;

  it("a customer's own payment is in their history, detail and statement at once: the replica lacks it, so they read the primary", async () => {
    const sent = await userTransfer(t, ada, 'CAD', { amount: '10.00', recipient_email: bola.email }, randomUUID());
    expect(sent.statusCode).toBe(200);

    expect(await readsFromReplica(ada)).toBe(false);
    const [line] = await history(t, ada, 'CAD');
    expect(line).toMatchObject({ amount: 10, direction: 'debit' });
    payment = line.id as string;
    expect(await historyAmounts(ada)).toEqual([10, 100]);

    const detail = await get(t, ada, `/transactions/${encodeURIComponent(payment)}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ id: payment, amount: 10 });

    const file = await get(t, ada, `/statements?currency=CAD&from=${today}&to=${today}&format=csv`);
    expect(file.statusCode).toBe(200);
    expect(parseCsv(file.body).map((row) => row[1])).toContain(payment);

    expect((await balances(t, ada)).CAD).toBe(90);
  });

  it("another customer's history is the replica's: money they did not send themselves shows there once replayed, their balance at once", async () => {
    // Bola received Ada's 10.00 (not a write of Bola's): Bola's reads may lag, their balance may not.
    expect(await readsFromReplica(bola)).toBe(true);
    expect(await historyAmounts(bola)).toEqual([100]);
    expect((await balances(t, bola)).CAD).toBe(110);
    // The same page on the primary has the line: the page above was not the primary's.
    const { rows } = await sql<{ n: string }>`
      select count(*)::text as n from ledger_transfers where credit_account_id = (
        select id from ledger_accounts where user_id = ${bola.id} and currency = 'CAD' and kind = 'customer')`.execute(t.db);
    expect(Number(rows[0].n)).toBe(2);
  });
});

describe('replay resumed', () => {
  it('once the replica has replayed the payment, both customers read from it, and see it', async () => {
    await resume();
    await caughtUp();
    expect(await readsFromReplica(ada)).toBe(true);
    expect(await readsFromReplica(bola)).toBe(true);
    expect(await historyAmounts(bola)).toEqual([10, 100]);
  });

  it('the payer reads from the replica again: a deposit it has not replayed is not yet in their history, their own payment is', async () => {
    await pause();
    await deposit(t, ada, 'CAD', '5.00');
    expect(await historyAmounts(ada)).toEqual([10, 100]);
    expect((await balances(t, ada)).CAD).toBe(95);
    await resume();
    await caughtUp();
    expect(await historyAmounts(ada)).toEqual([5, 10, 100]);
  });
});

describe('a replica that cannot answer', () => {
  it('sends every read to the primary (history still answers, and is current)', async () => {
    const other = await buildClusterApp({
      DATABASE_URL: onDatabase(urls.TEST_PRIMARY_URL, database),
      // Nothing listens on port 1: every check fails at once.
      DATABASE_REPLICA_URL: onDatabase('postgres://postgres@127.0.0.1:1/', database),
    }, { jwtSecret: t.config.jwtSecret });
    try {
      expect(other.app.reads.replica).not.toBeNull();
      const chosen = await other.app.reads.forCustomer(bola.id);
      expect((await sql<{ standby: boolean }>`select pg_is_in_recovery() as standby`.execute(chosen)).rows[0].standby).toBe(false);
      const res = await other.app.inject({ method: 'GET', url: '/api/wallet/transactions?currency=CAD', headers: bola.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((line: { amount: number }) => line.amount)).toEqual([10, 100]);
    } finally {
      await other.close();
    }
  });

  it('a read the replica fails part-way is read again on the primary, and the replica rests a few seconds before it is asked again', async () => {
    await caughtUp();
    let clock = Date.now();
    const failures: unknown[] = [];
    const reads = readRouting(t.db, t.app.reads.replica, (err) => failures.push(err), () => clock);
    const standby = async (db: Db) => (await sql<{ standby: boolean }>`select pg_is_in_recovery() as standby`.execute(db)).rows[0].standby;
    const servedBy: boolean[] = [];
    // The read's own connection to the replica is ended by the replica (57P01) in the middle of the read.
    const answer = await reads.read(bola.id, async (db) => {
      const onReplica = await standby(db);
      servedBy.push(onReplica);
      if (onReplica) await sql`select pg_terminate_backend(pg_backend_pid())`.execute(db);
      return (await sql<{ n: number }>`select count(*)::int as n from ledger_entries`.execute(db)).rows[0].n;
    });
    expect(servedBy).toEqual([true, false]);
    expect(answer).toBeGreaterThan(0);
    expect(failures).toHaveLength(1);
    // Resting: the replica is not asked (not even whether it has replayed), every read is the primary's.
    expect(await standby(await reads.forCustomer(bola.id))).toBe(false);
    clock += REPLICA_REST_MS - 1;
    expect(await standby(await reads.forCustomer(bola.id))).toBe(false);
    // Rested: asked again. It answers; or, should the ask itself fail (a connection the replica
    // ended, a read its replay cancelled), that is recorded and it rests again: asked either way.
    clock += 1;
    let onReplica = await standby(await reads.forCustomer(bola.id));
    expect(onReplica || failures.length > 1).toBe(true);
    // A replica that is well is read from again.
    for (let rest = 0; rest < 5 && !onReplica; rest += 1) {
      clock += REPLICA_REST_MS;
      onReplica = await standby(await reads.forCustomer(bola.id));
    }
    expect({ onReplica, failures: failures.slice(1).map((err) => (err as Error).message) }).toEqual({ onReplica: true, failures: expect.any(Array) });
  });

  it('a refusal of the read itself is not read again on the primary', async () => {
    await caughtUp();
    const reads = readRouting(t.db, t.app.reads.replica);
    let calls = 0;
    await expect(reads.read(bola.id, async () => {
      calls += 1;
      throw Object.assign(new Error('No CAD wallet'), { statusCode: 404 });
    })).rejects.toThrow('No CAD wallet');
    expect(calls).toBe(1);
  });
});

describe('a read mark that cannot be recorded (read_marks gone for a moment)', () => {
  let payer: Customer;
  let payee: Customer;
  const away = async <T>(during: () => Promise<T>): Promise<T> => {
    await sql`alter table read_marks rename to read_marks_away`.execute(t.db);
    try {
      return await during();
    } finally {
      await sql`alter table read_marks_away rename to read_marks`.execute(t.db);
    }
  };

  beforeAll(async () => {
    [payer, payee] = [await createCustomer(t), await createCustomer(t)];
    await deposit(t, payer, 'CAD', '50.00');
  });

  it("fails a keyed payment's answer in the API's own shape, and its retry under the same key answers 200 with the money moved once", async () => {
    const key = randomUUID();
    const failed = await away(() => userTransfer(t, payer, 'CAD', { amount: '7.00', recipient_email: payee.email }, key));
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(failed.json()).toEqual({ success: false, message: expect.any(String) });
    expect(failed.body).not.toContain('FST_ERR');

    const retried = await userTransfer(t, payer, 'CAD', { amount: '7.00', recipient_email: payee.email }, key);
    expect(retried.statusCode).toBe(200);
    expect(await balances(t, payer)).toMatchObject({ CAD: 43 });
    expect(await balances(t, payee)).toMatchObject({ CAD: 7 });
  });

  it('sends an unkeyed payment its 200 (a retry would pay again): the money moved once', async () => {
    const sent = await away(() => userTransfer(t, payer, 'CAD', { amount: '3.00', recipient_email: payee.email }));
    expect(sent.statusCode).toBe(200);
    // spec.md: the CAD transfer's success is the string 'true'.
    expect(sent.json().success).toBe('true');
    expect(await balances(t, payer)).toMatchObject({ CAD: 40 });
    expect(await balances(t, payee)).toMatchObject({ CAD: 10 });
  });
});
