/**
 * The sweep of expired rows (modules/jobs/sweeps.ts), run as the recurring job `sweep.expired`
 * through the real runner: unused quotes that lapsed over an hour ago, idempotency keys over 24
 * hours old and generic jobs done over a week ago go; anything younger, a used quote (a
 * conversion's record of its rate) and a failed job stay. Bounded batches; a second sweep
 * deletes nothing more.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { kudiJobs, SWEEP_EXPIRED } from '../../../src/server/modules/jobs/handlers';
import { enqueueJobs } from '../../../src/server/modules/jobs/jobs.repository';
import { runDueJobs, scheduleRecurringJobs } from '../../../src/server/modules/jobs/jobs.service';
import { SWEEP_EVERY_MS, sweepExpiredOnce } from '../../../src/server/modules/jobs/sweeps';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { deposit } from '../../support/wallets';

let t: TestApp;
let customer: Customer;
beforeAll(async () => {
  t = await buildTestApp();
  customer = await createCustomer(t);
});
afterAll(() => t.close());

const ago = (interval: string) => sql<Date>`now() - ${interval}::interval`;

async function quote(expiresAgo: string, transferId: bigint | null = null): Promise<string> {
  const row = await t.db
    .insertInto('quotes')
    .values({
      user_id: customer.id, from_currency: 'CAD', to_currency: 'NGN', amount_side: 'send', send_amount: 1000n, receive_amount: 1_039_500n,
      rate: '1039.50', mid_rate: '1050.00', margin_bps: 100, expires_at: ago(expiresAgo),
      ...(transferId ? { used_at: ago(expiresAgo), transfer_id: transferId } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function key(createdAgo: string): Promise<string> {
  const name = `key-${randomUUID()}`;
  await t.db
    .insertInto('idempotency_keys')
    .values({ user_id: customer.id, key: name, request_hash: 'h', claim: randomUUID(), status: 'done', response_status: 200, response_body: '{}', created_at: ago(createdAgo) })
    .execute();
  return name;
}

async function job(status: 'done' | 'failed', finishedAgo: string): Promise<bigint> {
  const [id] = await enqueueJobs(t.db, [{ kind: 'test.old' }]);
  await t.db.updateTable('jobs').set({ status, finished_at: ago(finishedAgo) }).where('id', '=', id!).execute();
  return id!;
}

const quotesLeft = async (ids: string[]) => (await t.db.selectFrom('quotes').select('id').where('id', 'in', ids).execute()).map((r) => r.id).sort();
const keysLeft = async (names: string[]) => (await t.db.selectFrom('idempotency_keys').select('key').where('key', 'in', names).execute()).map((r) => r.key).sort();
const jobsLeft = async (ids: bigint[]) => (await t.db.selectFrom('jobs').select('id').where('id', 'in', ids).execute()).map((r) => r.id);

it('deletes expired quotes, keys and old done jobs, keeps the rest, and comes due again in 10 minutes', async () => {
  await deposit(t, customer, 'CAD', '5.00');
  const transfer = await t.db.selectFrom('ledger_transfers').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  const quotes = {
    lapsedLongAgo: await quote('2 hours'),
    lapsedRecently: await quote('30 minutes'),
    usedLongAgo: await quote('3 days', transfer.id),
    live: await quote('-1 minute'),
  };
  const keys = { old: await key('25 hours'), older: await key('3 days'), young: await key('23 hours') };
  const jobs = { doneLongAgo: await job('done', '8 days'), doneYesterday: await job('done', '1 day'), failedLongAgo: await job('failed', '8 days') };

  await scheduleRecurringJobs(t.db, kudiJobs);
  await scheduleRecurringJobs(t.db, kudiJobs); // every process does it at start: still one row
  expect(await t.db.selectFrom('jobs').select('id').where('key', '=', SWEEP_EXPIRED).execute()).toHaveLength(1);
  expect(await runDueJobs({ db: t.db }, kudiJobs)).toBe(1);

  expect(await quotesLeft(Object.values(quotes))).toEqual([quotes.lapsedRecently, quotes.usedLongAgo, quotes.live].sort());
  expect(await keysLeft(Object.values(keys))).toEqual([keys.young]);
  expect(await jobsLeft(Object.values(jobs))).toEqual(expect.arrayContaining([jobs.doneYesterday, jobs.failedLongAgo]));
  expect(await jobsLeft([jobs.doneLongAgo])).toEqual([]);

  const sweep = await t.db
    .selectFrom('jobs')
    .select(['status', 'attempts', 'last_error'])
    .select(sql<number>`extract(epoch from run_at - now())::float8`.as('due_in_s'))
    .where('key', '=', SWEEP_EXPIRED)
    .executeTakeFirstOrThrow();
  expect(sweep).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
  expect(Number(sweep.due_in_s)).toBeGreaterThan(SWEEP_EVERY_MS / 1000 - 5);
  expect(Number(sweep.due_in_s)).toBeLessThanOrEqual(SWEEP_EVERY_MS / 1000);
  // Not due again yet.
  expect(await runDueJobs({ db: t.db }, kudiJobs)).toBe(0);
});

it('works in bounded batches, and deleting what is gone deletes nothing', async () => {
  const names = [await key('2 days'), await key('2 days'), await key('2 days')];
  const run = (batch: number) => t.db.transaction().execute((trx) => sweepExpiredOnce(trx, batch));
  expect(await run(2)).toMatchObject({ idempotencyKeys: 2 });
  expect(await keysLeft(names)).toHaveLength(1);
  expect(await run(2)).toMatchObject({ idempotencyKeys: 1 });
  expect(await run(2)).toEqual({ quotes: 0, idempotencyKeys: 0, jobs: 0 });
  expect(await keysLeft(names)).toEqual([]);
});
