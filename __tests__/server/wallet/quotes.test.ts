/**
 * Rate-locked quotes (spec-next §A): POST /quotes on either side, held QUOTE_TTL_S seconds for the
 * customer who asked, used once by POST /wallet/currency-conversion with quote_id, house-favoured
 * rounding. Through HTTP against the real database; only the rate source is swapped (its adapter).
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { quoteRate } from '../../../src/server/modules/fx/quotes';
import { quotes as messages, server } from '../../../src/shared/messages';
import { convert as convertMinor, parseAmount, type ConversionDirection } from '../../../src/shared/money';
import type { Currency } from '../../../src/shared/types';
import { expectRefusal } from '../../support/auth-flow';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { activateNairaWallet, balances, deposit, ledgerSums } from '../../support/wallets';

/** The mid rate the rate source answers now (tests move it). */
let mid = '1050.00';
const rates = { midRate: async () => mid };

let t: TestApp;
beforeAll(async () => {
  // The property below asks one customer for hundreds of quotes; the per-minute limit has its own app.
  t = await buildTestApp({ quotesPerMinute: 1_000_000 }, undefined, { rates });
});
afterAll(() => t.close());
beforeEach(() => {
  mid = '1050.00';
});

const minor = (major: string): bigint => {
  const parsed = parseAmount(major);
  if (!parsed.ok) throw new Error(`not an amount: ${major}`);
  return parsed.minor;
};

async function customerWith(cad: string, ngn?: string): Promise<Customer> {
  const customer = await createCustomer(t);
  await activateNairaWallet(t, customer);
  await deposit(t, customer, 'CAD', cad);
  if (ngn) await deposit(t, customer, 'NGN', ngn);
  return customer;
}

interface QuoteBody {
  from_currency: Currency | string;
  to_currency: Currency | string;
  amount: unknown;
  amount_side: 'send' | 'receive' | string;
}

const askQuote = (app: TestApp, customer: Customer, body: QuoteBody) =>
  app.app.inject({ method: 'POST', url: '/api/quotes', headers: customer.headers, payload: body });

async function quoteOf(customer: Customer, body: QuoteBody, app: TestApp = t) {
  const res = await askQuote(app, customer, body);
  if (res.statusCode !== 200) throw new Error(`quote failed: ${res.statusCode} ${res.body}`);
  return res.json().data as {
    quote_id: string;
    from_currency: Currency;
    to_currency: Currency;
    send_amount: string;
    receive_amount: string;
    rate: string;
    mid_rate: string;
    margin_percent: string;
    fee: string;
    expires_at: string;
  };
}

