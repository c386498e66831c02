import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../../src/server/app';
import type { Currency } from '../../../src/shared/types';
import { createCustomer, type Customer, type CustomerOptions } from '../../support/customers';
import type { TestApp } from '../../support/test-app';
import { activateNairaWallet, deposit } from '../../support/wallets';

export const PIN = '1234';
export const TIMEZONE = 'America/Toronto';

/** A verified customer (PIN 1234) with these balances; an NGN balance activates the naira wallet first. */
export async function funded(
  t: TestApp,
  balances: { CAD?: string; NGN?: string; activate?: boolean } = {},
  options: CustomerOptions = {},
): Promise<Customer> {
  const customer = await createCustomer(t, options);
  if (balances.CAD) await deposit(t, customer, 'CAD', balances.CAD);
  if (balances.NGN || balances.activate) await activateNairaWallet(t, customer);
  if (balances.NGN) await deposit(t, customer, 'NGN', balances.NGN);
  return customer;
}

export function post(t: TestApp, customer: Customer, path: string, payload: object, idempotencyKey?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: { ...customer.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload,
  });
}

export const get = (t: TestApp, customer: Customer, path: string) => t.app.inject({ method: 'GET', url: `/api${path}`, headers: customer.headers });

export function userTransfer(t: TestApp, sender: Customer, currency: Currency, body: { amount: number | string; recipient_email: string; transaction_pin?: string }, key?: string) {
  const path = currency === 'CAD' ? '/wallet/cad-wallet-transfer' : '/wallet/ngn-wallet-transfer';
  return post(t, sender, path, { transaction_pin: PIN, timezone: TIMEZONE, ...body }, key);
}

export function interacBody(overrides: Record<string, unknown> = {}) {
  return {
    Amount: '25.00',
    CustomerEmail: 'jane.doe@example.com',
    CustomerName: 'Jane Doe',
    Description: 'Kudi Interac e-Transfer',
    SecurityQuestion: 'What is the payment for?',
    SecurityQuestionAnswer: 'maple472',
    transaction_pin: PIN,
    timezone: TIMEZONE,
    ...overrides,
  };
}

export const cadWithdrawal = (t: TestApp, customer: Customer, overrides: Record<string, unknown> = {}, key?: string) =>
  post(t, customer, '/wallet/cad-withdrawal', interacBody(overrides), key);

/** Seeded name-directory accounts (data/name-directory.json). */
export const ACCESS_ACCOUNT = { bankCode: '044', nibss: '000014', number: '0182605790', name: 'Chinedu Okafor' };
export const FAILING_ACCOUNT = { bankCode: '058', nibss: '000013', number: '0068700000', name: 'Blessing Etim' };

export function bankBody(overrides: Record<string, unknown> = {}) {
  return {
    amount: '5000.00',
    account_number: ACCESS_ACCOUNT.number,
    account_bank: ACCESS_ACCOUNT.bankCode,
    transaction_pin: PIN,
    description: 'Kudi transfer',
    is_benficiary: false,
    account_name: ACCESS_ACCOUNT.name,
    timezone: TIMEZONE,
    ...overrides,
  };
}

export const ngnWithdrawal = (t: TestApp, customer: Customer, overrides: Record<string, unknown> = {}, key?: string) =>
  post(t, customer, '/wallet/ngn-withdrawal', bankBody(overrides), key);

export async function history(t: TestApp, customer: Customer, currency: Currency) {
  const res = await get(t, customer, `/wallet/transactions?currency=${currency}`);
  return res.json().data as Record<string, unknown>[];
}

/** Another app on the same database: what a restarted (or second) API process sees. */
export async function anotherProcess(t: TestApp): Promise<FastifyInstance> {
  const app = await buildApp({ config: t.config, db: t.db });
  await app.ready();
  return app;
}

/** Customer wallets whose spendable balance is below zero (must always be none). */
export async function overdrawnWallets(t: TestApp): Promise<unknown[]> {
  const { rows } = await sql`select id from ledger_accounts where kind = 'customer' and (balance < 0 or balance - pending_debits < 0)`.execute(t.db);
  return rows;
}
