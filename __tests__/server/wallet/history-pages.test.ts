/**
 * Every page of a long history (GET /wallet/transactions), with and without each transaction_type,
 * is the page a straightforward query gives: the account's transfers ordered newest first, OFFSET
 * (page - 1) × 10, and their count. Checkpoints 7 lines apart (HISTORY_CHECKPOINT_EVERY) so that a
 * few hundred lines use many of them (migration 0016, ledger/history.repository.ts); again after
 * more lines arrive (the checkpoints are extended) and after the checkpoints are thrown away.
 */
import { sql } from 'kysely';
import type { TransactionType } from '../../../src/shared/types';
import { customerAccount, systemAccountId } from '../../../src/server/modules/ledger/accounts.repository';
import { postPending, transfer, voidPending } from '../../../src/server/modules/ledger/ledger.service';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';

const EVERY = 7;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ historyCheckpointEvery: EVERY });
});
afterAll(() => t.close());

const FILTERS: (TransactionType | '')[] = ['', 'DEPOSIT', 'WITHDRAWAL', 'WALLET TRANSACTION'];

/** The page as the API answers it: its lines' ids (references) and the total. */
async function apiPage(customer: Customer, filter: string, page: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/wallet/transactions?currency=CAD&transaction_type=${encodeURIComponent(filter)}&page=${page}`,
    headers: customer.headers,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { data: { id: string; transaction_type: string }[]; pagination: { total: number; limit: number; page: number } };
  return { ids: body.data.map((line) => line.id), types: body.data.map((line) => line.transaction_type), pagination: body.pagination };
}

/** The same page by the straightforward query: every line of the account, newest first, OFFSET and LIMIT, and count(*). */
async function expectedPage(accountId: bigint, filter: string, page: number) {
  const type = sql<string>`case when kind = 'wallet_transfer' then 'WALLET TRANSACTION'
    when credit_account_id = ${accountId}::bigint then 'DEPOSIT' else 'WITHDRAWAL' end`;
  const lines = sql`select id, reference, ${type} as type from ledger_transfers
    where debit_account_id = ${accountId}::bigint or credit_account_id = ${accountId}::bigint`;
  const where = filter ? sql`where type = ${filter}` : sql``;
  const { rows } = await sql<{ reference: string; type: string }>`
    select reference, type from (${lines}) l ${where} order by id desc offset ${(page - 1) * 10} limit 10`.execute(t.db);
  const count = await sql<{ n: string }>`select count(*)::text as n from (${lines}) l ${where}`.execute(t.db);
  return { ids: rows.map((row) => row.reference), types: rows.map((row) => row.type), total: Number(count.rows[0].n) };
}

/** Every page of every filter, and the page after the last, equal the straightforward query's. */
async function expectEveryPage(customer: Customer, accountId: bigint) {
  for (const filter of FILTERS) {
    const { total } = await expectedPage(accountId, filter, 1);
    const lastPage = Math.ceil(total / 10);
    for (let page = 1; page <= lastPage + 1; page += 1) {
      const expected = await expectedPage(accountId, filter, page);
      const actual = await apiPage(customer, filter, page);
      expect({ filter, page, ids: actual.ids, types: actual.types, total: actual.pagination.total }).toEqual({
        filter, page, ids: expected.ids, types: expected.types, total: expected.total,
      });
      expect(actual.pagination).toEqual({ total: expected.total, limit: 10, page });
    }
  }
}

describe('a long history, page by page', () => {
  let customer: Customer;
  let friend: Customer;
  let account: bigint;

  /** `count` more lines of every kind on the customer's CAD wallet (and a few on the friend's). */
  async function addLines(count: number) {
    const friendAccount = (await customerAccount(t.db, friend.id, 'CAD')).id;
    const system = async (code: 'deposits_clearing' | 'payouts_clearing' | 'fx_liquidity' | 'bills_clearing') => systemAccountId(t.db, code, 'CAD');
    const [deposits, payouts, fx, bills] = [await system('deposits_clearing'), await system('payouts_clearing'), await system('fx_liquidity'), await system('bills_clearing')];
    for (let i = 0; i < count; i += 1) {
      await t.db.transaction().execute(async (trx) => {
        const base = { currency: 'CAD' as const, amount: BigInt(100 + i) };
        switch (i % 8) {
          case 0:
          case 1:
            await transfer(trx, { ...base, debit: deposits, credit: account, amount: 50_000n, kind: 'deposit', metadata: { sender_name: 'Bola Ade' } });
            break;
          case 2:
            await transfer(trx, { ...base, debit: account, credit: friendAccount, kind: 'wallet_transfer', metadata: { sender_name: 'Ada Obi', recipient_name: 'Sade Obi' } });
            break;
          case 3:
            await transfer(trx, { ...base, debit: friendAccount, credit: account, kind: 'wallet_transfer', metadata: { sender_name: 'Sade Obi', recipient_name: 'Ada Obi' } });
            break;
          case 4: {
            // A payout with its fee: pending, then posted or voided (failed).
            const payout = await transfer(trx, { ...base, debit: account, credit: payouts, kind: 'withdrawal', pending: true, fee: 150n, metadata: { recipient_name: 'Tunde' } });
            if (i % 3 === 0) await postPending(trx, payout.id);
            if (i % 3 === 1) await voidPending(trx, payout.id);
            break;
          }
          case 5:
            await transfer(trx, { ...base, debit: account, credit: fx, kind: 'conversion', metadata: { description: 'Converted to NGN' } });
            break;
          case 6:
            await transfer(trx, { ...base, debit: fx, credit: account, kind: 'conversion', metadata: { description: 'Converted from NGN' } });
            break;
          default:
            await transfer(trx, { ...base, debit: account, credit: bills, kind: 'bill', metadata: { recipient_name: 'Hydro One' } });
        }
      });
    }
  }

  beforeAll(async () => {
    customer = await createCustomer(t);
    friend = await createCustomer(t, { firstName: 'Sade' });
    account = (await customerAccount(t.db, customer.id, 'CAD')).id;
    // The friend's money for the transfers to the customer.
    await t.db.transaction().execute(async (trx) =>
      transfer(trx, {
        debit: await systemAccountId(trx, 'deposits_clearing', 'CAD'),
        credit: (await customerAccount(trx, friend.id, 'CAD')).id,
        amount: 10_000_000n,
        currency: 'CAD',
        kind: 'deposit',
      }),
    );
    await addLines(240);
  });

  it('every page of every filter is the straightforward query\'s page, read from checkpoints', async () => {
    await expectEveryPage(customer, account);
    const { rows } = await sql<{ filter: string; n: string }>`
      select filter, count(*)::text as n from history_checkpoints where account_id = ${account}::bigint group by filter order by filter`.execute(t.db);
    // Every filter's history is long enough for checkpoints 7 lines apart.
    expect(rows.map((row) => row.filter)).toEqual(['ALL', 'DEPOSIT', 'WALLET TRANSACTION', 'WITHDRAWAL']);
    for (const row of rows) expect(Number(row.n)).toBeGreaterThan(3);
  });

  it('stays so as lines arrive (checkpoints extended) and when the checkpoints are thrown away', async () => {
    await addLines(29);
    await expectEveryPage(customer, account);
    await sql`delete from history_checkpoints`.execute(t.db);
    await addLines(5);
    await expectEveryPage(customer, account);
  });

  it('a page far beyond the last is empty, with the total', async () => {
    const { total } = await expectedPage(account, '', 1);
    expect(await apiPage(customer, '', 999_999_999)).toEqual({ ids: [], types: [], pagination: { total, limit: 10, page: 999_999_999 } });
  });
});
