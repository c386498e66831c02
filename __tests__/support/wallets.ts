import { sql } from 'kysely';
import type { Currency } from '../../src/shared/types';
import type { Customer } from './customers';
import type { TestApp } from './test-app';

/** Money arrives for the customer through the simulated rail (signed webhook); answers the rail's reference. */
export async function deposit(t: TestApp, customer: Pick<Customer, 'email'>, currency: Currency, amount: number | string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/dev/deposits', payload: { email: customer.email, currency, amount } });
  if (res.statusCode !== 200) throw new Error(`deposit failed: ${res.statusCode} ${res.body}`);
  return res.json().data.reference;
}

export const VALID_BVN = '22212345678';

/** Activates the customer's naira wallet; answers its details. */
export async function activateNairaWallet(t: TestApp, customer: Customer) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/naira-wallet',
    headers: customer.headers,
    payload: { bvn: VALID_BVN, NIN: '', gender: 'female' },
  });
  if (res.statusCode !== 200) throw new Error(`activation failed: ${res.statusCode} ${res.body}`);
  return (await t.app.inject({ method: 'GET', url: '/api/wallet/naira-wallet', headers: customer.headers })).json().data;
}

/** The customer's spendable balances in major units, as the wallet calls show them. */
export async function balances(t: TestApp, customer: Customer): Promise<Record<Currency, number>> {
  const [cad, ngn] = await Promise.all(
    ['cad-wallet', 'naira-wallet'].map((path) => t.app.inject({ method: 'GET', url: `/api/wallet/${path}`, headers: customer.headers })),
  );
  return { CAD: cad.json().data.balance, NGN: ngn.json().data.balance };
}

/** Sum of every ledger account's balance per currency (always zero in a sound ledger), as strings. */
export async function ledgerSums(t: TestApp): Promise<Record<string, string>> {
  const { rows } = await sql<{ currency: string; total: string }>`
    select currency, sum(balance)::text as total from ledger_accounts group by currency`.execute(t.db);
  return Object.fromEntries(rows.map((row) => [row.currency, row.total]));
}

export function convert(
  t: TestApp,
  customer: Customer,
  body: { from_currency: Currency; to_currency: Currency; amount: number | string; quote_id?: string; transaction_pin?: string },
  idempotencyKey?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/wallet/currency-conversion',
    headers: { ...customer.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: { ...body, timezone: 'America/Toronto' },
  });
}
