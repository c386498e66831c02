/**
 * Generic jobs (modules/jobs) on PGlite and PostgreSQL: a failing job is retried after its backoff
 * (its handler's writes rolled back), fails for good after its last attempt and is listed, and an
 * operator's retry makes it due again; a job whose process died is taken again after its lease;
 * payouts and notifications show in the same listing, with their retries and errors; the runner
 * is started by the app (JOB_RUNNER).
 */
import { sql } from 'kysely';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import type { MessageSender } from '../../../src/server/adapters/types';
import { SWEEP_EXPIRED } from '../../../src/server/modules/jobs/handlers';
import { listJobs, type ListedJob } from '../../../src/server/modules/jobs/jobs.listing';
import { claimDueJobs, enqueueJob, retryFailedJobs } from '../../../src/server/modules/jobs/jobs.repository';
import { runDueJobs, type JobHandlers } from '../../../src/server/modules/jobs/jobs.service';
import { SWEEP_EVERY_MS } from '../../../src/server/modules/jobs/sweeps';
import { retryFailedNotifications } from '../../../src/server/modules/notifications/notifications.repository';
import { MAX_ATTEMPTS, sendDueNotifications } from '../../../src/server/modules/notifications/notifications.service';
import { claimDuePayouts, releaseClaims, retryPayoutLater } from '../../../src/server/modules/transfers/payouts.repository';
import { outboxSender } from '../../../src/server/sim/messaging';
import { settleDuePayouts } from '../../../src/server/sim/payout-rail';
import { createCustomer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { deposit } from '../../support/wallets';
import { cadWithdrawal, funded } from '../transfers/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const deps = () => ({ db: t.db });

/** A job's row, with how far ahead of the database's now it is due, in seconds. */
async function jobRow(id: bigint) {
  const row = await t.db
    .selectFrom('jobs')
    .select(['status', 'attempts', 'last_error', 'locked_by', 'locked_until', 'finished_at'])
    .select(sql<number>`extract(epoch from run_at - now())::float8`.as('due_in_s'))
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...row, due_in_s: Number(row.due_in_s) };
}

const makeDue = (id: bigint) => sql`update jobs set run_at = now() where id = ${id}`.execute(t.db);

async function listed(source: ListedJob['source'], id: string): Promise<ListedJob | undefined> {
  return (await listJobs(t.db, { limit: 1000 })).jobs.find((j) => j.source === source && j.id === id);
}

describe('a job whose handler fails', () => {
  it('is retried after its backoff (30 s, then 60 s), its writes rolled back; after its last attempt it is failed, listed, and an operator can retry it', async () => {
    const id = (await enqueueJob(t.db, { kind: 'test.flaky', payload: { to: 'partner' }, maxAttempts: 3 }))!;
    let succeed = false;
    const handlers: JobHandlers = {
      'test.flaky': {
        async run(trx, payload, job) {
          // A write in the job's transaction: kept only when the job succeeds.
          await enqueueJob(trx, { kind: 'test.child', key: `child-of:${job.id}`, payload });
          if (!succeed) throw new Error('partner down');
        },
      },
    };
    const child = () => t.db.selectFrom('jobs').select('id').where('key', '=', `child-of:${id}`).execute();

    expect(await runDueJobs(deps(), handlers)).toBe(0);
    let row = await jobRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'partner down', locked_by: null, locked_until: null });
    expect(row.due_in_s).toBeGreaterThan(28);
    expect(row.due_in_s).toBeLessThanOrEqual(30);
    expect(await child()).toEqual([]);
    expect(await listed('jobs', id.toString())).toMatchObject({ kind: 'test.flaky', state: 'scheduled', attempts: 1, max_attempts: 3, last_error: 'partner down' });
    // Not due yet: a pass leaves it alone.
    expect(await runDueJobs(deps(), handlers)).toBe(0);
    expect((await jobRow(id)).attempts).toBe(1);

    await makeDue(id);
    expect(await runDueJobs(deps(), handlers)).toBe(0);
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row.due_in_s).toBeGreaterThan(58);
    expect(row.due_in_s).toBeLessThanOrEqual(60);

    await makeDue(id);
    expect(await runDueJobs(deps(), handlers)).toBe(0);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 3, last_error: 'partner down', finished_at: expect.any(Date) });
    expect(await listed('jobs', id.toString())).toMatchObject({ state: 'failed', attempts: 3, max_attempts: 3, last_error: 'partner down', lease_until: null });
    // Failed for good: no pass takes it again.
    await makeDue(id);
    expect(await runDueJobs(deps(), handlers)).toBe(0);
    expect(await child()).toEqual([]);

    expect(await retryFailedJobs(t.db, { ids: [id] })).toBe(1);
    succeed = true;
    expect(await runDueJobs(deps(), handlers)).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, last_error: null });
    expect(await child()).toHaveLength(1);
    expect(await listed('jobs', id.toString())).toBeUndefined();
  });
});

