/**
 * Throttles and limits hold across processes (issue 18): two real server processes on one
 * PostgreSQL database, every attempt sent to the other process than the one before, and each limit
 * answers exactly as one process does (spec §8 and the accounts module's rules): the same counts,
 * the same messages, nothing more allowed. The one-time codes' limits too: the hourly cap of codes
 * per account and purpose (e-mail codes, phone codes whatever the number), the wrong tries per code
 * and the code guesses per client address.
 */
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OTP_RESEND_COOLDOWN_MS } from '../../../src/shared/limits';
import { emailVerification, phone, resend, server } from '../../../src/shared/messages';
import { OTP_CAP_WINDOW_MS, OTP_HOURLY_CAP, OTP_MAX_ATTEMPTS, PIN_MAX_ATTEMPTS } from '../../../src/server/modules/auth/rules';
import { throttles } from '../../../src/server/modules/auth/throttle.service';
import { loadConfig } from '../../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrations';
import { PASSWORD, signUpBody } from '../../bank/customers';
import { dataOf, type Answer, type CallOptions, type Http } from '../../bank/http';
import { ServerProcess, scratchDatabase, sharedEnv, START_TIMEOUT_MS } from './processes';

const PIN = '4826';
const QUOTES_PER_MINUTE = 6;

let database: Awaited<ReturnType<typeof scratchDatabase>> | null = null;
/** The test's own connection to that database, to move codes back in time. */
let handle: DatabaseHandle | null = null;
let dataDir: string | null = null;
let servers: ServerProcess[] = [];
let next = 0;

/** The next process in turn: attempt n goes to process n mod 2. */
function turn(): Http {
  const http = servers[next % servers.length].http;
  next += 1;
  return http;
}

/** The same call sent round-robin, one after another; the answers in order. */
async function roundRobin(times: number, path: string, options: CallOptions): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < times; i += 1) answers.push(await turn().call(path, options));
  return answers;
}

const statusAndMessage = (answer: Answer) => [answer.status, answer.body?.message];

/** Each scenario its own client address (TRUST_PROXY=1), so the per-IP limits of one do not touch another. */
let clients = 0;
const fromClient = () => ({ 'x-forwarded-for': `203.0.113.${(clients += 1)}` });

