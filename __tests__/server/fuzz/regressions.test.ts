/** Findings of the route fuzzing, kept as focused tests. */
import { buildPath } from '../../../src/shared/endpoints';
import { createCustomer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { fingerprint } from './fuzz-kit';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('a NUL character in a request (PostgreSQL text cannot hold one) is a 400, not a 500', () => {
  it('in a path parameter', async () => {
    const before = await fingerprint(t);
    const res = await t.app.inject({ method: 'POST', url: `/api${buildPath('resendOtp', { email: 'a\u0000b@example.com' })}` });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { success: false, message: 'Text must not contain NUL characters' } });
    expect(await fingerprint(t)).toBe(before);
  });

  it('in a body field of a signed-in call', async () => {
    const customer = await createCustomer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-timezone',
      headers: customer.headers,
      payload: { timezone: 'America/\u0000Toronto' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Text must not contain NUL characters' });
  });

  it('in a query string', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=a%00b@example.com' });
    expect(res.statusCode).toBe(400);
  });
});