describe('a job whose process died', () => {
  const done: JobHandlers = { 'test.lease': { run: async () => undefined } };

  it('is running until its lease lapses, then the next pass takes it again and does it', async () => {
    const id = (await enqueueJob(t.db, { kind: 'test.lease' }))!;
    // A process claims it and dies.
    expect(await claimDueJobs(t.db, { kinds: ['test.lease'], limit: 10, leaseMs: 30_000, worker: 'dead-process' })).toHaveLength(1);
    const running = await listed('jobs', id.toString());
    expect(running).toMatchObject({ state: 'running', attempts: 1, lease_until: expect.any(String) });
    expect(Date.parse(running!.lease_until!)).toBeGreaterThan(Date.now() + 20_000);
    expect(await runDueJobs(deps(), done)).toBe(0);

    await sql`update jobs set locked_until = now() - interval '1 second' where id = ${id}`.execute(t.db);
    expect(await runDueJobs(deps(), done)).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('is failed as abandoned once it was claimed more often than it may be tried', async () => {
    const id = (await enqueueJob(t.db, { kind: 'test.lease', maxAttempts: 1 }))!;
    await claimDueJobs(t.db, { kinds: ['test.lease'], limit: 10, leaseMs: 30_000, worker: 'dead-process' });
    await sql`update jobs set locked_until = now() - interval '1 second' where id = ${id}`.execute(t.db);
    expect(await runDueJobs(deps(), done)).toBe(0);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 2, last_error: 'abandoned: its process stopped before finishing it 1 times' });
  });
});

describe('a pass told to stop (the app closing)', () => {
  it('ends after the job it is doing and hands back the rest it claimed, due at once for another process', async () => {
    const ids = await Promise.all([0, 1, 2].map(() => enqueueJob(t.db, { kind: 'test.stop' }).then((id) => id!)));
    let stopping = false;
    const handlers: JobHandlers = {
      'test.stop': {
        async run() {
          stopping = true;
        },
      },
    };
    expect(await runDueJobs(deps(), handlers, () => stopping)).toBe(1);
    const rows = await Promise.all(ids.map(jobRow));
    expect(rows.map((r) => r.status).sort()).toEqual(['done', 'pending', 'pending']);
    for (const row of rows.filter((r) => r.status === 'pending')) {
      expect(row).toMatchObject({ attempts: 0, locked_by: null, locked_until: null });
      expect(row.due_in_s).toBeLessThanOrEqual(0);
    }
    stopping = false;
    expect(await runDueJobs(deps(), { 'test.stop': { run: async () => undefined } })).toBe(2);
  });
});