const useQuote = (
  customer: Customer,
  body: { from_currency: string; to_currency: string; amount: unknown; quote_id?: string },
  key?: string,
  app: TestApp = t,
) =>
  app.app.inject({
    method: 'POST',
    url: '/api/wallet/currency-conversion',
    headers: { ...customer.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { ...body, timezone: 'America/Toronto' },
  });

const quoteCount = async () => Number((await sql<{ n: string }>`select count(*)::text as n from quotes`.execute(t.db)).rows[0].n);

describe('POST /quotes', () => {
  it('send side: the amount leaves, the floor of it at the held rate arrives; the answer is spec-next’s shape', async () => {
    const customer = await createCustomer(t);
    const before = Date.now();
    const res = await askQuote(t, customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '100', amount_side: 'send' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: 'Quote created',
      data: {
        quote_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        from_currency: 'CAD',
        to_currency: 'NGN',
        send_amount: '100.00',
        receive_amount: '103950.00',
        rate: '1039.50',
        mid_rate: '1050.00',
        margin_percent: '1.00',
        fee: '0.00',
        expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    });
    const held = Date.parse(body.data.expires_at) - before;
    expect(held).toBeGreaterThan(55_000);
    expect(held).toBeLessThan(65_000);
  });

  it('receive side: the exact least send amount, rounded up to the cent, for exactly the amount asked', async () => {
    const customer = await createCustomer(t);
    // 5,000.00 NGN at 1,039.50: 481 cents give 4,999.99 NGN, 482 cents 5,010.39: the send is 4.82 and 5,000.00 arrive.
    expect(await quoteOf(customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '5000', amount_side: 'receive' })).toMatchObject({
      send_amount: '4.82',
      receive_amount: '5000.00',
      rate: '1039.50',
    });
    // 50.00 CAD at 1,060.50 NGN per CAD: exactly 53,025.00 NGN.
    expect(await quoteOf(customer, { from_currency: 'NGN', to_currency: 'CAD', amount: 50, amount_side: 'receive' })).toMatchObject({
      send_amount: '53025.00',
      receive_amount: '50.00',
      rate: '1060.50',
    });
    // 0.01 CAD costs 10.61 NGN (10.60 would give 0.00999… CAD).
    expect(await quoteOf(customer, { from_currency: 'NGN', to_currency: 'CAD', amount: '0.01', amount_side: 'receive' })).toMatchObject({
      send_amount: '10.61',
      receive_amount: '0.01',
    });
    // Send side of the same pair rounds the receive amount down: 10.61 NGN → 0.01 CAD, 10.60 NGN → nothing.
    expect(await quoteOf(customer, { from_currency: 'NGN', to_currency: 'CAD', amount: '10.61', amount_side: 'send' })).toMatchObject({
      send_amount: '10.61',
      receive_amount: '0.01',
    });
    // 1,000.00 NGN → 94.295… cents → 0.94 CAD.
    expect(await quoteOf(customer, { from_currency: 'NGN', to_currency: 'CAD', amount: '1000', amount_side: 'send' })).toMatchObject({
      receive_amount: '0.94',
    });
  });

  it('property: receive_amount never exceeds send_amount × rate, and on the receive side no smaller send yields it', async () => {
    const customer = await createCustomer(t);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<[Currency, Currency, ConversionDirection]>(['CAD', 'NGN', 'CAD_TO_NGN'], ['NGN', 'CAD', 'NGN_TO_CAD']),
        fc.constantFrom<'send' | 'receive'>('send', 'receive'),
        fc.bigInt({ min: 1n, max: 50_000_000n }),
        fc.constantFrom('1050.00', '1039.123456', '987.5', '1500', '1234.56'),
        async ([from, to, direction], side, amountMinor, midRate) => {
          mid = midRate;
          const amount = `${amountMinor / 100n}.${String(amountMinor % 100n).padStart(2, '0')}`;
          const res = await askQuote(t, customer, { from_currency: from, to_currency: to, amount, amount_side: side });
          const rate = quoteRate(midRate, 100, direction).replace(/,/g, '');
          const floor = convertMinor(side === 'send' ? amountMinor : 1n, rate, direction);
          if (side === 'send' && floor === 0n) {
            expectRefusal(res, 400, 'Amount is too small to convert');
            return;
          }
          expect(res.statusCode).toBe(200);
          const quote = res.json().data;
          expect(quote.rate).toBe(rate);
          const send = minor(quote.send_amount);
          const receive = minor(quote.receive_amount);
          // What arrives is at most what the send is worth at the rate, rounded down.
          expect(receive).toBeLessThanOrEqual(convertMinor(send, rate, direction));
          if (side === 'send') {
            expect(send).toBe(amountMinor);
            expect(receive).toBe(convertMinor(send, rate, direction));
          } else {
            expect(receive).toBe(amountMinor);
            // The least send: a cent (kobo) less would not yield the receive amount.
            expect(convertMinor(send - 1n, rate, direction)).toBeLessThan(receive);
          }
          // The house's side of mid: selling CAD gets fewer naira per dollar, buying CAD costs more.
          if (direction === 'CAD_TO_NGN') expect(Number(rate)).toBeLessThan(Number(midRate));
          else expect(Number(rate)).toBeGreaterThan(Number(midRate));
        },
      ),
      { numRuns: 60, seed: 14 },
    );
  });

  it.each([
    [{ from_currency: 'CAD', to_currency: 'CAD', amount: '10', amount_side: 'send' }, server.sameCurrency],
    [{ from_currency: 'NGN', to_currency: 'NGN', amount: '10', amount_side: 'receive' }, server.sameCurrency],
    [{ from_currency: 'CAD', to_currency: 'NGN', amount: 0, amount_side: 'send' }, 'Please enter an amount greater than 0'],
    [{ from_currency: 'CAD', to_currency: 'NGN', amount: '0.00', amount_side: 'receive' }, 'Please enter an amount greater than 0'],
    [{ from_currency: 'CAD', to_currency: 'NGN', amount: '-5', amount_side: 'send' }, 'Please enter an amount greater than 0'],
    [{ from_currency: 'CAD', to_currency: 'NGN', amount: 'abc', amount_side: 'send' }, 'Please enter a valid amount'],
    [{ from_currency: 'CAD', to_currency: 'NGN', amount: '', amount_side: 'send' }, 'Please enter a valid amount'],
    [{ from_currency: 'CAD', to_currency: 'NGN', amount: '1,000', amount_side: 'send' }, 'Please enter a valid amount'],
    [{ from_currency: 'CAD', to_currency: 'NGN', amount: '1.234', amount_side: 'send' }, 'Amount can have at most 2 decimal places'],
    [{ from_currency: 'NGN', to_currency: 'CAD', amount: 12.345, amount_side: 'receive' }, 'Amount can have at most 2 decimal places'],
    [{ from_currency: 'NGN', to_currency: 'CAD', amount: '10.60', amount_side: 'send' }, 'Amount is too small to convert'],
    [{ from_currency: 'CAD', to_currency: 'NGN', amount: '1000000000.01', amount_side: 'send' }, server.amountTooLarge],
    // 1,000,000,000.00 CAD to receive needs 1,060,500,000,000.00 NGN: more than any amount may be.
    [{ from_currency: 'NGN', to_currency: 'CAD', amount: '1000000000', amount_side: 'receive' }, server.amountTooLarge],
  ])('400 for %j: %s, and no quote is stored', async (body, message) => {
    const customer = await createCustomer(t);
    const before = await quoteCount();
    expectRefusal(await askQuote(t, customer, body), 400, message);
    expect(await quoteCount()).toBe(before);
  });

  it.each([
    [{ from_currency: 'USD', to_currency: 'NGN', amount: '10', amount_side: 'send' }],
    [{ from_currency: 'CAD', to_currency: 'NGN', amount: '10', amount_side: 'both' }],
    [{ from_currency: 'CAD', to_currency: 'NGN', amount: '10' }],
    [{ from_currency: 'CAD', to_currency: 'NGN', amount: null, amount_side: 'send' }],
  ])('400 for a body outside the schema: %j', async (body) => {
    const customer = await createCustomer(t);
    const res = await askQuote(t, customer, body as QuoteBody);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: expect.any(String) });
  });

  it('needs a signed-in customer', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/quotes', payload: { from_currency: 'CAD', to_currency: 'NGN', amount: '1', amount_side: 'send' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /wallet/currency-conversion with quote_id', () => {
  it('converts at the quote’s amounts: exactly send_amount leaves and receive_amount arrives', async () => {
    const customer = await customerWith('100.00');
    const quote = await quoteOf(customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '12.34', amount_side: 'send' });
    const res = await useQuote(customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '12.34', quote_id: quote.quote_id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Currency conversion successful!',
      data: { from_currency: 'CAD', to_currency: 'NGN', amount: 12.34, converted_amount: 12827.43, rate: '1039.50', reference: expect.any(String), created_at: expect.any(String) },
    });
    expect(quote.receive_amount).toBe('12827.43');
    expect(await balances(t, customer)).toEqual({ CAD: 87.66, NGN: 12827.43 });
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it('a receive-side quote: the body’s amount is its send_amount; the customer gets exactly the amount asked', async () => {
    const customer = await customerWith('10.00');
    const quote = await quoteOf(customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '5000', amount_side: 'receive' });
    expect(quote).toMatchObject({ send_amount: '4.82', receive_amount: '5000.00' });
    // The receive amount in the body does not match: the body's amount is what leaves.
    expectRefusal(await useQuote(customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '5000', quote_id: quote.quote_id }), 400, messages.mismatch);
    const res = await useQuote(customer, { from_currency: 'CAD', to_currency: 'NGN', amount: quote.send_amount, quote_id: quote.quote_id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ amount: 4.82, converted_amount: 5000 });
    expect(await balances(t, customer)).toEqual({ CAD: 5.18, NGN: 5000 });
  });

  it('runs at the quoted rate after the rate source moved, and without a quote at the new rate', async () => {
    const customer = await customerWith('100.00');
    const quote = await quoteOf(customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '10', amount_side: 'send' });
    mid = '900.00';
    const res = await useQuote(customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '10', quote_id: quote.quote_id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ amount: 10, converted_amount: 10395, rate: '1039.50' });
    // The spec's call without quote_id: today's rate (900 less 1% = 891.00).
    const plain = await useQuote(customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '10' });
    expect(plain.json().data).toMatchObject({ amount: 10, converted_amount: 8910, rate: '891.00' });
    expect(await balances(t, customer)).toEqual({ CAD: 80, NGN: 19305 });
  });

  it('a quote is used once: a second use (no key, another key) is 409 and moves nothing', async () => {
    const customer = await customerWith('100.00');
    const quote = await quoteOf(customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '10', amount_side: 'send' });
    const body = { from_currency: 'CAD', to_currency: 'NGN', amount: '10', quote_id: quote.quote_id };
    expect((await useQuote(customer, body)).statusCode).toBe(200);
    expectRefusal(await useQuote(customer, body), 409, messages.used);
    expectRefusal(await useQuote(customer, body, 'quote-reuse-other-key'), 409, messages.used);
    expect(await balances(t, customer)).toEqual({ CAD: 90, NGN: 10395 });
    const row = await t.db.selectFrom('quotes').selectAll().where('id', '=', quote.quote_id).executeTakeFirstOrThrow();
    expect(row.used_at).not.toBeNull();
    expect(row.transfer_id).not.toBeNull();
  });

  it('a retry with the same Idempotency-Key answers the first answer again and moves the money once', async () => {
    const customer = await customerWith('100.00');
    const quote = await quoteOf(customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '25.50', amount_side: 'send' });
    const body = { from_currency: 'CAD', to_currency: 'NGN', amount: '25.50', quote_id: quote.quote_id };
    const first = await useQuote(customer, body, 'quote-retry-1');
    const again = await useQuote(customer, body, 'quote-retry-1');
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balances(t, customer)).toEqual({ CAD: 74.5, NGN: 26507.25 });
  });

  it('two concurrent uses of one quote: exactly one converts, the other is told it was used; the money moved once', async () => {
    const customer = await customerWith('100.00');
    const quote = await quoteOf(customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '60', amount_side: 'send' });
    const body = { from_currency: 'CAD', to_currency: 'NGN', amount: '60', quote_id: quote.quote_id };
    const answers = await Promise.all([useQuote(customer, body, 'race-a'), useQuote(customer, body, 'race-b'), useQuote(customer, body)]);
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409)) expect(res.json()).toEqual({ success: false, message: messages.used });
    expect(await balances(t, customer)).toEqual({ CAD: 40, NGN: 62370 });
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it("another customer's quote is 400 and moves nothing; its owner can still use it", async () => {
    const owner = await customerWith('50.00');
    const other = await customerWith('50.00');
    const quote = await quoteOf(owner, { from_currency: 'CAD', to_currency: 'NGN', amount: '10', amount_side: 'send' });
    const body = { from_currency: 'CAD', to_currency: 'NGN', amount: '10', quote_id: quote.quote_id };
    expectRefusal(await useQuote(other, body), 400, messages.mismatch);
    expectRefusal(await useQuote(other, body, 'foreign-quote-1'), 400, messages.mismatch);
    expect(await balances(t, other)).toEqual({ CAD: 50, NGN: 0 });
    expect((await useQuote(owner, body)).statusCode).toBe(200);
    expect(await balances(t, owner)).toEqual({ CAD: 40, NGN: 10395 });
  });

  it.each([
    ['another pair', { from_currency: 'NGN', to_currency: 'CAD', amount: '10' }],
    ['another amount', { from_currency: 'CAD', to_currency: 'NGN', amount: '10.01' }],
    ['no such quote', { from_currency: 'CAD', to_currency: 'NGN', amount: '10', quote_id: '00000000-0000-4000-8000-000000000000' }],
    ['not a quote id', { from_currency: 'CAD', to_currency: 'NGN', amount: '10', quote_id: 'not-a-quote' }],
    ['an empty quote id', { from_currency: 'CAD', to_currency: 'NGN', amount: '10', quote_id: '' }],
  ])('a quote that does not match the body (%s) is 400 and moves nothing', async (_what, body) => {
    const customer = await customerWith('50.00', '20000.00');
    const quote = await quoteOf(customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '10', amount_side: 'send' });
    expectRefusal(await useQuote(customer, { quote_id: quote.quote_id, ...body }), 400, messages.mismatch);
    expect(await balances(t, customer)).toEqual({ CAD: 50, NGN: 20000 });
  });

  it('more than the balance is the usual 422, the quote stays unused and converts once the money is there', async () => {
    const customer = await customerWith('5.00');
    const quote = await quoteOf(customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '10', amount_side: 'send' });
    const body = { from_currency: 'CAD', to_currency: 'NGN', amount: '10', quote_id: quote.quote_id };
    expectRefusal(await useQuote(customer, body), 422, 'Insufficient CAD balance. Available: 5.00 CAD');
    await deposit(t, customer, 'CAD', '5.00');
    expect((await useQuote(customer, body)).statusCode).toBe(200);
    expect(await balances(t, customer)).toEqual({ CAD: 0, NGN: 10395 });
  });
});