async function latestOtp(http: Http, to: string): Promise<string> {
  const answer = await http.call(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const otp = dataOf<{ otp: string | null }[]>(answer).find((message) => message.otp)?.otp;
  if (!otp) throw new Error(`no code in the outbox for ${to}: ${JSON.stringify(answer.body)}`);
  return otp;
}

let customers = 0;
/** A customer signed up on one process (its e-mail code still unused). */
async function signUp(): Promise<string> {
  const email = `throttle-${(customers += 1)}-${process.pid}@example.com`;
  const answer = await turn().call('/api/auth/sign-up', { body: signUpBody(email, 'Ada', 'Obi') });
  expect(answer.status).toBe(200);
  return email;
}

/** A verified customer, signed in; with a transaction PIN when asked. */
async function verifiedCustomer({ pin = false } = {}): Promise<{ email: string; token: string }> {
  const email = await signUp();
  const verified = await turn().call(`/api/auth/verify-email/${encodeURIComponent(email)}`, { body: { otp: await latestOtp(turn(), email) } });
  expect(verified.status).toBe(200);
  const login = await turn().call('/api/auth/login', { body: { email, password: PASSWORD, method: 'EMAIL' } });
  expect(login.status).toBe(200);
  const token = dataOf<{ access_token: string }>(login).access_token;
  if (pin) {
    const created = await turn().call('/api/wallet/create-pin', { token, body: { transaction_pin: PIN, confirm_transaction_pin: PIN } });
    expect(created.status).toBe(200);
  }
  return { email, token };
}

/** How far back each code request moves the account's codes: past the resend cool-down. */
const CODE_SHIFT_MS = OTP_RESEND_COOLDOWN_MS + 1000;

/** The customer's codes all made CODE_SHIFT_MS earlier, as if that much time had passed since they were sent. */
async function codesSentEarlier(email: string): Promise<void> {
  const db = handle!.db;
  const user = await db.selectFrom('users').select('id').where('email_lower', '=', email.toLowerCase()).executeTakeFirstOrThrow();
  const shift = sql<string>`${CODE_SHIFT_MS}::integer * interval '1 millisecond'`;
  await db
    .updateTable('otps')
    .set({ created_at: sql<Date>`created_at - ${shift}`, expires_at: sql<Date>`expires_at - ${shift}` })
    .where('user_id', '=', user.id)
    .execute();
}

/**
 * The minutes the hourly cap answers once OTP_HOURLY_CAP codes were sent with a shift before each
 * but the first and one more before the refused request: the oldest code is OTP_HOURLY_CAP shifts
 * old, so the cap frees that much before the hour is up (55 minutes; the test's own few seconds do
 * not change the rounding up).
 */
const CAP_MINUTES_LEFT = Math.ceil((OTP_CAP_WINDOW_MS - OTP_HOURLY_CAP * CODE_SHIFT_MS) / 60_000);

/** How many messages (e-mails or SMS) the outbox holds for that address or number. */
async function messagesTo(to: string): Promise<number> {
  return dataOf<unknown[]>(await turn().call(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).length;
}

beforeAll(async () => {
  database = await scratchDatabase('throttles');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'kudi-throttles-'));
  // Migrated here, so that the two processes start side by side on an up-to-date schema.
  handle = await openDatabase(loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url }, { dataDir: null }));
  await migrateToLatest(handle.db);
  const env = { ...sharedEnv(database.url, dataDir), TRUST_PROXY: '1', QUOTES_PER_MINUTE: String(QUOTES_PER_MINUTE) };
  servers = await Promise.all([ServerProcess.start(env), ServerProcess.start(env)]);
  await Promise.all(servers.map((s) => s.healthy()));
}, START_TIMEOUT_MS + 30_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill()));
  await handle?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('throttles across two processes, attempts sent round-robin', () => {
  it('signs an account in after 5 wrong passwords no more: the 6th try, and then the right password, is refused on either process', async () => {
    const { email } = await verifiedCustomer();
    const headers = fromClient();
    const limit = throttles.loginPerAccount.limit;
    const wrong = await roundRobin(limit + 2, '/api/auth/login', { headers, body: { email, password: 'Wrong!Password1', method: 'EMAIL' } });
    const refused = [429, server.loginThrottled(15)];
    expect(wrong.map(statusAndMessage)).toEqual([
      ...Array.from({ length: limit }, () => [401, server.invalidCredentials]),
      refused,
      refused,
    ]);
    const right = await roundRobin(2, '/api/auth/login', { headers, body: { email, password: PASSWORD, method: 'EMAIL' } });
    expect(right.map(statusAndMessage)).toEqual([refused, refused]);
  });

  it('refuses a client address after 20 failed sign-ins, whichever accounts and processes they went to', async () => {
    const headers = fromClient();
    const limit = throttles.loginPerIp.limit;
    const answers: Answer[] = [];
    for (let i = 0; i < limit + 2; i += 1) {
      answers.push(await turn().call('/api/auth/login', { headers, body: { email: `nobody-${i}-${process.pid}@example.com`, password: 'Wrong!Password1', method: 'EMAIL' } }));
    }
    expect(answers.map(statusAndMessage)).toEqual([
      ...Array.from({ length: limit }, () => [401, server.invalidCredentials]),
      [429, server.loginThrottled(15)],
      [429, server.loginThrottled(15)],
    ]);
  });

  it('locks the transaction PIN at the 5th wrong PIN in a row, counted across processes; the right PIN is then refused too', async () => {
    const { token } = await verifiedCustomer({ pin: true });
    const wrong = await roundRobin(PIN_MAX_ATTEMPTS, '/api/auth/confirm-transaction-pin', { token, body: { transaction_pin: '1111' } });
    const locked = [429, server.pinLockedFor(30)];
    expect(wrong.map(statusAndMessage)).toEqual([
      ...Array.from({ length: PIN_MAX_ATTEMPTS - 1 }, (_, i) => [400, server.incorrectPinAttemptsLeft(PIN_MAX_ATTEMPTS - 1 - i)]),
      locked,
    ]);
    const right = await roundRobin(2, '/api/auth/confirm-transaction-pin', { token, body: { transaction_pin: PIN } });
    expect(right.map(statusAndMessage)).toEqual([locked, locked]);
  });

  it('kills an e-mail code at its 5th wrong try, counted across processes; a new code then goes out at once, and its cool-down holds on both', async () => {
    const email = await signUp();
    const code = await latestOtp(turn(), email);
    const headers = fromClient();
    const wrongCode = code === '000000' ? '111111' : '000000';
    const path = `/api/auth/verify-email/${encodeURIComponent(email)}`;
    const wrong = await roundRobin(OTP_MAX_ATTEMPTS, path, { headers, body: { otp: wrongCode } });
    const dead = [429, server.otpTooManyAttempts];
    expect(wrong.map(statusAndMessage)).toEqual([...Array.from({ length: OTP_MAX_ATTEMPTS - 1 }, () => [400, emailVerification.invalidOtp]), dead]);
    const right = await roundRobin(2, path, { headers, body: { otp: code } });
    expect(right.map(statusAndMessage)).toEqual([dead, dead]);
    // The sign-up's code is dead, so one process sends a new one at once; the other then keeps its cool-down.
    const resends = await roundRobin(2, `/api/auth/resend-otp/${encodeURIComponent(email)}`, { body: {} });
    expect(resends.map(statusAndMessage)).toEqual([
      [200, resend.success],
      [429, server.otpCooldown],
    ]);
  });

  it(`sends an account ${OTP_HOURLY_CAP} e-mail codes an hour, the sign-up's and the resends' across processes: the next resend is refused on either`, async () => {
    const email = await signUp();
    const path = `/api/auth/resend-otp/${encodeURIComponent(email)}`;
    const answers: Answer[] = [];
    for (let i = 1; i <= OTP_HOURLY_CAP; i += 1) {
      await codesSentEarlier(email);
      answers.push(await turn().call(path, { body: {} }));
    }
    answers.push(await turn().call(path, { body: {} }));
    const capped = [429, server.otpHourlyCap(CAP_MINUTES_LEFT)];
    expect(answers.map(statusAndMessage)).toEqual([...Array.from({ length: OTP_HOURLY_CAP - 1 }, () => [200, resend.success]), capped, capped]);
    expect(await messagesTo(email)).toBe(OTP_HOURLY_CAP);
  });

  it(`sends an account ${OTP_HOURLY_CAP} phone codes an hour whatever the numbers, across processes: the next is refused on either, to a new number too`, async () => {
    const { email, token } = await verifiedCustomer();
    // Two numbers taking turns, then a third.
    const numbers = ['+2348031234561', '+2348031234562', '+2348031234563'];
    const send = (phoneNumber: string) => turn().call('/api/auth/send-otp-phone', { token, body: { phone_number: phoneNumber } });
    const answers: Answer[] = [];
    for (let i = 0; i < OTP_HOURLY_CAP; i += 1) {
      if (i > 0) await codesSentEarlier(email);
      answers.push(await send(numbers[i % 2]));
    }
    await codesSentEarlier(email);
    answers.push(await send(numbers[2]), await send(numbers[0]));
    const capped = [429, server.otpHourlyCap(CAP_MINUTES_LEFT)];
    expect(answers.map(statusAndMessage)).toEqual([...Array.from({ length: OTP_HOURLY_CAP }, () => [200, phone.otpSent]), capped, capped]);
    expect([await messagesTo(numbers[0]), await messagesTo(numbers[1]), await messagesTo(numbers[2])]).toEqual([
      Math.ceil(OTP_HOURLY_CAP / 2),
      Math.floor(OTP_HOURLY_CAP / 2),
      0,
    ]);
  });

  it(`refuses a client address's code guesses after ${throttles.otpGuessesPerIp.limit} in 15 minutes, whichever addresses and processes they went to`, async () => {
    const headers = fromClient();
    const limit = throttles.otpGuessesPerIp.limit;
    const answers: Answer[] = [];
    for (let i = 0; i < limit + 2; i += 1) {
      const email = `no-code-${i}-${process.pid}@example.com`;
      answers.push(await turn().call(`/api/auth/verify-email/${encodeURIComponent(email)}`, { headers, body: { otp: '123456' } }));
    }
    expect(answers.map(statusAndMessage)).toEqual([
      ...Array.from({ length: limit }, () => [400, server.invalidOrExpiredOtp]),
      [429, server.tooManyRequestsFor(15)],
      [429, server.tooManyRequestsFor(15)],
    ]);
  });

  it(`gives a customer ${QUOTES_PER_MINUTE} quotes a minute (QUOTES_PER_MINUTE) however the processes share them`, async () => {
    const { token } = await verifiedCustomer();
    const answers = await roundRobin(QUOTES_PER_MINUTE + 2, '/api/quotes', {
      token,
      body: { from_currency: 'CAD', to_currency: 'NGN', amount: '10.00', amount_side: 'send' },
    });
    expect(answers.map((answer) => answer.status)).toEqual([...Array.from({ length: QUOTES_PER_MINUTE }, () => 200), 429, 429]);
    expect(answers.slice(QUOTES_PER_MINUTE).map((answer) => answer.body?.message)).toEqual([server.tooManyRequestsFor(1), server.tooManyRequestsFor(1)]);
  });
});

