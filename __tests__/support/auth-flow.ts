import { randomUUID } from 'node:crypto';
import { buildPath } from '../../src/shared/endpoints';
import type { LoginData, OutboxMessage, Req } from '../../src/shared/types';
import { DEFAULT_PASSWORD } from './customers';
import type { TestApp } from './test-app';

/** HTTP helpers for journey-style tests that go through the real sign-up, outbox and login calls. */

export const api = (path: string) => `/api${path}`;

export function signUpBody(overrides: Partial<Req<'signUp'>> = {}): Req<'signUp'> {
  return {
    address: '',
    confirm_password: overrides.password ?? DEFAULT_PASSWORD,
    country_of_residence: 'CA',
    date_of_birth: '15/01/1990',
    email: `u-${randomUUID().slice(0, 8)}@example.com`,
    legal_first_name: 'Ada',
    legal_last_name: 'Obi',
    nationality: 'NG',
    password: DEFAULT_PASSWORD,
    ...overrides,
  };
}

/** Newest first, as GET /api/dev/outbox answers. */
export async function outbox(t: TestApp, to: string): Promise<OutboxMessage[]> {
  const res = await t.app.inject({ method: 'GET', url: api('/dev/outbox'), query: { to } });
  if (res.statusCode !== 200) throw new Error(`outbox answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

/** The code of the newest message to that address or phone number. */
export async function latestOtp(t: TestApp, to: string): Promise<string> {
  const [message] = await outbox(t, to);
  if (!message?.otp) throw new Error(`no code was sent to ${to}`);
  return message.otp;
}

/** POST /auth/sign-up; throws unless it succeeds. */
export async function signUpThroughApi(t: TestApp, overrides: Partial<Req<'signUp'>> = {}): Promise<{ email: string; password: string }> {
  const body = signUpBody(overrides);
  const res = await t.app.inject({ method: 'POST', url: api('/auth/sign-up'), payload: body });
  if (res.statusCode !== 200) throw new Error(`sign-up answered ${res.statusCode}: ${res.body}`);
  return { email: body.email, password: body.password };
}

/** Sign-up, then the e-mail code from the outbox: a customer who can log in. */
export async function verifiedSignUp(t: TestApp, overrides: Partial<Req<'signUp'>> = {}): Promise<{ email: string; password: string }> {
  const account = await signUpThroughApi(t, overrides);
  const res = await t.app.inject({
    method: 'POST',
    url: api(buildPath('verifyEmail', { email: account.email })),
    payload: { otp: await latestOtp(t, account.email) },
  });
  if (res.statusCode !== 200) throw new Error(`verify-email answered ${res.statusCode}: ${res.body}`);
  return account;
}

/** POST /auth/login; throws unless it succeeds. */
export async function loginThroughApi(t: TestApp, email: string, password: string, headers: Record<string, string> = {}): Promise<LoginData> {
  const res = await t.app.inject({ method: 'POST', url: api('/auth/login'), headers, payload: { email, password, method: 'EMAIL' } });
  if (res.statusCode !== 200) throw new Error(`login answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Fakes only Date (timers, ticks and I/O run for real, so the database keeps working) and lets a
 * test move the clock forward: `clock.advance(11_000)`. Call `clock.restore()` in afterEach.
 */
export function fakeClock(): { advance(ms: number): void; restore(): void } {
  jest.useFakeTimers({
    now: Date.now(),
    doNotFake: [
      'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame',
      'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval',
      'setTimeout', 'clearTimeout',
    ],
  });
  return {
    advance: (ms) => jest.setSystemTime(Date.now() + ms),
    restore: () => jest.useRealTimers(),
  };
}

/** Asserts a refusal in the API's error shape. */
export function expectRefusal(res: { statusCode: number; json(): unknown }, status: number, message: string | RegExp): void {
  expect({ status: res.statusCode, body: res.json() }).toEqual({
    status,
    body: { success: false, message: typeof message === 'string' ? message : expect.stringMatching(message) },
  });
}
