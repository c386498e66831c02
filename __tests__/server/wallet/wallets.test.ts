import crypto from 'node:crypto';
import { isValidNuban, nuban } from '../../../src/server/lib/nuban';
import { SIM_PARTNER_BANK } from '../../../src/server/sim/partner-bank';
import { answers, server } from '../../../src/shared/messages';
import { expectRefusal } from '../../support/auth-flow';
import { createCustomer, type CustomerOptions } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { activateNairaWallet, VALID_BVN } from '../../support/wallets';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const activate = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/wallet/naira-wallet', headers, payload });

describe('GET /wallet/cad-wallet', () => {
  it('shows the balance and the deposit details: a unique deposit e-mail, a reference question and answer', async () => {
    const [a, b] = [await createCustomer(t, { firstName: 'Adé', lastName: 'Ọbi' }), await createCustomer(t)];
    const res = await get('/api/wallet/cad-wallet', a.headers);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toEqual({
      balance: 0,
      email: expect.stringMatching(/^adeobi\.[a-z2-7]{8}@pay\.kudi\.example$/),
      security_question: 'What is the payment for?',
      security_answer: expect.stringMatching(/^[a-z]+\d{3}$/),
    });
    const other = (await get('/api/wallet/cad-wallet', b.headers)).json().data;
    expect(other.email).not.toBe(data.email);
  });
});

describe('naira wallet', () => {
  it('starts not activated, with no bank details', async () => {
    const customer = await createCustomer(t);
    const res = await get('/api/wallet/naira-wallet', customer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: answers.nairaWallet,
      data: { balance: 0, is_wallet_activated: false, bank_name: null, account_name: null, account_number: null, tx_ref: null },
    });
  });

  it('activation opens a virtual account in the customer\'s name with a valid NUBAN of the partner bank', async () => {
    const customer = await createCustomer(t, { firstName: 'Chidi', lastName: 'Okafor' });
    const res = await activate(customer.headers, { bvn: VALID_BVN, NIN: '12345678901', gender: 'male' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: 'true', message: 'Wallet activated successfully!', data: null });
    const { data } = (await get('/api/wallet/naira-wallet', customer.headers)).json();
    expect(data).toEqual({
      balance: 0,
      is_wallet_activated: true,
      bank_name: SIM_PARTNER_BANK.name,
      account_name: 'Chidi Okafor',
      account_number: expect.stringMatching(/^\d{10}$/),
      tx_ref: expect.any(String),
    });
    expect(isValidNuban(SIM_PARTNER_BANK.code, data.account_number)).toBe(true);
  });

  it('takes a NIN of any length up to 11 digits (spec §5: optional and digits only)', async () => {
    const customer = await createCustomer(t);
    const res = await activate(customer.headers, { bvn: VALID_BVN, NIN: '123', gender: 'female' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: 'true', message: 'Wallet activated successfully!', data: null });
    expect((await get('/api/wallet/naira-wallet', customer.headers)).json().data.is_wallet_activated).toBe(true);
  });

  it.each([
    ['no gender and no NIN', { bvn: VALID_BVN }],
    ['no gender and a null NIN', { bvn: VALID_BVN, NIN: null }],
    ['no gender and an empty NIN', { bvn: VALID_BVN, NIN: '' }],
  ])('takes %s: the gender is male (spec §5, §9), no NIN kept', async (_case, body) => {
    const customer = await createCustomer(t);
    const res = await activate(customer.headers, body);
    expect(res.json()).toEqual({ success: 'true', message: 'Wallet activated successfully!', data: null });
    const row = await t.db.selectFrom('naira_wallets').selectAll().where('user_id', '=', customer.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_wallet_activated: true, gender: 'male', nin_hash: null });
  });

  it('keeps neither the BVN nor the NIN in clear', async () => {
    const customer = await createCustomer(t);
    await activate(customer.headers, { bvn: '22298765432', NIN: '11122233344', gender: 'female' });
    const row = await t.db.selectFrom('naira_wallets').selectAll().where('user_id', '=', customer.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ bvn_last4: '5432', gender: 'female' });
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('22298765432');
    expect(stored).not.toContain('11122233344');
  });

  it('gives every customer their own account number', async () => {
    const numbers = new Set<string>();
    for (let i = 0; i < 3; i += 1) numbers.add((await activateNairaWallet(t, await createCustomer(t))).account_number);
    expect(numbers.size).toBe(3);
  });

  it('numbers accounts at random, not in sequence: the numbers next to a customer\'s are nobody\'s (name enquiry cannot count through customers)', async () => {
    const numbers: string[] = [];
    for (let i = 0; i < 6; i += 1) numbers.push((await activateNairaWallet(t, await createCustomer(t))).account_number);
    const serials = numbers.map((number) => Number(number.slice(0, 9))).sort((a, b) => a - b);
    const steps = serials.slice(1).map((serial, i) => serial - serials[i]);
    expect(new Set(steps).size).toBeGreaterThan(1); // not an arithmetic progression (a counter)
    for (const number of numbers) {
      expect(isValidNuban(SIM_PARTNER_BANK.code, number)).toBe(true);
      expect(number).not.toMatch(/0000$/); // such numbers fail at the simulated rail
    }
    const someone = await createCustomer(t);
    const serial = Number(numbers[0].slice(0, 9));
    for (const neighbour of [serial - 1, serial + 1]) {
      const res = await get(`/api/wallet/get_name_inquiry/${nuban(SIM_PARTNER_BANK.code, String(neighbour))}/${SIM_PARTNER_BANK.code}/0123456789`, someone.headers);
      expect(res.json()).toMatchObject({ success: false, code: '25' });
    }
  });

  it('draws another number when the random one is taken', async () => {
    const first = await activateNairaWallet(t, await createCustomer(t));
    const customer = await createCustomer(t);
    const fresh = 987654321;
    const draw = jest.spyOn(crypto, 'randomInt') as unknown as jest.Mock;
    draw.mockReturnValueOnce(Number(first.account_number.slice(0, 9))).mockReturnValueOnce(fresh);
    try {
      const second = await activateNairaWallet(t, customer);
      expect(second.account_number).toBe(nuban(SIM_PARTNER_BANK.code, String(fresh)));
    } finally {
      draw.mockRestore();
    }
  });

  it.each<[string, CustomerOptions, string]>([
    ['a verified e-mail', { emailVerified: false }, server.verificationRequired],
    ['a verified phone', { phoneVerified: false }, server.verificationRequired],
    ['a verified identity', { identityVerified: false }, server.verificationRequired],
    ['a transaction PIN', { pin: '' }, server.pinNotSet],
  ])('refuses a customer without %s (403) and opens no account', async (_what, options, message) => {
    const customer = await createCustomer(t, options);
    expectRefusal(await activate(customer.headers, { bvn: VALID_BVN, NIN: '', gender: 'female' }), 403, message);
    const { data } = (await get('/api/wallet/naira-wallet', customer.headers)).json();
    expect(data).toMatchObject({ is_wallet_activated: false, account_number: null, account_name: null });
  });

  it('refuses a second activation', async () => {
    const customer = await createCustomer(t);
    const before = await activateNairaWallet(t, customer);
    const res = await activate(customer.headers, { bvn: VALID_BVN, gender: 'male' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'Your Naira wallet is already activated' });
    expect((await get('/api/wallet/naira-wallet', customer.headers)).json().data).toEqual(before);
  });

  it.each([
    [{ bvn: '1234567890', gender: 'male' }, 'Please enter a valid 11-digit BVN'],
    [{ bvn: '1234567890a', gender: 'male' }, 'Please enter a valid 11-digit BVN'],
    [{ bvn: VALID_BVN, NIN: '1234a', gender: 'male' }, 'Please enter a valid NIN: digits only, at most 11'],
    [{ bvn: VALID_BVN, NIN: '123456789012', gender: 'male' }, 'Please enter a valid NIN: digits only, at most 11'],
  ])('refuses %p: %s', async (payload, message) => {
    const customer = await createCustomer(t);
    const res = await activate(customer.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
    expect((await get('/api/wallet/naira-wallet', customer.headers)).json().data.is_wallet_activated).toBe(false);
  });

  it('refuses a gender other than male or female', async () => {
    const customer = await createCustomer(t);
    const res = await activate(customer.headers, { bvn: VALID_BVN, gender: 'other' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^gender /);
  });
});