describe('throttles across two processes, attempts sent all at once', () => {
  /** The same call sent `times` times at once, alternately to each process. */
  const burst = (times: number, path: string, options: CallOptions) => Promise.all(Array.from({ length: times }, () => turn().call(path, options)));
  const count = (answers: Answer[]) => {
    const counts: Record<string, number> = {};
    for (const answer of answers) counts[`${answer.status} ${String(answer.body?.message)}`] = (counts[`${answer.status} ${String(answer.body?.message)}`] ?? 0) + 1;
    return counts;
  };

  it('lets 5 of 12 simultaneous wrong passwords through to the password check, and refuses the other 7', async () => {
    const { email } = await verifiedCustomer();
    const answers = await burst(12, '/api/auth/login', { headers: fromClient(), body: { email, password: 'Wrong!Password1', method: 'EMAIL' } });
    expect(count(answers)).toEqual({ [`401 ${server.invalidCredentials}`]: 5, [`429 ${server.loginThrottled(15)}`]: 7 });
  });

  it(`prices ${QUOTES_PER_MINUTE} of 14 simultaneous quotes and refuses the other 8`, async () => {
    const { token } = await verifiedCustomer();
    const answers = await burst(14, '/api/quotes', { token, body: { from_currency: 'CAD', to_currency: 'NGN', amount: '10.00', amount_side: 'send' } });
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(QUOTES_PER_MINUTE);
    expect(count(answers.filter((answer) => answer.status !== 200))).toEqual({ [`429 ${server.tooManyRequestsFor(1)}`]: 14 - QUOTES_PER_MINUTE });
  });

  it('counts 10 simultaneous wrong PINs one after another: 4 wrong, then locked', async () => {
    const { token } = await verifiedCustomer({ pin: true });
    const answers = await burst(10, '/api/auth/confirm-transaction-pin', { token, body: { transaction_pin: '1111' } });
    // A try that waited for the lock of the one that locked the PIN reads the lock from its own,
    // earlier start (over 30 minutes left): it says 30 minutes all the same.
    const locked = server.pinLockedFor(30);
    expect(count(answers)).toEqual({
      ...Object.fromEntries(Array.from({ length: PIN_MAX_ATTEMPTS - 1 }, (_, i) => [`400 ${server.incorrectPinAttemptsLeft(PIN_MAX_ATTEMPTS - 1 - i)}`, 1])),
      [`429 ${locked}`]: 10 - (PIN_MAX_ATTEMPTS - 1),
    });
  });

  it('counts 10 simultaneous wrong codes one after another: 4 wrong, then the code is dead', async () => {
    const email = await signUp();
    const code = await latestOtp(turn(), email);
    const answers = await burst(10, `/api/auth/verify-email/${encodeURIComponent(email)}`, { headers: fromClient(), body: { otp: code === '000000' ? '111111' : '000000' } });
    expect(count(answers)).toEqual({ [`400 ${emailVerification.invalidOtp}`]: OTP_MAX_ATTEMPTS - 1, [`429 ${server.otpTooManyAttempts}`]: 10 - (OTP_MAX_ATTEMPTS - 1) });
  });
});
