/**
 * PostgreSQL only (the `server-pg` project; the PGlite `server` project ignores this file):
 * 50 concurrent clients convert and deposit on a handful of shared customers, then the ledger
 * must still balance, no wallet may be negative, and every acknowledged operation must appear
 * exactly once. KUDI_CONCURRENCY_SECONDS sets the duration (default 10 s; CI's bank test adds 60 s of
 * mixed money load on PostgreSQL with process kills, and a longer run here is one setting away).
 */
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { parseAmount } from '../../../src/shared/money';
import type { Currency } from '../../../src/shared/types';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { activateNairaWallet, convert, deposit, ledgerSums } from '../../support/wallets';

if (process.env.KUDI_TEST_DB !== 'postgres' || !process.env.TEST_DATABASE_URL) {
  throw new Error(
    'concurrency.pg.test.ts runs only against PostgreSQL: TEST_DATABASE_URL=postgres://… npx jest --selectProjects server-pg',
  );
}

const SECONDS = Number(process.env.KUDI_CONCURRENCY_SECONDS || 10);
const CLIENTS = 50;
const CUSTOMERS = 5;

const minor = (major: number | string): bigint => {
  const parsed = parseAmount(major);
  if (!parsed.ok) throw new Error(`not an amount: ${major}`);
  return parsed.minor;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
/** A random amount from 0.01 up to maxWhole, with 2 decimals (never 0.00, which every money call refuses). */
function randomAmount(maxWhole: number): string {
  const cents = 1 + Math.floor(Math.random() * (maxWhole * 100 - 1));
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

interface Tally {
  /** Expected balance change per customer and currency, from acknowledged operations only. */
  change: Map<string, Record<Currency, bigint>>;
  deposits: { customer: string; currency: Currency; reference: string }[];
  conversions: Map<string, Record<Currency, number>>;
  failures: string[];
}

let t: TestApp;
let customers: Customer[];
beforeAll(async () => {
  t = await buildTestApp();
  customers = [];
  for (let i = 0; i < CUSTOMERS; i += 1) {
    const customer = await createCustomer(t);
    await activateNairaWallet(t, customer);
    customers.push(customer);
  }
});
afterAll(() => t.close());

async function depositOnce(tally: Tally, customer: Customer): Promise<void> {
  const currency = pick(['CAD', 'NGN'] as const);
  const amount = randomAmount(currency === 'CAD' ? 300 : 300_000);
  const reference = await deposit(t, customer, currency, amount);
  tally.deposits.push({ customer: customer.id, currency, reference });
  tally.change.get(customer.id)![currency] += minor(amount);
}

/** A refusal the rules allow: too little money or too small an amount, or the twin of a retried request still running. */
const acceptable = (status: number, message: string, attempts: number) =>
  status === 200 ||
  (status === 422 && message.startsWith('Insufficient')) ||
  (status === 400 && message === 'Amount is too small to convert') ||
  (status === 409 && attempts === 2);

/** One conversion, sometimes sent twice at once under the same key (a client retrying). */
async function convertOnce(tally: Tally, customer: Customer): Promise<void> {
  const from = pick(['CAD', 'NGN'] as const);
  const to: Currency = from === 'CAD' ? 'NGN' : 'CAD';
  const body = { from_currency: from, to_currency: to, amount: randomAmount(from === 'CAD' ? 200 : 200_000) };
  const key = randomUUID();
  const attempts = Math.random() < 0.2 ? 2 : 1;
  const responses = await Promise.all(Array.from({ length: attempts }, () => convert(t, customer, body, key)));
  const ok = responses.filter((res) => res.statusCode === 200);
  for (const res of responses) {
    if (!acceptable(res.statusCode, res.json().message, attempts)) tally.failures.push(`${res.statusCode} ${res.body}`);
  }
  if (ok.length === 2 && ok[0].body !== ok[1].body) tally.failures.push(`one key, two answers: ${ok[0].body} / ${ok[1].body}`);
  if (ok.length === 0) return;
  const receipt = ok[0].json().data;
  const change = tally.change.get(customer.id)!;
  change[from] -= minor(receipt.amount);
  change[to] += minor(receipt.converted_amount);
  tally.conversions.get(customer.id)![from] += 1;
}

async function client(tally: Tally, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const customer = pick(customers);
    try {
      if (Math.random() < 0.35) await depositOnce(tally, customer);
      else await convertOnce(tally, customer);
    } catch (err) {
      tally.failures.push(String(err));
    }
  }
}

async function historyTotal(customer: Customer, currency: Currency, type: string): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/wallet/transactions?currency=${currency}&transaction_type=${type}`,
    headers: customer.headers,
  });
  return res.json().pagination.total;
}

it(
  `${CLIENTS} concurrent clients for ${SECONDS}s: balanced ledger, no negative wallet, every acknowledged operation exactly once`,
  async () => {
    const tally: Tally = { change: new Map(), deposits: [], conversions: new Map(), failures: [] };
    for (const customer of customers) {
      tally.change.set(customer.id, { CAD: 0n, NGN: 0n });
      tally.conversions.set(customer.id, { CAD: 0, NGN: 0 });
    }
    const deadline = Date.now() + SECONDS * 1000;
    await Promise.all(Array.from({ length: CLIENTS }, () => client(tally, deadline)));

    expect(tally.failures).toEqual([]);
    expect(tally.deposits.length).toBeGreaterThan(0);
    expect([...tally.conversions.values()].reduce((n, c) => n + c.CAD + c.NGN, 0)).toBeGreaterThan(0);

    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
    const { rows: negative } = await sql`select id from ledger_accounts where kind = 'customer' and balance - pending_debits < 0`.execute(t.db);
    expect(negative).toEqual([]);

    const { rows: references } = await sql<{ external_ref: string; n: string }>`
      select external_ref, count(*)::text as n from ledger_transfers where kind = 'deposit' group by external_ref`.execute(t.db);
    const recorded = new Map(references.map((row) => [row.external_ref, Number(row.n)]));
    expect(tally.deposits.filter((d) => recorded.get(d.reference) !== 1)).toEqual([]);
    expect(recorded.size).toBe(tally.deposits.length);

    for (const customer of customers) {
      const accounts = await t.db.selectFrom('ledger_accounts').select(['currency', 'balance']).where('user_id', '=', customer.id).execute();
      const actual = Object.fromEntries(accounts.map((a) => [a.currency, a.balance]));
      expect(actual).toEqual(tally.change.get(customer.id));
      const conversions = tally.conversions.get(customer.id)!;
      for (const currency of ['CAD', 'NGN'] as const) {
        const other: Currency = currency === 'CAD' ? 'NGN' : 'CAD';
        const deposits = tally.deposits.filter((d) => d.customer === customer.id && d.currency === currency).length;
        expect(await historyTotal(customer, currency, 'WITHDRAWAL')).toBe(conversions[currency]);
        expect(await historyTotal(customer, currency, 'DEPOSIT')).toBe(deposits + conversions[other]);
      }
    }
  },
  (SECONDS + 120) * 1000,
);
