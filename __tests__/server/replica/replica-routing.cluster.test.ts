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
import { parseCsv } from '../../support/csv';
import { createCustomer, type Customer } from '../../support/customers';
import { highLimits } from '../../support/limits';
import type { TestApp } from '../../support/test-app';
import { balances, deposit } from '../../support/wallets';
import { get, history, userTransfer } from '../transfers/helpers';
import { buildClusterApp, clusterUrls, createDatabase, dropDatabase, onDatabase, primaryPosition, replayedTo, runOn } from './cluster';

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
  await runOn(replicaUrl, 'select pg_wal_replay_pause()');
  const until = Date.now() + 10_000;
  while ((await runOn<{ state: string }>(replicaUrl, 'select pg_get_wal_replay_pause_state() as state'))[0].state !== 'paused') {
    if (Date.now() > until) throw new Error('the replica did not pause its replay');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const resume = () => runOn(replicaUrl, 'select pg_wal_replay_resume()');
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
});
