/**
 * The refusals every PIN-confirmed money call shares (spec §5, §6, §8): who may send, the PIN and
 * its lockout, and the amount. Each is a clear 4xx and moves nothing.
 */
import { server } from '../../../src/shared/messages';
import { expectRefusal } from '../../support/auth-flow';
import { createCustomer, type Customer, type CustomerOptions } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { highLimits } from '../../support/limits';
import { balances, ledgerSums } from '../../support/wallets';
import { bankBody, funded, interacBody, PIN, post, TIMEZONE } from './helpers';

let t: TestApp;
let recipient: Customer;
beforeAll(async () => {
  t = await buildTestApp(highLimits);
  // Naira reaches only an activated naira wallet.
  recipient = await funded(t, { activate: true });
});
afterAll(() => t.close());

interface MoneyCall {
  path: string;
  amountField: string;
  body: () => Record<string, unknown>;
  /** The insufficient-balance text its screen shows (spec §5). */
  insufficient: string;
}

const userTransferBody = () => ({ amount: '10', recipient_email: recipient.email, transaction_pin: PIN, timezone: TIMEZONE });

const CALLS: Record<string, MoneyCall> = {
  'cad-wallet-transfer': { path: '/wallet/cad-wallet-transfer', amountField: 'amount', body: userTransferBody, insufficient: 'Insufficient CAD balance' },
  'ngn-wallet-transfer': { path: '/wallet/ngn-wallet-transfer', amountField: 'amount', body: userTransferBody, insufficient: 'Insufficient NGN balance' },
  'cad-withdrawal': { path: '/wallet/cad-withdrawal', amountField: 'Amount', body: () => interacBody({ Amount: '10' }), insufficient: 'Insufficient CAD balance' },
  'ngn-withdrawal': { path: '/wallet/ngn-withdrawal', amountField: 'amount', body: () => bankBody({ amount: '10' }), insufficient: 'Insufficient balance' },
};
const NAMES = Object.keys(CALLS);

const send = (customer: Customer, name: string, overrides: Record<string, unknown> = {}) =>
  post(t, customer, CALLS[name].path, { ...CALLS[name].body(), ...overrides });

const sender = (options: CustomerOptions = {}) => funded(t, { CAD: '100.00', NGN: '1000.00' }, options);

describe.each(NAMES)('POST /wallet/%s', (name) => {
  let customer: Customer;
  beforeAll(async () => {
    customer = await sender();
  });
  afterEach(async () => {
    expect(await balances(t, customer)).toEqual({ CAD: 100, NGN: 1000 });
  });

  it('refuses a wrong PIN, saying how many tries are left', async () => {
    expectRefusal(await send(customer, name, { transaction_pin: '9999' }), 400, server.incorrectPinAttemptsLeft(4));
  });

  it('checks the order before the PIN: a malformed request costs no PIN try', async () => {
    expectRefusal(await send(customer, name, { transaction_pin: '9999', [CALLS[name].amountField]: '0' }), 400, 'Please enter an amount greater than 0');
    expectRefusal(await send(customer, name, { transaction_pin: '9999' }), 400, server.incorrectPinAttemptsLeft(3));
    expect((await send(customer, name, { [CALLS[name].amountField]: '1000.01' })).statusCode).toBe(422); // the right PIN resets the count
  });

  it('refuses a PIN that is not 4 digits', async () => {
    expectRefusal(await send(customer, name, { transaction_pin: '12a4' }), 400, 'Please enter a valid 4-digit PIN');
  });

  it.each([
    [0, 'Please enter an amount greater than 0'],
    ['0.00', 'Please enter an amount greater than 0'],
    [-5, 'Please enter an amount greater than 0'],
    ['-5', 'Please enter an amount greater than 0'],
    ['1.234', 'Amount can have at most 2 decimal places'],
    [1.005, 'Amount can have at most 2 decimal places'],
    ['abc', 'Please enter a valid amount'],
    ['', 'Please enter a valid amount'],
    ['1e3', 'Please enter a valid amount'],
  ])('refuses the amount %p: %s', async (amount, message) => {
    expectRefusal(await send(customer, name, { [CALLS[name].amountField]: amount }), 400, message);
  });

  it('refuses an amount that is not a number or a numeric string (400, never 5xx)', async () => {
    for (const amount of [true, null, { value: 1 }, [1]]) {
      const res = await send(customer, name, { [CALLS[name].amountField]: amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it("refuses an amount over the balance with the screen's text (spec §5)", async () => {
    expectRefusal(await send(customer, name, { [CALLS[name].amountField]: '1000.01' }), 422, CALLS[name].insufficient);
  });

  it.each([
    ['phone', { phoneVerified: false }],
    ['identity', { identityVerified: false }],
  ])('refuses a sender whose %s is not verified (403)', async (_what, options) => {
    expectRefusal(await send(await createCustomer(t, options), name), 403, server.verificationRequired);
  });

  it('refuses a sender without a transaction PIN (403)', async () => {
    expectRefusal(await send(await createCustomer(t, { pin: '' }), name), 403, server.pinNotSet);
  });

  it('refuses a signed-out caller (401)', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api${CALLS[name].path}`, payload: CALLS[name].body() });
    expect(res.statusCode).toBe(401);
  });
});

describe('five wrong PINs in a row', () => {
  it('lock every money movement for 30 minutes, the right PIN included, with a clear message', async () => {
    const customer = await sender();
    for (let left = 4; left >= 1; left -= 1) {
      expectRefusal(await send(customer, NAMES[left % NAMES.length], { transaction_pin: '0000' }), 400, server.incorrectPinAttemptsLeft(left));
    }
    expectRefusal(await send(customer, 'cad-withdrawal', { transaction_pin: '0000' }), 429, server.pinLockedFor(30));
    for (const name of NAMES) expectRefusal(await send(customer, name), 429, server.pinLockedFor(30));
    expect(await balances(t, customer)).toEqual({ CAD: 100, NGN: 1000 });
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });
});
