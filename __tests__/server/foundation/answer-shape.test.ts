/**
 * spec-next: "every answer keeps the `{ success, message, data }` shape". Each of its routes that
 * answers JSON, called as a client would, answers success true, a message and its data.
 */
import type { LightMyRequestResponse } from 'fastify';
import { createCustomer } from '../../support/customers';
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
