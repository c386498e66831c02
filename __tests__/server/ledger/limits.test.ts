/**
 * Very large amounts (spec: money to the cent, never a 500): one request moves at most
 * 1,000,000,000.00; no customer wallet holds more than 10,000,000,000,000.00 (far below
 * Number.MAX_SAFE_INTEGER minor units), so every balance the API answers is an exact JSON number;
 * a figure the database cannot hold is a 4xx and moves nothing.
 */
import { sql } from 'kysely';
import { signWebhook } from '../../../src/server/lib/webhook-signature';
import { settleDuePayouts } from '../../../src/server/sim/payout-rail';
import { MAX_AMOUNT_MINOR, MAX_BALANCE_MINOR } from '../../../src/shared/limits';
import { formatMinor, minorToMajor } from '../../../src/shared/money';
import type { Currency } from '../../../src/shared/types';
import { expectRefusal } from '../../support/auth-flow';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { balances, convert, ledgerSums } from '../../support/wallets';
import { cadWithdrawal, funded, history, userTransfer } from '../transfers/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const TOO_LARGE = 'Amount cannot be more than 1,000,000,000.00';
const ceilingMessage = (currency: Currency) => `This would take the receiving wallet over its limit of 10,000,000,000,000.00 ${currency}`;

const devDeposit = (customer: Customer, currency: Currency, amount: string) =>
  t.app.inject({ method: 'POST', url: '/api/dev/deposits', payload: { email: customer.email, currency, amount } });

/**
 * Test set-up: the customer's wallet holds `minor` more, taken from deposits clearing (the
 * currency still sums to zero). Reaching such balances through the API would take 10,000
 * deposits of the largest amount.
 */
async function seedBalance(customer: Customer, currency: Currency, minor: bigint): Promise<void> {
  await t.db.transaction().execute(async (trx) => {
    await sql`update ledger_accounts set balance = balance + ${minor}::bigint where user_id = ${customer.id} and currency = ${currency}`.execute(trx);
    await sql`update ledger_accounts set balance = balance - ${minor}::bigint where code = 'deposits_clearing' and currency = ${currency}`.execute(trx);
  });
}

const wallet = async (customer: Customer, currency: Currency) =>
  t.app.inject({ method: 'GET', url: `/api/wallet/${currency === 'CAD' ? 'cad-wallet' : 'naira-wallet'}`, headers: customer.headers });

describe('the largest amount of one request: 1,000,000,000.00', () => {
  it('is a single constant of 100,000,000,000 minor units', () => {
    expect(MAX_AMOUNT_MINOR).toBe(100_000_000_000n);
  });

  it('deposits, conversions and transfers accept it and refuse a cent more (400), moving nothing', async () => {
    const customer = await createCustomer(t);
    expectRefusal(await devDeposit(customer, 'CAD', '1000000000.01'), 400, TOO_LARGE);
    expect((await devDeposit(customer, 'CAD', '1000000000')).statusCode).toBe(200);
    expectRefusal(await convert(t, customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '1000000000.01' }), 400, TOO_LARGE);
    const recipient = await createCustomer(t);
    expectRefusal(await userTransfer(t, customer, 'CAD', { amount: '1000000000.01', recipient_email: recipient.email }), 400, TOO_LARGE);
    expectRefusal(await cadWithdrawal(t, customer, { Amount: 1000000000.01 }), 400, TOO_LARGE);
    expect(await balances(t, customer)).toEqual({ CAD: 1_000_000_000, NGN: 0 });
  });

  it('a rail webhook above it is refused (400)', async () => {
    const customer = await createCustomer(t);
    const email = (await wallet(customer, 'CAD')).json().data.email;
    const body = JSON.stringify({ reference: 'CA-BIG-1', deposit_email: email, amount_minor: '100000000001', sender_name: 'Ada Obi' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/interac',
      headers: { 'content-type': 'application/json', 'x-kudi-signature': signWebhook(t.config.webhookSecret, body) },
      payload: body,
    });
    expectRefusal(res, 400, TOO_LARGE);
  });

  it('converting all of it gives an exact naira figure', async () => {
    const customer = await funded(t, { CAD: '1000000000.00', activate: true });
    const res = await convert(t, customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '1000000000' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.converted_amount).toBe(1_039_500_000_000);
    expect(await balances(t, customer)).toEqual({ CAD: 0, NGN: 1_039_500_000_000 });
  });
});