describe('quote expiry (QUOTE_TTL_S=1)', () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await buildTestApp({ quoteTtlS: 1 }, undefined, { rates });
  });
  afterAll(() => short.close());

  it('an expired quote is 409 and moves nothing; a new quote converts', async () => {
    const customer = await createCustomer(short);
    await deposit(short, customer, 'CAD', '20.00');
    const quote = await quoteOf(customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '10', amount_side: 'send' }, short);
    expect(Date.parse(quote.expires_at) - Date.now()).toBeLessThanOrEqual(1_000);
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    const body = { from_currency: 'CAD', to_currency: 'NGN', amount: '10', quote_id: quote.quote_id };
    expectRefusal(await useQuote(customer, body, undefined, short), 409, messages.expired);
    expectRefusal(await useQuote(customer, body, 'expired-1', short), 409, messages.expired);
    expect(await balances(short, customer)).toEqual({ CAD: 20, NGN: 0 });
    const fresh = await quoteOf(customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '10', amount_side: 'send' }, short);
    expect((await useQuote(customer, { ...body, quote_id: fresh.quote_id }, undefined, short)).statusCode).toBe(200);
    expect(await balances(short, customer)).toEqual({ CAD: 10, NGN: 10395 });
  });
});

describe('quotes per customer (QUOTES_PER_MINUTE=3) and lapsed quotes', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ quotesPerMinute: 3 }, undefined, { rates });
  });
  afterAll(() => limited.close());

  const body = { from_currency: 'CAD', to_currency: 'NGN', amount: '10', amount_side: 'send' };

  it('a customer asking faster than the limit is told to wait (429); another customer is not held back', async () => {
    const [eager, other] = [await createCustomer(limited), await createCustomer(limited)];
    for (let i = 0; i < 3; i += 1) expect((await askQuote(limited, eager, body)).statusCode).toBe(200);
    expectRefusal(await askQuote(limited, eager, body), 429, server.tooManyRequestsFor(1));
    expect((await askQuote(limited, other, body)).statusCode).toBe(200);
  });

  it("a new quote deletes the customer's unused quotes lapsed over an hour ago; used ones stay, as do others'", async () => {
    const customer = await createCustomer(limited);
    await deposit(limited, customer, 'CAD', '20.00');
    const other = await createCustomer(limited);
    const unused = await quoteOf(customer, body, limited);
    const used = await quoteOf(customer, body, limited);
    expect((await useQuote(customer, { ...body, quote_id: used.quote_id }, undefined, limited)).statusCode).toBe(200);
    const others = await quoteOf(other, body, limited);
    const ids = [unused.quote_id, used.quote_id, others.quote_id];
    await sql`update quotes set expires_at = now() - interval '2 hours' where id in (${sql.join(ids)})`.execute(limited.db);
    await quoteOf(customer, body, limited);
    const left = await limited.db.selectFrom('quotes').select('id').where('id', 'in', ids).execute();
    expect(left.map((row) => row.id).sort()).toEqual([used.quote_id, others.quote_id].sort());
  });
});
