import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../../src/server/config';
import { customerAccount, systemAccountId } from '../../../src/server/modules/ledger/accounts.repository';
import { transfer } from '../../../src/server/modules/ledger/ledger.service';
import { requestIdentity, runUnderKey } from '../../../src/server/plugins/idempotency';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { balances, convert, deposit } from '../../support/wallets';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ORDER = { from_currency: 'CAD', to_currency: 'NGN', amount: '10.00' } as const;
const keyRow = (customer: Customer, key: string) =>
  t.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', customer.id).where('key', '=', key).executeTakeFirst();

async function funded(cad = '100.00') {
  const customer = await createCustomer(t);
  await deposit(t, customer, 'CAD', cad);
  return customer;
}

describe('Idempotency-Key on money calls', () => {
  it('the same key and body answer the first answer again, and the money moves once', async () => {
    const customer = await funded();
    const first = await convert(t, customer, ORDER, 'key-1');
    const second = await convert(t, customer, ORDER, 'key-1');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await balances(t, customer)).toEqual({ CAD: 90, NGN: 10395 });
    expect(await keyRow(customer, 'key-1')).toMatchObject({ status: 'done', response_status: 200 });
  });

  it('the same key with another body is refused with 422 and moves nothing', async () => {
    const customer = await funded();
    await convert(t, customer, ORDER, 'key-2');
    const other = await convert(t, customer, { ...ORDER, amount: '11.00' }, 'key-2');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ success: false, message: 'This Idempotency-Key was used with a different request' });
    expect((await balances(t, customer)).CAD).toBe(90);
  });

  /** Y's key as another request of the same body would have claimed it `age` ago, still running. */
  async function runningClaim(key: string, age: string): Promise<Customer> {
    const other = await funded();
    await convert(t, other, ORDER, key);
    const { request_hash } = (await keyRow(other, key))!;
    const customer = await funded();
    await t.db
      .insertInto('idempotency_keys')
      .values({ user_id: customer.id, key, request_hash, claim: randomUUID(), status: 'in_progress', created_at: sql<Date>`now() - ${age}::interval` })
      .execute();
    return customer;
  }

  it('a key whose request is still running answers 409', async () => {
    const customer = await runningClaim('key-3', '1 second');
    const res = await convert(t, customer, ORDER, 'key-3');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'A request with this Idempotency-Key is still in progress' });
    expect((await balances(t, customer)).CAD).toBe(100);
  });

  it('a claim older than its lease (IDEMPOTENCY_LEASE_MS, 10 s: its process died before committing) is taken over by the retry', async () => {
    const customer = await runningClaim('key-4', '11 seconds');
    const res = await convert(t, customer, ORDER, 'key-4');
    expect(res.statusCode).toBe(200);
    expect((await balances(t, customer)).CAD).toBe(90);
    expect(await keyRow(customer, 'key-4')).toMatchObject({ status: 'done' });
  });

  it('within its lease a claim still holds: the retry answers 409 and moves nothing', async () => {
    const customer = await runningClaim('key-4b', '8 seconds');
    const res = await convert(t, customer, ORDER, 'key-4b');
    expect(res.statusCode).toBe(409);
    expect((await balances(t, customer)).CAD).toBe(100);
  });

  it('a request still running when a retry took its key over moves nothing: the money moves once, the retry has the answer', async () => {
    const customer = await funded();
    const identity = requestIdentity('POST', '/test/lease', { amount: '10.00' }, customer.id, undefined);
    // A keyed withdrawal of 10.00 as a route runs it: the money and the answer in one transaction.
    const keyed = (before: Promise<void>) =>
      runUnderKey(t.db, { userId: customer.id, key: 'lease-1', identity, status: () => 200, replayStatus: () => undefined, leaseMs: 1_000 },
        async (record) => {
          await before;
          return t.db.transaction().execute(async (trx) => {
            const wallet = await customerAccount(trx, customer.id, 'CAD');
            const moved = await transfer(trx, {
              debit: wallet.id, credit: await systemAccountId(trx, 'payouts_clearing', 'CAD'), amount: 1_000n, currency: 'CAD', kind: 'withdrawal',
            });
            const answer = { reference: moved.reference };
            await record(trx, answer);
            return answer;
          });
        });
    let goOn!: () => void;
    const first = keyed(new Promise<void>((resolve) => { goOn = resolve; }));
    first.catch(() => undefined);
    while ((await keyRow(customer, 'lease-1'))?.status !== 'in_progress') await new Promise((resolve) => setImmediate(resolve));
    // The first request has claimed the key and not yet moved money; its lease then runs out.
    await t.db.updateTable('idempotency_keys').set({ created_at: sql<Date>`now() - interval '2 seconds'` }).where('user_id', '=', customer.id).execute();

    const retried = await keyed(Promise.resolve());
    expect((await balances(t, customer)).CAD).toBe(90);
    goOn();
    await expect(first).rejects.toMatchObject({ statusCode: 409, message: 'A request with this Idempotency-Key is still in progress' });
    expect((await balances(t, customer)).CAD).toBe(90);
    expect(await keyRow(customer, 'lease-1')).toMatchObject({ status: 'done', response_status: 200, response_body: retried });
  });

  it('IDEMPOTENCY_LEASE_MS: 10 s by default, at least 1 s', () => {
    expect(loadConfig({}, { dataDir: null }).idempotencyLeaseMs).toBe(10_000);
    expect(loadConfig({ IDEMPOTENCY_LEASE_MS: '3000' }, { dataDir: null }).idempotencyLeaseMs).toBe(3_000);
    expect(() => loadConfig({ IDEMPOTENCY_LEASE_MS: '999' }, { dataDir: null })).toThrow('IDEMPOTENCY_LEASE_MS must be between 1000 and 3600000, got 999');
  });

  it('a refused request keeps its refusal under its key; a new key runs once the cause is fixed', async () => {
    const customer = await funded('5.00');
    const refused = await convert(t, customer, ORDER, 'key-5');
    expect(refused.statusCode).toBe(422);
    expect(await keyRow(customer, 'key-5')).toMatchObject({ status: 'done', response_status: 422 });
    await deposit(t, customer, 'CAD', '5.00');
    const again = await convert(t, customer, ORDER, 'key-5');
    expect([again.statusCode, again.json()]).toEqual([422, refused.json()]);
    expect((await balances(t, customer)).CAD).toBe(10);
    const retried = await convert(t, customer, ORDER, 'key-5b');
    expect(retried.statusCode).toBe(200);
    expect((await balances(t, customer)).CAD).toBe(0);
  });

  it('keys live 24 hours: an expired key is a new request', async () => {
    const customer = await funded();
    await convert(t, customer, ORDER, 'key-6');
    await t.db.updateTable('idempotency_keys').set({ created_at: sql<Date>`now() - interval '25 hours'` }).where('user_id', '=', customer.id).execute();
    const res = await convert(t, customer, { ...ORDER, amount: '20.00' }, 'key-6');
    expect(res.statusCode).toBe(200);
    expect((await balances(t, customer)).CAD).toBe(70);
  });

  it('keys belong to one customer: another customer may use the same key', async () => {
    const [a, b] = [await funded(), await funded()];
    expect((await convert(t, a, ORDER, 'shared')).statusCode).toBe(200);
    expect((await convert(t, b, { ...ORDER, amount: '30.00' }, 'shared')).statusCode).toBe(200);
    expect((await balances(t, b)).CAD).toBe(70);
  });

  it('without the header every request runs; an oversized key is refused', async () => {
    const customer = await funded();
    await convert(t, customer, ORDER);
    await convert(t, customer, ORDER);
    expect((await balances(t, customer)).CAD).toBe(80);
    const res = await convert(t, customer, ORDER, 'k'.repeat(256));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Idempotency-Key must be 1 to 255 characters');
  });
});
