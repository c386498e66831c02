/**
 * spec-next: "every answer keeps the `{ success, message, data }` shape". Each of its routes that
 * answers JSON, called as a client would, answers success true, a message and its data.
 */
import type { LightMyRequestResponse } from 'fastify';
import { fakeClock, latestOtp, signUpBody } from '../../support/auth-flow';
import { createCustomer } from '../../support/customers';
import { VALID_BVN } from '../../support/wallets';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { funded, get, history, userTransfer } from '../transfers/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function expectShape(res: LightMyRequestResponse): Record<string, unknown> {
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toEqual({ success: true, message: expect.any(String), data: expect.anything() });
  expect((body.message as string).length).toBeGreaterThan(0);
  return body.data;
}

it("spec-next's routes answer { success, message, data }", async () => {
  const sender = await funded(t, { CAD: '50.00' });
  const recipient = await createCustomer(t);
  expect((await userTransfer(t, sender, 'CAD', { amount: '5.00', recipient_email: recipient.email })).statusCode).toBe(200);
  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
    t.app.inject({ method, url: `/api${path}`, headers: sender.headers, ...(payload ? { payload } : {}) });

  expectShape(await get(t, sender, '/limits'));
  expectShape(await t.app.inject({ method: 'GET', url: '/api/pricing' }));
  expectShape(await call('POST', '/quotes', { from_currency: 'CAD', to_currency: 'NGN', amount: '10.00', amount_side: 'send' }));
  expectShape(await get(t, sender, '/verification/proof-of-address'));
  const [sent] = await history(t, sender, 'CAD');
  expectShape(await get(t, sender, `/transactions/${sent.id as string}`));

  const saved = expectShape(await get(t, sender, '/recipients')) as unknown as { id: string }[];
  expect(saved).toHaveLength(1);
  expect(expectShape(await call('DELETE', `/recipients/${saved[0].id}`))).toEqual({ id: saved[0].id });

  const other = await t.app.inject({
    method: 'POST', url: '/api/auth/login', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0' },
    payload: { email: sender.email, password: sender.password, method: 'EMAIL' },
  });
  expect(other.statusCode).toBe(200);
  const sessions = expectShape(await get(t, sender, '/sessions')) as unknown as { id: string; current: boolean }[];
  const elsewhere = sessions.find((session) => !session.current)!;
  expect(expectShape(await call('DELETE', `/sessions/${elsewhere.id}`))).toEqual({ id: elsewhere.id });
  expect(expectShape(await call('POST', '/sessions/revoke-others'))).toEqual({ revoked: 0 });
});

it("spec.md's calls that answer only a message carry data: null too (a client that reads data finds the key)", async () => {
  const onlyMessage = (res: LightMyRequestResponse, success: boolean | 'true' = true) => {
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success, message: expect.any(String), data: null });
  };
  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

  const body = signUpBody();
  onlyMessage(await post('/auth/sign-up', body));
  // A new code, once the first one's cool-down has passed.
  const clock = fakeClock();
  try {
    clock.advance(61_000);
    onlyMessage(await post(`/auth/resend-otp/${body.email}`));
  } finally {
    clock.restore();
  }
  onlyMessage(await post(`/auth/verify-email/${body.email}`, { otp: await latestOtp(t, body.email) }));
  onlyMessage(await post('/auth/forgot-password', { email: body.email }));

  const customer = await createCustomer(t, { pin: '' });
  onlyMessage(await post('/wallet/create-pin', { transaction_pin: '2468', confirm_transaction_pin: '2468' }, customer.headers), 'true');
  onlyMessage(await post('/auth/update-timezone', { timezone: 'America/Toronto' }, customer.headers));
  onlyMessage(await post('/auth/confirm-transaction-pin', { transaction_pin: '2468' }, customer.headers));
  onlyMessage(await post('/wallet/naira-wallet', { bvn: VALID_BVN, NIN: '', gender: 'female' }, customer.headers), 'true');
  onlyMessage(await post('/auth/check-email/nobody-here@example.com?currency_type=CAD', undefined, customer.headers), false);
  onlyMessage(await post('/auth/logout', undefined, customer.headers));
});
