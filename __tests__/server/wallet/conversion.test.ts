import { pin, server } from '../../../src/shared/messages';
import { convert as convertMinor } from '../../../src/shared/money';
import { expectRefusal } from '../../support/auth-flow';
import { createCustomer, type Customer, type CustomerOptions } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { activateNairaWallet, balances, convert, deposit, ledgerSums } from '../../support/wallets';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function customerWith(cad: string, ngn?: string, options: CustomerOptions = {}): Promise<Customer> {
  const customer = await createCustomer(t, options);
  await deposit(t, customer, 'CAD', cad);
  if (ngn) {
    await activateNairaWallet(t, customer);
    await deposit(t, customer, 'NGN', ngn);
  }
  return customer;
}

const rate = async (customer: Customer, from: string, to: string): Promise<string> =>
  (await t.app.inject({ method: 'GET', url: `/api/wallet/get-rates?from_currency=${from}&to_currency=${to}`, headers: customer.headers })).json()
    .data.actual_rate;

describe('POST /wallet/currency-conversion', () => {
  it('CAD to NGN multiplies by the quoted rate; the customer gets exactly what the app computes', async () => {
    const customer = await customerWith('100.00');
    const quoted = await rate(customer, 'CAD', 'NGN');
    const res = await convert(t, customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '12.34' });
    expect(res.statusCode).toBe(200);
    // 1234 cents × 1039.50 = 1,282,743 kobo exactly.
    expect(res.json()).toEqual({
      success: true,
      message: 'Currency conversion successful!',
      data: { from_currency: 'CAD', to_currency: 'NGN', amount: 12.34, converted_amount: 12827.43, rate: quoted.replace(',', ''), reference: expect.any(String), created_at: expect.any(String) },
    });
    expect(convertMinor(1234n, quoted, 'CAD_TO_NGN')).toBe(1282743n);
    expect(await balances(t, customer)).toEqual({ CAD: 87.66, NGN: 12827.43 });
  });

  it('NGN to CAD divides by the quoted rate and rounds down to the cent (house favoured)', async () => {
    const customer = await customerWith('1.00', '5000.00');
    const res = await convert(t, customer, { from_currency: 'NGN', to_currency: 'CAD', amount: 1000 });
    expect(res.statusCode).toBe(200);
    // 100000 kobo / 1060.50 = 94.295… cents → 94 cents.
    expect(res.json().data).toMatchObject({ amount: 1000, converted_amount: 0.94, rate: '1060.50' });
    expect(await balances(t, customer)).toEqual({ CAD: 1.94, NGN: 4000 });
  });

  it('a round trip never gains the customer a cent', async () => {
    const customer = await customerWith('50.00');
    const there = await convert(t, customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '50' });
    const naira = there.json().data.converted_amount;
    const back = await convert(t, customer, { from_currency: 'NGN', to_currency: 'CAD', amount: naira });
    expect(back.json().data.converted_amount).toBeLessThan(50);
    const after = await balances(t, customer);
    expect(after.NGN).toBe(0);
    expect(after.CAD).toBe(back.json().data.converted_amount);
  });

  it('records a WITHDRAWAL in the source currency and a DEPOSIT in the target, and the ledger stays balanced', async () => {
    const customer = await customerWith('20.00');
    const { reference } = (await convert(t, customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '20' })).json().data;
    const history = async (currency: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/wallet/transactions?currency=${currency}`, headers: customer.headers })).json().data;
    // The answer's reference is the item in the wallet the money left, and opens its detail.
    expect((await history('CAD'))[0]).toMatchObject({ id: reference, reference, transaction_type: 'WITHDRAWAL', amount: 20, description: 'Converted to NGN', status: 'completed' });
    const detail = await t.app.inject({ method: 'GET', url: `/api/transactions/${reference as string}`, headers: customer.headers });
    const sides = { sent: '20.00', sent_currency: 'CAD', received: '20790.00', received_currency: 'NGN' };
    expect(detail.json().data).toMatchObject({ reference, currency: 'CAD', rate: '1039.50', status: 'completed', conversion: sides });
    // The item of the naira that arrived tells the same two sides.
    const arrived = (await history('NGN'))[0] as { id: string };
    const other = await t.app.inject({ method: 'GET', url: `/api/transactions/${arrived.id}`, headers: customer.headers });
    expect(other.json().data).toMatchObject({ currency: 'NGN', amount: 20790, conversion: sides });
    expect((await history('NGN'))[0]).toMatchObject({ transaction_type: 'DEPOSIT', amount: 20790, description: 'Converted from CAD', status: 'completed' });
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it.each([
    ['abc', 'Please enter a valid amount'],
    ['', 'Please enter a valid amount'],
    [0, 'Please enter an amount greater than 0'],
    ['0.00', 'Please enter an amount greater than 0'],
    ['-5', 'Please enter an amount greater than 0'],
    ['1.234', 'Amount can have at most 2 decimal places'],
    ['1000000000.01', 'Amount cannot be more than 1,000,000,000.00'],
    ['10000000000000.01', 'Amount cannot be more than 1,000,000,000.00'],
  ])('refuses the amount %p: %s', async (amount, message) => {
    const customer = await customerWith('10.00');
    const res = await convert(t, customer, { from_currency: 'CAD', to_currency: 'NGN', amount });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
    expect((await balances(t, customer)).CAD).toBe(10);
  });

  it('refuses more than the balance with the available amount, and moves nothing', async () => {
    const customer = await customerWith('1234.50');
    const res = await convert(t, customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '1234.51' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, message: 'Insufficient CAD balance. Available: 1,234.50 CAD' });
    expect(await balances(t, customer)).toEqual({ CAD: 1234.5, NGN: 0 });
  });

  it('refuses converting between one currency, and an amount too small to give a cent', async () => {
    const customer = await customerWith('1.00', '1.00');
    const same = await convert(t, customer, { from_currency: 'NGN', to_currency: 'NGN', amount: '1' });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Choose two different currencies');
    const tiny = await convert(t, customer, { from_currency: 'NGN', to_currency: 'CAD', amount: '10.60' });
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().message).toBe('Amount is too small to convert');
    expect(await balances(t, customer)).toEqual({ CAD: 1, NGN: 1 });
  });

  it('reads the amount as entered, number or numeric string', async () => {
    const customer = await customerWith('10.00');
    expect((await convert(t, customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '2.5' })).json().data.amount).toBe(2.5);
    expect((await convert(t, customer, { from_currency: 'CAD', to_currency: 'NGN', amount: 2.5 })).json().data.amount).toBe(2.5);
    expect((await balances(t, customer)).CAD).toBe(5);
  });

  it.each([
    ['phone', { phoneVerified: false }],
    ['identity', { identityVerified: false }],
  ])('refuses a customer whose %s is not verified (403), as transfers do, and moves nothing', async (_what, options) => {
    const customer = await customerWith('10.00', undefined, options);
    expectRefusal(await convert(t, customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '5' }), 403, server.verificationRequired);
    expect(await balances(t, customer)).toEqual({ CAD: 10, NGN: 0 });
  });

  it('refuses a customer without a transaction PIN (403), with or without an Idempotency-Key, and moves nothing', async () => {
    const customer = await customerWith('10.00', undefined, { pin: '' });
    expectRefusal(await convert(t, customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '5' }), 403, server.pinNotSet);
    expectRefusal(await convert(t, customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '5' }, 'conv-no-pin-1'), 403, server.pinNotSet);
    expect(await balances(t, customer)).toEqual({ CAD: 10, NGN: 0 });
  });

  it('checks who converts before the order: an unverified customer hears about verification, not the amount', async () => {
    const customer = await customerWith('10.00', undefined, { identityVerified: false });
    expectRefusal(await convert(t, customer, { from_currency: 'CAD', to_currency: 'NGN', amount: 'abc' }), 403, server.verificationRequired);
  });
});

describe('POST /wallet/currency-conversion with the transaction PIN (the web app sends it after the review; spec §6)', () => {
  const cadToNgn = (extra: { transaction_pin?: string; quote_id?: string; amount?: string } = {}) =>
    ({ from_currency: 'CAD' as const, to_currency: 'NGN' as const, amount: '10.00', ...extra });
  const quoteFor = async (customer: Customer, amount: string) =>
    (await t.app.inject({
      method: 'POST', url: '/api/quotes', headers: customer.headers,
      payload: { from_currency: 'CAD', to_currency: 'NGN', amount, amount_side: 'send' },
    })).json().data as { quote_id: string; receive_amount: string };

  it('the right PIN converts exactly as without one, and with a key the same request gets the same answer once', async () => {
    const customer = await customerWith('50.00');
    const res = await convert(t, customer, cadToNgn({ transaction_pin: '1234' }), 'conv-pin-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Currency conversion successful!', data: { amount: 10, converted_amount: 10395 } });
    expect((await convert(t, customer, cadToNgn({ transaction_pin: '1234' }), 'conv-pin-1')).json()).toEqual(res.json());
    expect(await balances(t, customer)).toEqual({ CAD: 40, NGN: 10395 });
  });

  it('a wrong PIN is refused with the tries left and moves nothing; five lock PIN use, the right PIN included, and nothing moves', async () => {
    const customer = await customerWith('50.00');
    for (let left = 4; left >= 1; left -= 1) {
      expectRefusal(await convert(t, customer, cadToNgn({ transaction_pin: '9999' })), 400, server.incorrectPinAttemptsLeft(left));
    }
    expectRefusal(await convert(t, customer, cadToNgn({ transaction_pin: '9999' })), 429, server.pinLockedFor(30));
    expectRefusal(await convert(t, customer, cadToNgn({ transaction_pin: '1234' }), 'conv-locked-1'), 429, server.pinLockedFor(30));
    expect(await balances(t, customer)).toEqual({ CAD: 50, NGN: 0 });
    // The lock is the customer's, for every send that asks the PIN.
    const transfer = await t.app.inject({
      method: 'POST', url: '/api/wallet/cad-withdrawal', headers: customer.headers,
      payload: {
        Amount: 5, CustomerEmail: 'jane@example.com', CustomerName: 'Jane Doe', Description: 'Interac transfer',
        SecurityQuestion: 'q', SecurityQuestionAnswer: 'a', transaction_pin: '1234', timezone: 'America/Toronto',
      },
    });
    expectRefusal(transfer, 429, server.pinLockedFor(30));
  });

  it('a PIN that is not 4 digits is refused as the PIN modal words it, counts no try, and moves nothing', async () => {
    const customer = await customerWith('50.00');
    expectRefusal(await convert(t, customer, cadToNgn({ transaction_pin: '12a4' })), 400, pin.invalidModal);
    expectRefusal(await convert(t, customer, cadToNgn({ transaction_pin: '9999' })), 400, server.incorrectPinAttemptsLeft(4));
    expect(await balances(t, customer)).toEqual({ CAD: 50, NGN: 0 });
  });

  it("a wrong PIN leaves the quote unused: the right PIN then converts at the quote's numbers", async () => {
    const customer = await customerWith('50.00');
    const quote = await quoteFor(customer, '20.00');
    expectRefusal(
      await convert(t, customer, cadToNgn({ amount: '20.00', quote_id: quote.quote_id, transaction_pin: '9999' })),
      400, server.incorrectPinAttemptsLeft(4),
    );
    const res = await convert(t, customer, cadToNgn({ amount: '20.00', quote_id: quote.quote_id, transaction_pin: '1234' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.converted_amount).toBe(Number(quote.receive_amount));
    expect(await balances(t, customer)).toEqual({ CAD: 30, NGN: Number(quote.receive_amount) });
  });

  it('under a used key, another PIN is a counted PIN try first (a key never says whether a PIN is right), then the same PIN replays', async () => {
    const customer = await customerWith('50.00');
    expect((await convert(t, customer, cadToNgn({ transaction_pin: '1234' }), 'conv-pin-2')).statusCode).toBe(200);
    expectRefusal(await convert(t, customer, cadToNgn({ transaction_pin: '9999' }), 'conv-pin-2'), 400, server.incorrectPinAttemptsLeft(4));
    expect((await convert(t, customer, cadToNgn({ transaction_pin: '1234' }), 'conv-pin-2')).statusCode).toBe(200);
    expect(await balances(t, customer)).toEqual({ CAD: 40, NGN: 10395 });
  });
});
