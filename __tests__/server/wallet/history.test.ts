import { customerAccount, systemAccountId } from '../../../src/server/modules/ledger/accounts.repository';
import { transfer, voidPending } from '../../../src/server/modules/ledger/ledger.service';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { convert, deposit } from '../../support/wallets';
import { answers } from '../../../src/shared/messages';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const history = (customer: Customer, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/wallet/transactions?${query}`, headers: customer.headers });

describe('GET /wallet/transactions', () => {
  let customer: Customer;
  beforeAll(async () => {
    customer = await createCustomer(t);
    for (let i = 1; i <= 12; i += 1) await deposit(t, customer, 'CAD', `${i}.00`);
    await convert(t, customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '3.00' });
  });

  it('pages newest first with the server page size', async () => {
    const first = await history(customer, 'currency=CAD&page=1');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.success).toBe(true);
    expect(body.pagination).toEqual({ total: 13, limit: 10, page: 1 });
    expect(body.data.map((row: { amount: number }) => row.amount)).toEqual([3, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
    const second = (await history(customer, 'currency=CAD&page=2')).json();
    expect(second.pagination).toEqual({ total: 13, limit: 10, page: 2 });
    expect(second.data.map((row: { amount: number }) => row.amount)).toEqual([3, 2, 1]);
    expect((await history(customer, 'currency=CAD&page=3')).json().data).toEqual([]);
  });

  it('starts at page 1 when no page is given', async () => {
    expect((await history(customer, 'currency=CAD')).json().pagination).toEqual({ total: 13, limit: 10, page: 1 });
  });

  it('has the §3 fields: a deposit names its sender', async () => {
    const [oldest] = (await history(customer, 'currency=CAD&page=2')).json().data.slice(-1);
    expect(oldest).toEqual({
      id: expect.stringMatching(/^KD[0-9A-F]{16}$/),
      // spec-next §C: money in, its reference (the id), nothing refunded.
      reference: oldest.id,
      direction: 'credit',
      refunded: false,
      transaction_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      transaction_type: 'DEPOSIT',
      amount: 1,
      currency: 'CAD',
      status: 'completed',
      recipient_name: null,
      sent_to: null,
      recieved_from: 'Ada Obi',
      description: 'Interac e-Transfer',
      bank_name: null,
      account_number: null,
    });
  });

  it('filters by type', async () => {
    const deposits = (await history(customer, 'currency=CAD&transaction_type=DEPOSIT')).json();
    expect(deposits.pagination.total).toBe(12);
    expect(deposits.data.every((row: { transaction_type: string }) => row.transaction_type === 'DEPOSIT')).toBe(true);
    const withdrawals = (await history(customer, 'currency=CAD&transaction_type=WITHDRAWAL')).json();
    expect(withdrawals.pagination.total).toBe(1);
    expect(withdrawals.data[0]).toMatchObject({ transaction_type: 'WITHDRAWAL', amount: 3, description: 'Converted to NGN' });
    const transfers = (await history(customer, 'currency=CAD&transaction_type=WALLET%20TRANSACTION')).json();
    expect(transfers).toEqual({ success: true, message: answers.history, data: [], pagination: { total: 0, limit: 10, page: 1 } });
  });

  it("an empty transaction_type means 'All Types', as the app sends it", async () => {
    const all = await history(customer, 'currency=CAD&transaction_type=&page=1');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual((await history(customer, 'currency=CAD&page=1')).json());
    expect(all.json().pagination).toEqual({ total: 13, limit: 10, page: 1 });
    expect((await history(customer, 'currency=CAD&transaction_type=')).json().pagination.total).toBe(13);
  });

  it('shows one currency at a time', async () => {
    const naira = (await history(customer, 'currency=NGN')).json();
    expect(naira.pagination.total).toBe(1);
    expect(naira.data[0]).toMatchObject({ transaction_type: 'DEPOSIT', currency: 'NGN', description: 'Converted from CAD' });
  });

  it('a customer only ever sees their own transactions', async () => {
    const other = await createCustomer(t);
    await deposit(t, other, 'CAD', '99.00');
    const theirs = (await history(other, 'currency=CAD')).json();
    expect(theirs.pagination.total).toBe(1);
    expect(theirs.data[0].amount).toBe(99);
    expect((await history(customer, 'currency=CAD&transaction_type=DEPOSIT')).json().pagination.total).toBe(12);
  });

  it.each([
    ['currency=USD', /^currency /],
    ['page=1', /^currency is required/],
    ['currency=CAD&page=0', /^page must be 1 or more$/],
    ['currency=CAD&page=abc', /^page /],
    ['currency=CAD&transaction_type=REFUND', /^transaction_type /],
  ])('refuses the query %s with 400', async (query, message) => {
    const res = await history(customer, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toMatch(message);
  });
});

describe('history lines of payouts and user transfers', () => {
  it('a payout shows pending, then failed when voided, naming its recipient and bank', async () => {
    const customer = await createCustomer(t);
    await deposit(t, customer, 'CAD', '50.00');
    const wallet = await customerAccount(t.db, customer.id, 'CAD');
    const payouts = await systemAccountId(t.db, 'payouts_clearing', 'CAD');
    const pending = await t.db.transaction().execute((trx) =>
      transfer(trx, {
        debit: wallet.id,
        credit: payouts,
        amount: 2000n,
        currency: 'CAD',
        kind: 'withdrawal',
        pending: true,
        metadata: { recipient_name: 'Bola Ade', description: 'Interac e-Transfer', bank_name: 'Maple Bank', account_number: '0123456789' },
      }),
    );
    const latest = async () => (await history(customer, 'currency=CAD')).json().data[0];
    expect(await latest()).toMatchObject({
      transaction_type: 'WITHDRAWAL',
      status: 'pending',
      amount: 20,
      recipient_name: 'Bola Ade',
      sent_to: null,
      recieved_from: null,
      bank_name: 'Maple Bank',
      account_number: '0123456789',
    });
    await t.db.transaction().execute((trx) => voidPending(trx, pending.id));
    expect(await latest()).toMatchObject({ status: 'failed', amount: 20 });
  });

  it('a transfer between users is a WALLET TRANSACTION: sent_to for the sender, recieved_from for the recipient', async () => {
    const [sender, recipient] = [await createCustomer(t, { firstName: 'Sade' }), await createCustomer(t, { firstName: 'Tunde' })];
    await deposit(t, sender, 'CAD', '10.00');
    const [from, to] = [await customerAccount(t.db, sender.id, 'CAD'), await customerAccount(t.db, recipient.id, 'CAD')];
    await t.db.transaction().execute((trx) =>
      transfer(trx, {
        debit: from.id,
        credit: to.id,
        amount: 500n,
        currency: 'CAD',
        kind: 'wallet_transfer',
        metadata: { sender_name: 'Sade Obi', recipient_name: 'Tunde Obi' },
      }),
    );
    const sent = (await history(sender, 'currency=CAD&transaction_type=WALLET%20TRANSACTION')).json().data;
    const received = (await history(recipient, 'currency=CAD&transaction_type=WALLET%20TRANSACTION')).json().data;
    expect(sent).toEqual([expect.objectContaining({ amount: 5, recipient_name: null, sent_to: 'Tunde Obi', recieved_from: null })]);
    expect(received).toEqual([expect.objectContaining({ amount: 5, recipient_name: null, sent_to: null, recieved_from: 'Sade Obi' })]);
    expect(sent[0].id).toBe(received[0].id);
  });
});
