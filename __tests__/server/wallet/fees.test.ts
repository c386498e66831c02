/**
 * Fees from one table (spec-next §A, FEES_JSON): each outgoing kind charges its fee on top of the
 * amount, in the same transaction, to the `fees` system account; the answer says how much. A fee of
 * 0 moves nothing extra. GET /pricing publishes the margin and the table the server applies.
 */
import { sql } from 'kysely';
import { parseFees } from '../../../src/server/config';
import { settleDuePayouts } from '../../../src/server/sim/payout-rail';
import type { Currency } from '../../../src/shared/types';
import { expectRefusal } from '../../support/auth-flow';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { balances, ledgerSums } from '../../support/wallets';
import { ACCESS_ACCOUNT, cadWithdrawal, funded, history, ngnWithdrawal, PIN, post, userTransfer } from '../transfers/helpers';

const FEES = {
  wallet_transfer_cad: { flat: '0.50', percent: '1' },
  wallet_transfer_ngn: { flat: 25, percent: '0.5' },
  interac: { flat: '1.50' },
  ngn_bank: { flat: '50.00', percent: '0.25' },
  bill: { percent: '2.5' },
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ fees: parseFees(JSON.stringify(FEES)), fxMarginBps: 150 });
});
afterAll(() => t.close());

/** The fees account's balance in minor units (credits minus debits). */
async function feesAccount(app: TestApp, currency: Currency): Promise<bigint> {
  const row = await app.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('code', '=', 'fees')
    .where('currency', '=', currency)
    .executeTakeFirstOrThrow();
  return row.balance;
}

const feeTransfers = async (app: TestApp) =>
  Number((await sql<{ n: string }>`select count(*)::text as n from ledger_transfers where kind = 'fee'`.execute(app.db)).rows[0].n);

