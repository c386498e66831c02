/**
 * PostgreSQL only (the `server-pg` project; the PGlite `server` project ignores this file): 50
 * parallel requests try to spend more than a wallet holds, through every kind of send, while
 * settlement passes run alongside. No wallet may go below zero, exactly the affordable number of
 * sends succeed, and each success is recorded exactly once.
 */
import { sql } from 'kysely';
import { settleDuePayouts } from '../../../src/server/sim/payout-rail';
import type { Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { balances, ledgerSums } from '../../support/wallets';
import { bankBody, funded, interacBody, overdrawnWallets, PIN, post, TIMEZONE } from './helpers';

if (process.env.KUDI_TEST_DB !== 'postgres' || !process.env.TEST_DATABASE_URL) {
  throw new Error('overdraft.pg.test.ts runs only against PostgreSQL: TEST_DATABASE_URL=postgres://… npx jest --selectProjects server-pg');
}

const REQUESTS = 50;

let t: TestApp;
let recipient: Customer;
beforeAll(async () => {
  t = await buildTestApp();
  // Naira reaches only an activated naira wallet.
  recipient = await funded(t, { activate: true });
});
afterAll(() => t.close());

type Send = (sender: Customer, amount: string) => ReturnType<typeof post>;
const userTransfer = (currency: 'cad' | 'ngn'): Send => (sender, amount) =>
  post(t, sender, `/wallet/${currency}-wallet-transfer`, { amount, recipient_email: recipient.email, transaction_pin: PIN, timezone: TIMEZONE });
const interac: Send = (sender, amount) => post(t, sender, '/wallet/cad-withdrawal', interacBody({ Amount: amount }));
const bank: Send = (sender, amount) => post(t, sender, '/wallet/ngn-withdrawal', bankBody({ amount }));

async function referencesOf(sender: Customer, currency: string): Promise<string[]> {
  const { rows } = await sql<{ reference: string }>`
    select t.reference from ledger_transfers t join ledger_accounts a on a.id = t.debit_account_id
    where a.user_id = ${sender.id} and a.currency = ${currency}`.execute(t.db);
  return rows.map((row) => row.reference);
}

it.each([
  ['CAD', '100.00', '7.00', [userTransfer('cad'), interac]],
  ['NGN', '10000.00', '700.00', [userTransfer('ngn'), bank]],
] as const)(
  `%s: ${REQUESTS} parallel sends worth more than the balance never overdraw it and each success is recorded once`,
  async (currency, balance, amount, sends) => {
    const sender = await funded(t, { [currency]: balance });
    let sending = true;
    const settler = async () => {
      while (sending) await settleDuePayouts(t.app);
    };
    const settling = Promise.all([settler(), settler()]);
    const answers = await Promise.all(Array.from({ length: REQUESTS }, (_, i) => sends[i % sends.length](sender, amount)));
    sending = false;
    await settling;

    const affordable = Math.floor(Number(balance) / Number(amount));
    const ok = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode !== 200).map((res) => [res.statusCode, res.json().message]);
    expect(ok).toHaveLength(affordable);
    // Each screen's text (spec §5): the user transfer names the currency, the NGN withdrawal does not.
    const texts = currency === 'CAD' ? ['Insufficient CAD balance'] : ['Insufficient NGN balance', 'Insufficient balance'];
    expect(refused.filter(([status, message]) => status !== 422 || !texts.includes(message))).toEqual([]);
    expect(refused).toHaveLength(REQUESTS - affordable);

    const receipts = ok.map((res) => res.json().data.transaction_reference ?? res.json().data.tx_ref);
    expect((await referencesOf(sender, currency)).sort()).toEqual([...receipts].sort());
    expect(new Set(receipts).size).toBe(affordable);
    expect(await overdrawnWallets(t)).toEqual([]);

    await settleDuePayouts(t.app);
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from payouts where settled_at is null`.execute(t.db);
    expect(rows[0].n).toBe('0');
    const spent = (Number(balance) - affordable * Number(amount)).toFixed(2);
    expect((await balances(t, sender))[currency].toFixed(2)).toBe(spent);
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  },
  120_000,
);