describe('the balance ceiling of a wallet: 10,000,000,000,000.00', () => {
  it('is below Number.MAX_SAFE_INTEGER minor units, and every figure up to it is an exact JSON number', () => {
    expect(MAX_BALANCE_MINOR).toBe(10n ** 15n);
    expect(MAX_BALANCE_MINOR < BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    const exact = (minor: bigint) => JSON.stringify(minorToMajor(minor)) === formatMinor(minor, { withCommas: false }).replace(/\.?0+$/, '');
    const samples = [MAX_BALANCE_MINOR, MAX_BALANCE_MINOR - 1n, MAX_BALANCE_MINOR - 9n, 999_999_999_999_991n, 123_456_789_012_345n];
    for (let i = 0n; i < 2_000n; i += 1n) samples.push(MAX_BALANCE_MINOR - i * 7_919_137n);
    expect(samples.filter((minor) => !exact(minor))).toEqual([]);
    // Whereas at Number.MAX_SAFE_INTEGER minor units a cent is lost.
    expect(exact(BigInt(Number.MAX_SAFE_INTEGER))).toBe(false);
  });

  it('a deposit may fill a wallet to the ceiling, answered to the cent; a cent more is refused (422)', async () => {
    const customer = await createCustomer(t);
    await seedBalance(customer, 'CAD', MAX_BALANCE_MINOR - 1_001_001n);
    expect((await devDeposit(customer, 'CAD', '10000')).statusCode).toBe(200);
    // The JSON text itself: no cent lost to floating point.
    expect((await wallet(customer, 'CAD')).body).toContain('"balance":9999999999989.99,');
    expectRefusal(await devDeposit(customer, 'CAD', '10.02'), 422, ceilingMessage('CAD'));
    expect((await devDeposit(customer, 'CAD', '10.01')).statusCode).toBe(200);
    expect((await wallet(customer, 'CAD')).body).toContain('"balance":10000000000000,');
    expectRefusal(await devDeposit(customer, 'CAD', '0.01'), 422, ceilingMessage('CAD'));
    expect((await history(t, customer, 'CAD')).map((line) => line.amount)).toEqual([10.01, 10000]);
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it('a conversion into a full wallet is refused and moves nothing', async () => {
    const customer = await funded(t, { CAD: '100.00', activate: true });
    await seedBalance(customer, 'NGN', MAX_BALANCE_MINOR - 100n);
    const before = (await wallet(customer, 'NGN')).json().data.balance;
    expectRefusal(await convert(t, customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '1' }), 422, ceilingMessage('NGN'));
    expect((await balances(t, customer)).CAD).toBe(100);
    expect((await wallet(customer, 'NGN')).json().data.balance).toBe(before);
  });

  it('a transfer to a full wallet is refused and moves nothing', async () => {
    const sender = await funded(t, { CAD: '50.00' });
    const recipient = await createCustomer(t);
    await seedBalance(recipient, 'CAD', MAX_BALANCE_MINOR);
    expectRefusal(await userTransfer(t, sender, 'CAD', { amount: '0.01', recipient_email: recipient.email }), 422, ceilingMessage('CAD'));
    expect((await balances(t, sender)).CAD).toBe(50);
  });

  it('an Interac e-Transfer to a full wallet fails at the rail and the sender gets the money back', async () => {
    const sender = await funded(t, { CAD: '50.00' });
    const recipient = await createCustomer(t);
    await seedBalance(recipient, 'CAD', MAX_BALANCE_MINOR);
    const address = (await wallet(recipient, 'CAD')).json().data.email;
    await settleDuePayouts(t.app);
    const { transaction_reference: reference } = (await cadWithdrawal(t, sender, { CustomerEmail: address, Amount: '5' })).json().data;
    await settleDuePayouts(t.app);
    expect((await history(t, sender, 'CAD'))[0]).toMatchObject({ id: reference, status: 'failed' });
    expect((await balances(t, sender)).CAD).toBe(50);
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });
});

describe('a figure the database cannot hold', () => {
  it('is a 422, never a 500, and moves nothing', async () => {
    // The house's naira liquidity pushed to the edge of a bigint (offset by the fees account, so NGN still sums to zero).
    const edge = -9_223_372_036_854_775_000n;
    const shift = async (amount: bigint) =>
      t.db.transaction().execute(async (trx) => {
        await sql`update ledger_accounts set balance = balance + ${amount}::bigint where code = 'fx_liquidity' and currency = 'NGN'`.execute(trx);
        await sql`update ledger_accounts set balance = balance - ${amount}::bigint where code = 'fees' and currency = 'NGN'`.execute(trx);
      });
    const customer = await funded(t, { CAD: '10.00', activate: true });
    const { balance } = await t.db.selectFrom('ledger_accounts').select('balance').where('code', '=', 'fx_liquidity').where('currency', '=', 'NGN').executeTakeFirstOrThrow();
    await shift(edge - balance);
    try {
      const res = await convert(t, customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '1' });
      expectRefusal(res, 422, 'This amount is too large to process');
      expect(await balances(t, customer)).toEqual({ CAD: 10, NGN: 0 });
    } finally {
      await shift(balance - edge);
    }
    expect((await convert(t, customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '1' })).statusCode).toBe(200);
  });
});