describe('FEES_JSON fees on each outgoing call', () => {
  it.each([
    ['without an Idempotency-Key (never the one-statement path)', undefined],
    ['with an Idempotency-Key', 'fee-cad-transfer-1'],
  ])('CAD user transfer %s: 0.50 + 1% rounded up to the cent = 0.91, to the fees account', async (_how, key) => {
    const sender = await funded(t, { CAD: '100.00' });
    const recipient = await createCustomer(t);
    const before = await feesAccount(t, 'CAD');
    const res = await userTransfer(t, sender, 'CAD', { amount: '40.25', recipient_email: recipient.email }, key);
    expect(res.statusCode).toBe(200);
    // 1% of 40.25 is 40.25 cents → 41 cents; plus the flat 50 cents.
    expect(res.json().data).toMatchObject({ amount: 40.25, fee: '0.91' });
    expect(await balances(t, sender)).toEqual({ CAD: 58.84, NGN: 0 });
    expect(await balances(t, recipient)).toEqual({ CAD: 40.25, NGN: 0 });
    expect(await feesAccount(t, 'CAD')).toBe(before + 91n);
    const [fee, sent] = await history(t, sender, 'CAD');
    expect(sent).toMatchObject({ id: res.json().data.transaction_reference, amount: 40.25, transaction_type: 'WALLET TRANSACTION' });
    expect(fee).toMatchObject({ amount: 0.91, transaction_type: 'WITHDRAWAL', status: 'completed', description: `Fee for ${res.json().data.transaction_reference}` });
    expect(await history(t, recipient, 'CAD')).toHaveLength(1);
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it('NGN user transfer: 25.00 + 0.5% rounded up to the kobo = 62.51', async () => {
    const sender = await funded(t, { NGN: '20000.00' });
    const recipient = await funded(t, { activate: true });
    const before = await feesAccount(t, 'NGN');
    const res = await userTransfer(t, sender, 'NGN', { amount: 7500.5, recipient_email: recipient.email });
    expect(res.statusCode).toBe(200);
    // 0.5% of 7,500.50 is 37.5025 → 37.51; plus 25.00.
    expect(res.json().data).toMatchObject({ amount: 7500.5, fee: '62.51' });
    expect(await balances(t, sender)).toEqual({ CAD: 0, NGN: 12436.99 });
    expect(await balances(t, recipient)).toEqual({ CAD: 0, NGN: 7500.5 });
    expect(await feesAccount(t, 'NGN')).toBe(before + 6251n);
  });

  it('a transfer the balance covers but not with its fee is refused with the screen’s text, nothing moved', async () => {
    const sender = await funded(t, { CAD: '40.50' });
    const recipient = await createCustomer(t);
    const before = await feesAccount(t, 'CAD');
    const feesBefore = await feeTransfers(t);
    expectRefusal(await userTransfer(t, sender, 'CAD', { amount: '40.25', recipient_email: recipient.email }), 422, 'Insufficient CAD balance');
    expect(await balances(t, sender)).toEqual({ CAD: 40.5, NGN: 0 });
    expect(await balances(t, recipient)).toEqual({ CAD: 0, NGN: 0 });
    expect(await feesAccount(t, 'CAD')).toBe(before);
    expect(await feeTransfers(t)).toBe(feesBefore);
  });

  it('Interac: the flat 1.50 is reserved with the payout and reaches the fees account when the rail completes it', async () => {
    const customer = await funded(t, { CAD: '100.00' });
    await settleDuePayouts(t.app); // earlier tests' payouts
    const before = await feesAccount(t, 'CAD');
    const res = await cadWithdrawal(t, customer, { Amount: '25.50' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ amount: 25.5, status: 'pending', fee: '1.50' });
    expect((await balances(t, customer)).CAD).toBe(73);
    expect(await feesAccount(t, 'CAD')).toBe(before);
    await settleDuePayouts(t.app);
    expect((await balances(t, customer)).CAD).toBe(73);
    expect(await feesAccount(t, 'CAD')).toBe(before + 150n);
    const rows = await history(t, customer, 'CAD');
    expect(rows.slice(0, 2).map((row) => [row.amount, row.status])).toEqual([[1.5, 'completed'], [25.5, 'completed']]);
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it('Interac that the rail fails: the amount and its fee are both back in the wallet', async () => {
    const customer = await funded(t, { CAD: '40.00' });
    await settleDuePayouts(t.app);
    const before = await feesAccount(t, 'CAD');
    const res = await cadWithdrawal(t, customer, { CustomerEmail: 'jane.fail@example.com', Amount: '30' });
    expect(res.json().data.fee).toBe('1.50');
    expect((await balances(t, customer)).CAD).toBe(8.5);
    await settleDuePayouts(t.app);
    expect((await balances(t, customer)).CAD).toBe(40);
    expect(await feesAccount(t, 'CAD')).toBe(before);
    expect((await history(t, customer, 'CAD')).slice(0, 2).map((row) => row.status)).toEqual(['failed', 'failed']);
  });

  it('NGN bank payout: 50.00 + 0.25% rounded up = 62.51, reserved, then to the fees account', async () => {
    const customer = await funded(t, { NGN: '20000.00' });
    await settleDuePayouts(t.app);
    const before = await feesAccount(t, 'NGN');
    const res = await ngnWithdrawal(t, customer, { amount: '5000.75' });
    expect(res.statusCode).toBe(200);
    // 0.25% of 5,000.75 is 12.501875 → 12.51; plus 50.00.
    expect(res.json().data).toMatchObject({ amount: 5000.75, account_name: ACCESS_ACCOUNT.name, fee: '62.51' });
    expect((await balances(t, customer)).NGN).toBe(14936.74);
    await settleDuePayouts(t.app);
    expect((await balances(t, customer)).NGN).toBe(14936.74);
    expect(await feesAccount(t, 'NGN')).toBe(before + 6251n);
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it('bill payment: 2.5% rounded up to the cent = 6.27', async () => {
    const customer = await funded(t, { CAD: '300.00' });
    const before = await feesAccount(t, 'CAD');
    expect((await post(t, customer, '/auth/confirm-transaction-pin', { transaction_pin: PIN })).statusCode).toBe(200);
    const res = await post(t, customer, '/bills/create-bill-payment', {
      PayeeName: 'University of Toronto',
      PayeeCode: 'SCH-UOFT',
      Amount: 250.5,
      PayeeAccountNumber: '1009876543',
      Description: 'Fall tuition',
    });
    expect(res.statusCode).toBe(200);
    // 2.5% of 250.50 is 6.2625 → 6.27.
    expect(res.json().data).toMatchObject({ Amount: 250.5, fee: '6.27' });
    expect((await balances(t, customer)).CAD).toBe(43.23);
    expect(await feesAccount(t, 'CAD')).toBe(before + 627n);
  });

  it('a bill the balance covers but not with its fee is refused with a text that names the fee, nothing moved; above the balance, the spec text', async () => {
    const customer = await funded(t, { CAD: '100.00' });
    const before = await feesAccount(t, 'CAD');
    const bill = (Amount: number) =>
      post(t, customer, '/bills/create-bill-payment', { PayeeName: 'University of Toronto', PayeeCode: 'SCH-UOFT', Amount, PayeeAccountNumber: '1009876543', Description: 'Fall tuition' });
    expect((await post(t, customer, '/auth/confirm-transaction-pin', { transaction_pin: PIN })).statusCode).toBe(200);
    // 2.5% of 98.00 is 2.45: 100.45 leaves, more than the 100.00 there.
    expectRefusal(await bill(98), 422, 'Amount plus the fee of $2.45 cannot exceed your balance of $100.00 CAD');
    expectRefusal(await bill(100.01), 422, 'Amount cannot exceed your balance of $100.00 CAD');
    expect(await balances(t, customer)).toEqual({ CAD: 100, NGN: 0 });
    expect(await feesAccount(t, 'CAD')).toBe(before);
  });

  it('sends with fees racing each other (both ways between two customers, and payouts) all go through, each fee charged once', async () => {
    const ada = await funded(t, { CAD: '500.00' });
    const obi = await funded(t, { CAD: '500.00' });
    await settleDuePayouts(t.app);
    const before = await feesAccount(t, 'CAD');
    const sends = [];
    for (let i = 0; i < 4; i += 1) {
      sends.push(userTransfer(t, ada, 'CAD', { amount: '10.00', recipient_email: obi.email }));
      sends.push(userTransfer(t, obi, 'CAD', { amount: '20.00', recipient_email: ada.email }, `fee-race-obi-${i}`));
      sends.push(cadWithdrawal(t, ada, { Amount: '5.00' }));
    }
    const answers = await Promise.all(sends);
    expect(answers.map((res) => res.statusCode)).toEqual(sends.map(() => 200));
    await settleDuePayouts(t.app);
    // Fees: 0.50 + 0.10 on 10.00, 0.50 + 0.20 on 20.00, 1.50 per payout.
    expect(await balances(t, ada)).toEqual({ CAD: 500 - 4 * (10 + 0.6) + 4 * 20 - 4 * (5 + 1.5), NGN: 0 });
    expect(await balances(t, obi)).toEqual({ CAD: 500 - 4 * (20 + 0.7) + 4 * 10, NGN: 0 });
    expect(await feesAccount(t, 'CAD')).toBe(before + 4n * (60n + 70n + 150n));
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it('conversions carry no fee: only the margin (here 1.5%)', async () => {
    const customer = await funded(t, { CAD: '10.00' });
    const before = await feeTransfers(t);
    const res = await post(t, customer, '/wallet/currency-conversion', { from_currency: 'CAD', to_currency: 'NGN', amount: '10', timezone: 'UTC' });
    // 1,050 less 1.5% = 1,034.25.
    expect(res.json().data).toMatchObject({ amount: 10, converted_amount: 10342.5, rate: '1034.25' });
    expect(await feeTransfers(t)).toBe(before);
  });
});

describe('GET /pricing', () => {
  it('is public and states the margin, the fee of every kind and the limits of each tier the server applies', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/pricing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Our fees and exchange margin',
      data: {
        margin_percent: '1.50',
        quote_ttl_seconds: 60,
        fees: [
          { kind: 'wallet_transfer_cad', currency: 'CAD', flat: '0.50', percent: '1.00' },
          { kind: 'wallet_transfer_ngn', currency: 'NGN', flat: '25.00', percent: '0.50' },
          { kind: 'interac', currency: 'CAD', flat: '1.50', percent: '0.00' },
          { kind: 'ngn_bank', currency: 'NGN', flat: '50.00', percent: '0.25' },
          { kind: 'bill', currency: 'CAD', flat: '0.00', percent: '2.50' },
        ],
        // spec-next §B's default table (this server sets no LIMITS_JSON).
        limits: [
          { tier: 'Basic', per_transfer: '1000.00', per_day: '1000.00', per_30_days: '5000.00' },
          { tier: 'Plus', per_transfer: '10000.00', per_day: '10000.00', per_30_days: '50000.00' },
        ],
      },
    });
  });
});

describe('the default table: no fees', () => {
  let free: TestApp;
  beforeAll(async () => {
    free = await buildTestApp();
  });
  afterAll(() => free.close());

  it('GET /pricing says 1.00% margin and 0 for every kind', async () => {
    const data = (await free.app.inject({ method: 'GET', url: '/api/pricing' })).json().data;
    expect(data.margin_percent).toBe('1.00');
    expect(data.fees).toHaveLength(5);
    for (const line of data.fees) expect(line).toMatchObject({ flat: '0.00', percent: '0.00' });
  });

  it('a fee of 0 moves nothing extra: answers fee 0.00 and writes no fee transfer', async () => {
    const sender: Customer = await funded(free, { CAD: '100.00' });
    const recipient = await createCustomer(free);
    const res = await userTransfer(free, sender, 'CAD', { amount: '10', recipient_email: recipient.email });
    expect(res.json().data.fee).toBe('0.00');
    const payout = await cadWithdrawal(free, sender, { Amount: '10' });
    expect(payout.json().data.fee).toBe('0.00');
    expect(await balances(free, sender)).toEqual({ CAD: 80, NGN: 0 });
    expect(await feeTransfers(free)).toBe(0);
    expect(await feesAccount(free, 'CAD')).toBe(0n);
  });
});