describe('rates and limits', () => {
  it('quotes both pairs as NGN per 1 CAD, each on the house side of the mid rate', async () => {
    const customer = await createCustomer(t);
    const cadToNgn = await get('/api/wallet/get-rates?from_currency=CAD&to_currency=NGN', customer.headers);
    const ngnToCad = await get('/api/wallet/get-rates?from_currency=NGN&to_currency=CAD', customer.headers);
    // Mid 1050.00 with a 100 bps spread (the defaults).
    expect(cadToNgn.json()).toEqual({ success: true, message: answers.rate, data: { from_currency: 'CAD', to_currency: 'NGN', actual_rate: '1,039.50' } });
    expect(ngnToCad.json()).toEqual({ success: true, message: answers.rate, data: { from_currency: 'NGN', to_currency: 'CAD', actual_rate: '1,060.50' } });
  });

  it('refuses a pair of one currency and an unknown currency', async () => {
    const customer = await createCustomer(t);
    const same = await get('/api/wallet/get-rates?from_currency=CAD&to_currency=CAD', customer.headers);
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Choose two different currencies');
    const unknown = await get('/api/wallet/get-rates?from_currency=USD&to_currency=NGN', customer.headers);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^from_currency /);
  });

  it('answers the NGN single-transaction maximum in naira', async () => {
    const customer = await createCustomer(t);
    expect((await get('/api/wallet/limit/NGN', customer.headers)).json()).toEqual({ success: true, message: answers.ngnLimit, data: 5_000_000 });
  });
});

describe('every wallet call needs a signed-in customer', () => {
  it.each([
    ['GET', '/api/wallet/cad-wallet'],
    ['GET', '/api/wallet/naira-wallet'],
    ['POST', '/api/wallet/naira-wallet'],
    ['GET', '/api/wallet/get-rates?from_currency=CAD&to_currency=NGN'],
    ['GET', '/api/wallet/limit/NGN'],
    ['POST', '/api/wallet/currency-conversion'],
    ['GET', '/api/wallet/transactions?currency=CAD'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Unauthorized' });
  });
});