describe('payouts and notifications are jobs too', () => {
  it('a payout is listed due, running while claimed, then waits the lease and twice the lease after failures, with its error', async () => {
    const sender = await funded(t, { CAD: '100.00' });
    const res = await cadWithdrawal(t, sender, { Amount: '10.00' });
    expect(res.statusCode).toBe(200);
    const reference = res.json().data.transaction_reference as string;
    expect(await listed('payouts', reference)).toMatchObject({ kind: 'payout.hand_over', state: 'due', attempts: 0, last_error: null });

    const [claimed] = (await claimDuePayouts(t.db, 25, 30_000)).filter((p) => p.reference === reference);
    expect(claimed).toBeDefined();
    expect(await listed('payouts', reference)).toMatchObject({ state: 'running', attempts: 1, lease_until: expect.any(String) });

    const dueIn = async () =>
      Number((await sql<{ s: number }>`select extract(epoch from settle_after - now())::float8 as s from payouts where reference = ${reference}`.execute(t.db)).rows[0]!.s);
    await retryPayoutLater(t.db, claimed!.transfer_id, 30_000, 'rail timed out');
    expect(await dueIn()).toBeGreaterThan(28);
    expect(await dueIn()).toBeLessThanOrEqual(30);
    expect(await listed('payouts', reference)).toMatchObject({ state: 'scheduled', last_error: 'rail timed out' });
    await retryPayoutLater(t.db, claimed!.transfer_id, 30_000, 'rail timed out again');
    expect(await dueIn()).toBeGreaterThan(58);
    expect(await dueIn()).toBeLessThanOrEqual(60);

    await releaseClaims(t.db, [claimed!.transfer_id]);
    expect(await listed('payouts', reference)).toMatchObject({ state: 'due', last_error: 'rail timed out again' });
    await settleDuePayouts(t.app);
    expect(await listed('payouts', reference)).toBeUndefined();
  });

  it('a payout whose settlement fails (its webhook answers 500) keeps its error and waits the lease before the next attempt, then settles', async () => {
    const sender = await funded(t, { CAD: '50.00' });
    const res = await cadWithdrawal(t, sender, { Amount: '5.00' });
    expect(res.statusCode).toBe(200);
    const reference = res.json().data.transaction_reference as string;
    // The database refuses the outcome's timeline step for a while: the payout webhook fails.
    await sql`create function kudi_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'ledger offline (test)'; end $$`.execute(t.db);
    await sql`create trigger kudi_test_refuse before insert on payout_events for each row when (new.status = 'completed') execute function kudi_test_refuse()`.execute(t.db);
    try {
      expect(await settleDuePayouts(t.app)).toBe(0);
    } finally {
      await sql`drop trigger kudi_test_refuse on payout_events`.execute(t.db);
      await sql`drop function kudi_test_refuse()`.execute(t.db);
    }
    const row = await t.db
      .selectFrom('payouts')
      .select(['failures', 'last_error', 'settled_at'])
      .select(sql<number>`extract(epoch from settle_after - now())::float8`.as('due_in_s'))
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ failures: 1, last_error: expect.stringMatching(/^payout webhook answered 500/), settled_at: null });
    expect(Number(row.due_in_s)).toBeGreaterThan(t.config.payoutLeaseMs / 1000 - 5);
    expect(Number(row.due_in_s)).toBeLessThanOrEqual(t.config.payoutLeaseMs / 1000);
    expect(await listed('payouts', reference)).toMatchObject({ kind: 'payout.settle', state: 'scheduled', last_error: row.last_error });

    await sql`update payouts set settle_after = now() where reference = ${reference}`.execute(t.db);
    expect(await settleDuePayouts(t.app)).toBe(1);
    expect(await listed('payouts', reference)).toBeUndefined();
  });

  it('an e-mail that cannot be sent is retried with its error, given up after its last attempt, listed failed, and sent after a retry', async () => {
    const down: MessageSender = { send: async () => Promise.reject(new Error('SMTP 421 try later')) };
    const customer = await createCustomer(t);
    await deposit(t, customer, 'CAD', '12.00');
    const row = await t.db.selectFrom('notifications').select('id').where('user_id', '=', customer.id).executeTakeFirstOrThrow();
    const id = row.id.toString();
    const failingPass = () => sendDueNotifications({ db: t.db, config: t.config, adapters: { email: down } });

    await failingPass();
    expect(await listed('notifications', id)).toMatchObject({ kind: 'notification.money_received', state: 'scheduled', attempts: 1, max_attempts: MAX_ATTEMPTS, last_error: 'SMTP 421 try later' });

    // Its last attempt.
    await sql`update notifications set attempts = ${MAX_ATTEMPTS - 1}, send_after = now() where id = ${row.id}`.execute(t.db);
    await failingPass();
    expect(await listed('notifications', id)).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, last_error: 'SMTP 421 try later' });
    await sql`update notifications set send_after = now() where id = ${row.id}`.execute(t.db);
    const working = outboxSender(t.db, 'email', t.app.log, false);
    expect(await sendDueNotifications({ db: t.db, config: t.config, adapters: { email: working } })).toBe(0);

    expect(await retryFailedNotifications(t.db, [row.id])).toBe(1);
    expect(await sendDueNotifications({ db: t.db, config: t.config, adapters: { email: working } })).toBe(1);
    expect(await listed('notifications', id)).toBeUndefined();
  });
});

describe('the runner in the app (JOB_RUNNER)', () => {
  it('is on unless NODE_ENV=test, and JOB_RUNNER=on|off says otherwise', () => {
    expect(loadConfig({}, { dataDir: null }).jobRunner).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }, { dataDir: null }).jobRunner).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', JOB_RUNNER: 'on' }, { dataDir: null }).jobRunner).toBe(true);
    expect(loadConfig({ JOB_RUNNER: 'off' }, { dataDir: null }).jobRunner).toBe(false);
    expect(() => loadConfig({ JOB_RUNNER: 'yes' }, { dataDir: null })).toThrow('JOB_RUNNER must be on or off, got "yes"');
  });

  it('records the recurring sweep once and runs it when the app is ready', async () => {
    const sweep = () => t.db.selectFrom('jobs').select(['status', 'attempts']).select(sql<number>`extract(epoch from run_at - now())::float8`.as('due_in_s')).where('key', '=', SWEEP_EXPIRED).execute();
    expect(await sweep()).toEqual([]);
    const apps = [];
    for (let i = 0; i < 2; i += 1) {
      const app = await buildApp({ config: { ...t.config, jobRunner: true }, db: t.db });
      await app.ready();
      apps.push(app);
    }
    try {
      for (let waited = 0; ; waited += 50) {
        const rows = await sweep();
        expect(rows).toHaveLength(1);
        if (Number(rows[0]!.due_in_s) > 60) break;
        if (waited > 10_000) throw new Error('the sweep never ran');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const [row] = await sweep();
      expect(row).toMatchObject({ status: 'pending', attempts: 0 });
      expect(Number(row!.due_in_s)).toBeLessThanOrEqual(SWEEP_EVERY_MS / 1000);
    } finally {
      for (const app of apps) await app.close();
    }
  });
});
