/** Idempotency-Key on every money call of this module: a retried submission moves money once. */
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { highLimits } from '../../support/limits';
import { balances, deposit, ledgerSums } from '../../support/wallets';
import { bankBody, funded, interacBody, PIN, post, TIMEZONE } from './helpers';

let t: TestApp;
let recipient: Customer;
beforeAll(async () => {
  t = await buildTestApp(highLimits);
  // Naira reaches only an activated naira wallet.
  recipient = await funded(t, { activate: true });
});
afterAll(() => t.close());

const userTransferBody = (amount: string) => ({ amount, recipient_email: recipient.email, transaction_pin: PIN, timezone: TIMEZONE });

const CALLS: Record<string, { path: string; body: (amount: string) => object; currency: 'CAD' | 'NGN' }> = {
  'cad-wallet-transfer': { path: '/wallet/cad-wallet-transfer', body: userTransferBody, currency: 'CAD' },
  'ngn-wallet-transfer': { path: '/wallet/ngn-wallet-transfer', body: userTransferBody, currency: 'NGN' },
  'cad-withdrawal': { path: '/wallet/cad-withdrawal', body: (amount) => interacBody({ Amount: amount }), currency: 'CAD' },
  'ngn-withdrawal': { path: '/wallet/ngn-withdrawal', body: (amount) => bankBody({ amount }), currency: 'NGN' },
};

const transfersFrom = async (customer: Customer) => {
  const { rows } = await sql<{ n: string }>`
    select count(*)::text as n from ledger_transfers t join ledger_accounts a on a.id = t.debit_account_id where a.user_id = ${customer.id}`.execute(t.db);
  return Number(rows[0].n);
};

describe.each(Object.keys(CALLS))('POST /wallet/%s with an Idempotency-Key', (name) => {
  const call = CALLS[name];
  const sender = () => funded(t, { CAD: '100.00', NGN: '1000.00' });

  it('a double submit answers the first answer again and moves the money once', async () => {
    const customer = await sender();
    const key = randomUUID();
    const first = await post(t, customer, call.path, call.body('10.00'), key);
    const second = await post(t, customer, call.path, call.body('10.00'), key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect((await balances(t, customer))[call.currency]).toBe(call.currency === 'CAD' ? 90 : 990);
    expect(await transfersFrom(customer)).toBe(1);
  });

  it('the same key with another body is refused (422) and moves nothing more', async () => {
    const customer = await sender();
    const key = randomUUID();
    await post(t, customer, call.path, call.body('10.00'), key);
    const other = await post(t, customer, call.path, call.body('11.00'), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ success: false, message: 'This Idempotency-Key was used with a different request' });
    expect(await transfersFrom(customer)).toBe(1);
  });

  it('another PIN under a used key is a counted PIN try: a key never tells whether a PIN is right', async () => {
    const customer = await sender();
    const key = randomUUID();
    const first = await post(t, customer, call.path, call.body('10.00'), key);
    expect(first.statusCode).toBe(200);
    const guesses = [];
    for (let i = 0; i < 5; i += 1) guesses.push(await post(t, customer, call.path, { ...call.body('10.00'), transaction_pin: '9999' }, key));
    expect(guesses.map((res) => [res.statusCode, res.json().message])).toEqual([
      [400, 'Incorrect transaction PIN. 4 attempts left.'],
      [400, 'Incorrect transaction PIN. 3 attempts left.'],
      [400, 'Incorrect transaction PIN. 2 attempts left.'],
      [400, 'Incorrect transaction PIN. 1 attempt left.'],
      [429, 'Too many wrong PIN attempts. PIN use is locked for 30 minutes.'],
    ]);
    // Locked: the right PIN under the key is refused too, without saying it is the right one.
    const right = await post(t, customer, call.path, { ...call.body('10.00'), transaction_pin: PIN }, randomUUID());
    expect(right.statusCode).toBe(429);
    expect(await transfersFrom(customer)).toBe(1);
  });

  it('the same key with another PIN that is right is refused (422) and moves nothing more', async () => {
    const customer = await sender();
    const key = randomUUID();
    const refused = await post(t, customer, call.path, { ...call.body('10.00'), transaction_pin: '9999' }, key);
    expect(refused.statusCode).toBe(400);
    const other = await post(t, customer, call.path, call.body('10.00'), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This Idempotency-Key was used with a different request');
    expect(await transfersFrom(customer)).toBe(0);
  });

  it('a refusal is the answer of its key: the same submission gets it again even after the cause is gone', async () => {
    const customer = await sender();
    const key = randomUUID();
    const refused = await post(t, customer, call.path, call.body('5000.00'), key);
    expect(refused.statusCode).toBe(422);
    await deposit(t, customer, call.currency, '10000.00');
    const again = await post(t, customer, call.path, call.body('5000.00'), key);
    expect([again.statusCode, again.json()]).toEqual([422, refused.json()]);
    expect(await transfersFrom(customer)).toBe(0);
    // A new submission (a new key) runs.
    expect((await post(t, customer, call.path, call.body('5000.00'), randomUUID())).statusCode).toBe(200);
  });

  it('a wrong PIN sent again under its key is answered again, not counted twice', async () => {
    const customer = await sender();
    const key = randomUUID();
    const body = { ...call.body('10.00'), transaction_pin: '9999' };
    const first = await post(t, customer, call.path, body, key);
    const second = await post(t, customer, call.path, body, key);
    expect([second.statusCode, second.json()]).toEqual([400, first.json()]);
    expect(first.json().message).toBe('Incorrect transaction PIN. 4 attempts left.');
    const { rows } = await sql<{ pin_failed_count: number }>`select pin_failed_count from users where id = ${customer.id}`.execute(t.db);
    expect(rows[0].pin_failed_count).toBe(1);
  });

  it('a lockout is not the answer of a key: once it ends, the same submission runs', async () => {
    const customer = await sender();
    for (let i = 0; i < 5; i += 1) await post(t, customer, call.path, { ...call.body('1.00'), transaction_pin: '9999' });
    const key = randomUUID();
    expect((await post(t, customer, call.path, call.body('10.00'), key)).statusCode).toBe(429);
    await sql`update users set pin_locked_until = null where id = ${customer.id}`.execute(t.db);
    expect((await post(t, customer, call.path, call.body('10.00'), key)).statusCode).toBe(200);
    expect(await transfersFrom(customer)).toBe(1);
  });

  it('a replay of a finished submission gets its answer even after the PIN was locked', async () => {
    const customer = await sender();
    const key = randomUUID();
    const first = await post(t, customer, call.path, call.body('10.00'), key);
    expect(first.statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) await post(t, customer, call.path, { ...call.body('1.00'), transaction_pin: '9999' });
    expect((await post(t, customer, call.path, call.body('1.00'))).statusCode).toBe(429);
    const replay = await post(t, customer, call.path, call.body('10.00'), key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await transfersFrom(customer)).toBe(1);
  });

  it('20 parallel copies of one submission move the money once; every answer is that one or "in progress"', async () => {
    const customer = await sender();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(t, customer, call.path, call.body('10.00'), key)));
    const ok = answers.filter((res) => res.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(answers.filter((res) => res.statusCode !== 200).map((res) => [res.statusCode, res.json().message])).toEqual(
      Array(20 - ok.length).fill([409, 'A request with this Idempotency-Key is still in progress']),
    );
    expect(new Set(ok.map((res) => res.body)).size).toBe(1);
    expect((await balances(t, customer))[call.currency]).toBe(call.currency === 'CAD' ? 90 : 990);
    expect(await transfersFrom(customer)).toBe(1);
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });
});
