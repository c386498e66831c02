/**
 * The database's own rules on single values of the money tables (migration 0022: domains, where
 * they were table CHECK constraints) and between columns (the CHECKs that stay): whatever code
 * writes the row, a value outside the rule is refused with check_violation and nothing is written.
 */
import { sql, type RawBuilder } from 'kysely';
import { customerAccount, systemAccountId } from '../../../src/server/modules/ledger/accounts.repository';
import { newReference } from '../../../src/server/modules/ledger/ledger.service';
import { buildTestApp, type TestApp } from '../../support/test-app';
import type { Customer } from '../../support/customers';
import { funded, PIN, userTransfer } from '../transfers/helpers';

let t: TestApp;
let customer: Customer;
let cad: bigint;
let clearing: bigint;
let transferId: bigint;
beforeAll(async () => {
  t = await buildTestApp();
  customer = await funded(t, { CAD: '10.00' });
  const other = await funded(t, { CAD: '1.00' });
  expect((await userTransfer(t, customer, 'CAD', { amount: '1.00', recipient_email: other.email, transaction_pin: PIN })).statusCode).toBe(200);
  cad = (await customerAccount(t.db, customer.id, 'CAD')).id;
  clearing = await systemAccountId(t.db, 'deposits_clearing', 'CAD');
  const { rows } = await sql<{ id: bigint }>`select max(id) as id from ledger_transfers`.execute(t.db);
  transferId = BigInt(rows[0]!.id);
});
afterAll(() => t.close());

/** Every row of the tables these writes touch, as text: a refused write changes none of it. */
async function everything(): Promise<string> {
  const { rows } = await sql<{ all: string }>`
    select concat_ws('|',
      (select string_agg(t::text, ',' order by id) from ledger_transfers t),
      (select string_agg(e::text, ',' order by id) from ledger_entries e),
      (select string_agg(a::text, ',' order by id) from ledger_accounts a),
      (select string_agg(l::text, ',' order by user_id, bucket) from limit_usage l),
      (select string_agg(r::text, ',' order by id) from recipients r),
      (select string_agg(k::text, ',' order by key) from idempotency_keys k)) as all`.execute(t.db);
  return rows[0]!.all;
}

type TransferValues = Partial<Record<'amount' | 'currency' | 'status' | 'kind', RawBuilder<unknown>>>;

/** A pending deposit into the customer's CAD wallet, with `values` in place of the usual ones. */
const transfer = (values: TransferValues) => sql`
  insert into ledger_transfers (reference, debit_account_id, credit_account_id, amount, currency, status, kind)
  values (${newReference()}, ${clearing}, ${cad}, ${values.amount ?? sql`100`}, ${values.currency ?? sql`'CAD'`},
    ${values.status ?? sql`'pending'`}, ${values.kind ?? sql`'deposit'`})`;

const cases: [string, () => RawBuilder<unknown>][] = [
  ['a transfer of 0', () => transfer({ amount: sql`0` })],
  ['a transfer of a negative amount', () => transfer({ amount: sql`-5` })],
  ['a transfer in USD', () => transfer({ currency: sql`'USD'` })],
  ['a transfer of an unknown kind', () => transfer({ kind: sql`'gift'` })],
  ['a transfer of an unknown status', () => transfer({ status: sql`'done'` })],
  ['an entry of 0', () => sql`insert into ledger_entries (transfer_id, account_id, amount, balance_after) values (${transferId}, ${clearing}, 0, 0)`],
  ['a negative reservation', () => sql`update ledger_accounts set pending_debits = -1 where id = ${cad}`],
  ['an account of an unknown kind', () => sql`update ledger_accounts set kind = 'shared' where id = ${cad}`],
  ['an account in USD', () => sql`update ledger_accounts set currency = 'USD' where id = ${clearing}`],
  ['negative limit usage', () => sql`insert into limit_usage (user_id, bucket, used_minor) values (${customer.id}::uuid, kudi_bucket(now() - interval '90 days'), -1)`],
  ['a saved recipient of an unknown kind', () => sql`update recipients set kind = 'paypal' where user_id = ${customer.id}::uuid`],
  ['an idempotency key of an unknown status', () => sql`
    insert into idempotency_keys (user_id, key, claim, status, request_hash) values (${customer.id}::uuid, 'rules', gen_random_uuid(), 'lost', 'x')`],
  // The rules between columns stay table CHECKs.
  ['a transfer from an account to itself', () => sql`
    insert into ledger_transfers (reference, debit_account_id, credit_account_id, amount, currency, status, kind)
    values (${newReference()}, ${cad}, ${cad}, 100, 'CAD', 'pending', 'deposit')`],
  ['a posted transfer without its time', () => sql`update ledger_transfers set status = 'posted', posted_at = null where id = ${transferId}`],
  ['a customer wallet below what it has reserved', () => sql`update ledger_accounts set pending_debits = balance + 1 where id = ${cad}`],
];

describe('the database refuses a value outside its rule, whoever writes it', () => {
  it.each(cases)('%s', async (_name, write) => {
    const before = await everything();
    await expect(write().execute(t.db)).rejects.toEqual(expect.objectContaining({ code: '23514' }));
    expect(await everything()).toEqual(before);
  });

  it('the values inside the rules are written (the refusals above are the rules, not the statements)', async () => {
    await t.db.transaction().execute(async (trx) => {
      await transfer({ amount: sql`1` }).execute(trx);
      await sql`update ledger_accounts set pending_debits = 0 where id = ${cad}`.execute(trx);
      await sql`insert into limit_usage (user_id, bucket, used_minor) values (${customer.id}::uuid, kudi_bucket(now() - interval '90 days'), 0)`.execute(trx);
      await sql`insert into idempotency_keys (user_id, key, claim, status, request_hash) values (${customer.id}::uuid, 'rules', gen_random_uuid(), 'done', 'x')`.execute(trx);
      await sql`update recipients set kind = 'kudi_user' where user_id = ${customer.id}::uuid`.execute(trx);
      throw new Rollback();
    }).catch((err) => {
      if (!(err instanceof Rollback)) throw err;
    });
  });
});

class Rollback extends Error {}
