/**
 * The sweep of expired rows (modules/jobs/sweeps.ts), run as the recurring job `sweep.expired`
 * through the real runner: unused quotes that lapsed over an hour ago, idempotency keys over 24
 * hours old and generic jobs done over a week ago go; anything younger, a used quote (a
 * conversion's record of its rate) and a failed job stay. One-time codes go a day after they
 * expire (till then a late try is told the code expired; the hourly cap counts an hour of them),
 * grants an hour after; a live code or grant still works after a sweep. Throttle hits go a day
 * after they were counted (the longest window is an hour); a throttle still refuses after a sweep.
 * Bounded batches; a second sweep deletes nothing more.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { buildPath } from '../../../src/shared/endpoints';
import { emailVerification, forgotPassword, server } from '../../../src/shared/messages';
import type { GrantKind, OtpPurpose } from '../../../src/server/modules/auth/auth.tables';
import { kudiJobs, SWEEP_EXPIRED } from '../../../src/server/modules/jobs/handlers';
import { enqueueJobs } from '../../../src/server/modules/jobs/jobs.repository';
import { runDueJobs, scheduleRecurringJobs } from '../../../src/server/modules/jobs/jobs.service';
import { SWEEP_EVERY_MS, sweepExpiredOnce } from '../../../src/server/modules/jobs/sweeps';
import { api, expectRefusal, latestOtp, signUpThroughApi } from '../../support/auth-flow';
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

/** A code of the user, created and expiring at those times (intervals before now; '-9 minutes' is ahead); used when it was made. */
async function otp(
  userId: string,
  createdAgo: string,
  expiresAgo: string,
  { used = false, purpose = 'password_reset' as OtpPurpose } = {},
): Promise<string> {
  const row = await t.db
    .insertInto('otps')
    .values({
      user_id: userId, purpose, recipient: 'someone@example.com', code_hash: 'not-a-code',
      created_at: ago(createdAgo), expires_at: ago(expiresAgo), consumed_at: used ? ago(createdAgo) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A grant of the customer's, issued 5 minutes before it expires (expiresAgo before now; '-4 minutes' is ahead). */
async function grant(expiresAgo: string, { used = false, kind = 'pin_step_up' as GrantKind } = {}): Promise<string> {
  const row = await t.db
    .insertInto('auth_grants')
    .values({
      user_id: customer.id, kind, created_at: sql<Date>`now() - ${expiresAgo}::interval - interval '5 minutes'`,
      expires_at: ago(expiresAgo), consumed_at: used ? ago(expiresAgo) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const userIdOf = async (email: string) => (await t.db.selectFrom('users').select('id').where('email_lower', '=', email.toLowerCase()).executeTakeFirstOrThrow()).id;
/** Moves the user's codes back in time: created `createdAgo`, expiring 10 minutes later. */
const backdateOtps = (userId: string, createdAgo: string) =>
  t.db
    .updateTable('otps')
    .set({ created_at: ago(createdAgo), expires_at: sql<Date>`now() - ${createdAgo}::interval + interval '10 minutes'` })
    .where('user_id', '=', userId)
    .execute();
const sweepNow = () => t.db.transaction().execute((trx) => sweepExpiredOnce(trx));
const verifyEmail = (email: string, otp: string) => t.app.inject({ method: 'POST', url: api(buildPath('verifyEmail', { email })), payload: { otp } });
const resendOtp = (email: string) => t.app.inject({ method: 'POST', url: api(buildPath('resendOtp', { email })) });

/** A throttle hit in `bucket`, counted `createdAgo`. */
const hit = (bucket: string, createdAgo: string) => t.db.insertInto('throttle_hits').values({ bucket, created_at: ago(createdAgo) }).execute();
const hitsLeft = async (bucket: string) => (await t.db.selectFrom('throttle_hits').select('created_at').where('bucket', '=', bucket).execute()).length;
const otpsLeft = async (ids: string[]) => (await t.db.selectFrom('otps').select('id').where('id', 'in', ids).execute()).map((r) => r.id).sort();
const grantsLeft = async (ids: string[]) => (await t.db.selectFrom('auth_grants').select('id').where('id', 'in', ids).execute()).map((r) => r.id).sort();
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

it('deletes one-time codes a day after they expired, keeps younger ones: a late try is told the code expired, the hourly cap still counts its hour', async () => {
  const codes = {
    expiredLongAgo: await otp(customer.id, '2 days 10 minutes', '2 days'),
    usedLongAgo: await otp(customer.id, '25 hours', '24 hours 50 minutes', { used: true }),
    expiredToday: await otp(customer.id, '23 hours 10 minutes', '23 hours'),
    usedThisHour: await otp(customer.id, '50 minutes', '40 minutes', { used: true }),
    live: await otp(customer.id, '1 minute', '-9 minutes'),
  };
  // Through the API: a code still valid, one that expired today, one that expired two days ago,
  // and an account that asked for 5 codes within the hour (the newest 5 minutes ago).
  const valid = await signUpThroughApi(t);
  const validCode = await latestOtp(t, valid.email);
  const lateToday = await signUpThroughApi(t);
  await backdateOtps(await userIdOf(lateToday.email), '23 hours 10 minutes');
  const lateTwoDays = await signUpThroughApi(t);
  await backdateOtps(await userIdOf(lateTwoDays.email), '2 days');
  const capped = await signUpThroughApi(t);
  const cappedId = await userIdOf(capped.email);
  await backdateOtps(cappedId, '5 minutes');
  for (const [createdAgo, expiredAgo] of [['15 minutes', '5 minutes'], ['25 minutes', '15 minutes'], ['35 minutes', '25 minutes'], ['50 minutes', '40 minutes']]) {
    await otp(cappedId, createdAgo, expiredAgo, { used: true, purpose: 'email_verification' });
  }

  expect(await sweepNow()).toMatchObject({ otps: 3 });
  expect(await otpsLeft(Object.values(codes))).toEqual([codes.expiredToday, codes.usedThisHour, codes.live].sort());

  expect((await verifyEmail(valid.email, validCode)).json()).toEqual({ success: true, message: emailVerification.success, data: null });
  expectRefusal(await verifyEmail(lateToday.email, '123456'), 400, server.otpExpired);
  expectRefusal(await verifyEmail(lateTwoDays.email, '123456'), 400, server.invalidOrExpiredOtp);
  // The oldest of the 5 was sent 50 minutes ago: the cap frees in 10.
  expectRefusal(await resendOtp(capped.email), 429, server.otpHourlyCap(10));
});

it('deletes grants an hour after they expired, used or not; a grant in its lifetime still allows its reset', async () => {
  const grants = {
    expiredLongAgo: await grant('2 hours'),
    usedLongAgo: await grant('3 hours', { used: true }),
    expiredRecently: await grant('30 minutes'),
    live: await grant('-4 minutes'),
  };
  const owner = await createCustomer(t);
  await t.app.inject({ method: 'POST', url: api('/auth/forgot-password'), payload: { email: owner.email } });
  const verified = await t.app.inject({ method: 'POST', url: api(buildPath('verifyOtp', { email: owner.email })), payload: { otp: await latestOtp(t, owner.email) } });
  expect(verified.json()).toEqual({ success: true, message: forgotPassword.codeVerified, data: null });

  expect(await sweepNow()).toMatchObject({ grants: 2 });
  expect(await grantsLeft(Object.values(grants))).toEqual([grants.expiredRecently, grants.live].sort());

  const reset = await t.app.inject({
    method: 'POST',
    url: api(buildPath('resetPassword', { email: owner.email })),
    payload: { new_password: 'Brand!New2', confirm_password: 'Brand!New2', is_link: false },
  });
  expect(reset.json()).toEqual({ success: true, message: forgotPassword.resetSuccess, data: null });
});

it('deletes throttle hits a day after they were counted (keys that never came back); a throttle still refuses after a sweep', async () => {
  const oneOff = `login:ip:198.51.100.${Math.floor(Math.random() * 250)}`;
  await hit(oneOff, '2 days');
  await hit(oneOff, '25 hours');
  await hit(oneOff, '23 hours');
  // Five wrong passwords within the quarter hour: the sixth try is refused, before and after the sweep.
  const throttled = await createCustomer(t);
  const wrong = () => t.app.inject({ method: 'POST', url: api('/auth/login'), payload: { email: throttled.email, password: 'Wrong!Pass1', method: 'EMAIL' } });
  for (let i = 0; i < 5; i += 1) await wrong();
  const refused = await wrong();
  expect(refused.json()).toEqual({ success: false, message: server.loginThrottled(15) });

  expect(await sweepNow()).toMatchObject({ throttleHits: 2 });
  expect(await hitsLeft(oneOff)).toBe(1);
  const again = await wrong();
  expect(again.statusCode).toBe(429);
  expect(again.json()).toEqual(refused.json());
});

it('works in bounded batches, and deleting what is gone deletes nothing', async () => {
  const names = [await key('2 days'), await key('2 days'), await key('2 days')];
  const codes = [await otp(customer.id, '3 days', '3 days'), await otp(customer.id, '3 days', '3 days'), await otp(customer.id, '3 days', '3 days')];
  const grants = [await grant('1 day'), await grant('1 day'), await grant('1 day', { used: true })];
  const bucket = `otp:ip:203.0.113.${Math.floor(Math.random() * 250)}`;
  for (let i = 0; i < 3; i += 1) await hit(bucket, '3 days');
  const run = (batch: number) => t.db.transaction().execute((trx) => sweepExpiredOnce(trx, batch));
  expect(await run(2)).toMatchObject({ idempotencyKeys: 2, otps: 2, grants: 2, throttleHits: 2 });
  expect(await hitsLeft(bucket)).toBe(1);
  expect(await keysLeft(names)).toHaveLength(1);
  expect(await otpsLeft(codes)).toHaveLength(1);
  expect(await grantsLeft(grants)).toHaveLength(1);
  expect(await run(2)).toMatchObject({ idempotencyKeys: 1, otps: 1, grants: 1, throttleHits: 1 });
  expect(await run(2)).toEqual({ quotes: 0, idempotencyKeys: 0, jobs: 0, otps: 0, grants: 0, throttleHits: 0 });
  expect(await hitsLeft(bucket)).toBe(0);
  expect(await keysLeft(names)).toEqual([]);
  expect(await otpsLeft(codes)).toEqual([]);
  expect(await grantsLeft(grants)).toEqual([]);
});
