/** Who may ask GET /wallet/get_name_inquiry/… (it reveals account holders' names), and how often. */
import { answers, server } from '../../../src/shared/messages';
import { expectRefusal } from '../../support/auth-flow';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { ACCESS_ACCOUNT, anotherProcess, get } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const route = (account = ACCESS_ACCOUNT.number, nibss = ACCESS_ACCOUNT.nibss) => `/wallet/get_name_inquiry/${account}/${nibss}/1234567890`;
const inquiry = (customer: Customer, account?: string) => get(t, customer, route(account));

const HOLDER = { account: { name: ACCESS_ACCOUNT.name, number: ACCESS_ACCOUNT.number } };
const FOUND = { success: true, code: '00', customer: HOLDER, message: answers.accountFound, data: HOLDER };

describe('GET /wallet/get_name_inquiry/{accountNumber}/{nibssBankCode}/{senderAccountNumber}: access', () => {
  it("answers code '00' with the holder's name for a customer who may send", async () => {
    const res = await inquiry(await createCustomer(t));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(FOUND);
  });

  it.each([
    ['a verified e-mail', { emailVerified: false }, server.verificationRequired],
    ['a verified phone', { phoneVerified: false }, server.verificationRequired],
    ['a verified identity', { identityVerified: false }, server.verificationRequired],
    ['a transaction PIN', { pin: '' }, server.pinNotSet],
  ])('refuses a caller without %s as sending does (403), and names nobody', async (_what, options, message) => {
    const res = await inquiry(await createCustomer(t, options));
    expectRefusal(res, 403, message);
    expect(res.body).not.toContain(ACCESS_ACCOUNT.name);
  });

  it('refuses a signed-out caller (401)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api${route()}` });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain(ACCESS_ACCOUNT.name);
  });

  it('limits look-ups per signed-in customer (30 per 15 minutes, kept in the database): then 429 with a clear message', async () => {
    const [customer, other] = [await createCustomer(t), await createCustomer(t)];
    for (let i = 0; i < 30; i += 1) {
      // Found and unknown accounts alike count.
      const res = i % 2 ? await inquiry(customer) : await inquiry(customer, '0000000000');
      expect(res.statusCode).toBe(200);
    }
    const refused = await inquiry(customer);
    expectRefusal(refused, 429, 'Too many name inquiries. Try again in 15 minutes.');
    expect(refused.body).not.toContain(ACCESS_ACCOUNT.name);
    // Another API process on the same database refuses too (rows, not process memory).
    const second = await anotherProcess(t);
    try {
      const res = await second.inject({ method: 'GET', url: `/api${route()}`, headers: customer.headers });
      expect(res.statusCode).toBe(429);
    } finally {
      await second.close();
    }
    // Other customers are not affected, and recipient checks have their own allowance.
    expect((await inquiry(other)).json()).toEqual(FOUND);
    const check = await t.app.inject({ method: 'POST', url: `/api/auth/check-email/${encodeURIComponent(other.email)}?currency_type=CAD`, headers: customer.headers, payload: {} });
    expect(check.statusCode).toBe(200);
  });

  it('does not count a malformed look-up (400: a number typed halfway, an unknown bank): the right one still answers after forty of them', async () => {
    const customer = await createCustomer(t);
    for (let i = 0; i < 40; i += 1) {
      const res = i % 2 ? await inquiry(customer, ACCESS_ACCOUNT.number.slice(0, 1 + (i % 9))) : await get(t, customer, route(ACCESS_ACCOUNT.number, '999999'));
      expect(res.statusCode).toBe(400);
    }
    expect((await inquiry(customer)).json()).toEqual(FOUND);
  });
});
