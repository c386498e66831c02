import { sql } from 'kysely';
import { customerAccount, systemAccountId } from '../../../src/server/modules/ledger/accounts.repository';
import {
  InsufficientFundsError,
  postPending,
  transfer,
  voidPending,
  type TransferRequest,
} from '../../../src/server/modules/ledger/ledger.service';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { activateNairaWallet, balances, convert, deposit, ledgerSums } from '../../support/wallets';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const run = (request: TransferRequest) => t.db.transaction().execute((trx) => transfer(trx, request));
const account = async (customer: Customer, currency: 'CAD' | 'NGN') => customerAccount(t.db, customer.id, currency);
const accountRow = (id: bigint) => t.db.selectFrom('ledger_accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const entriesOf = (transferId: bigint) =>
  t.db.selectFrom('ledger_entries').select(['account_id', 'amount', 'balance_after']).where('transfer_id', '=', transferId).orderBy('amount').execute();

/** A funded customer and the CAD payouts clearing account to pay out to. */
async function fundedCustomer(cad: string) {
  const customer = await createCustomer(t);
  await deposit(t, customer, 'CAD', cad);
  const wallet = await account(customer, 'CAD');
  const payouts = await systemAccountId(t.db, 'payouts_clearing', 'CAD');
  return { customer, wallet, payouts };
}

describe('ledger transfers', () => {
  it('a transfer writes both entries with each balance after, and moves the balances', async () => {
    const { wallet, payouts } = await fundedCustomer('100.00');
    const before = await accountRow(payouts);
    const row = await run({ debit: wallet.id, credit: payouts, amount: 2550n, currency: 'CAD', kind: 'withdrawal', metadata: { recipient_name: 'Bola' } });
    expect(row).toMatchObject({ status: 'posted', amount: 2550n, kind: 'withdrawal', metadata: { recipient_name: 'Bola' } });
    expect(row.reference).toMatch(/^KD[0-9A-F]{16}$/);
    expect(row.posted_at).toBeInstanceOf(Date);
    expect(await entriesOf(row.id)).toEqual([
      { account_id: wallet.id, amount: -2550n, balance_after: 7450n },
      { account_id: payouts, amount: 2550n, balance_after: before.balance + 2550n },
    ]);
    expect((await accountRow(wallet.id)).balance).toBe(7450n);
  });

  it('refuses to overdraw a customer wallet and writes nothing', async () => {
    const { wallet, payouts } = await fundedCustomer('10.00');
    const count = async () => (await t.db.selectFrom('ledger_transfers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n;
    const transfersBefore = await count();
    const attempt = run({ debit: wallet.id, credit: payouts, amount: 1001n, currency: 'CAD', kind: 'withdrawal' });
    await expect(attempt).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 422, message: 'Insufficient CAD balance. Available: 10.00 CAD' });
    expect((await accountRow(wallet.id)).balance).toBe(1000n);
    expect(await count()).toBe(transfersBefore);
  });

  it('refuses accounts of another currency than the transfer', async () => {
    const { customer, payouts } = await fundedCustomer('10.00');
    const naira = await account(customer, 'NGN');
    await expect(run({ debit: naira.id, credit: payouts, amount: 1n, currency: 'CAD', kind: 'withdrawal' })).rejects.toThrow(/holds NGN, not CAD/);
  });

  it('the database itself refuses a negative customer balance, even by direct SQL', async () => {
    const { wallet } = await fundedCustomer('5.00');
    await expect(sql`update ledger_accounts set balance = balance - 501 where id = ${wallet.id}`.execute(t.db)).rejects.toThrow(
      /ledger_accounts_customer_available/,
    );
    await expect(sql`update ledger_accounts set pending_debits = 501 where id = ${wallet.id}`.execute(t.db)).rejects.toThrow(
      /ledger_accounts_customer_available/,
    );
    expect((await accountRow(wallet.id)).balance).toBe(500n);
  });

  it('a rail reference is recorded once: the same transfer again answers the first, another one is refused', async () => {
    const customer = await createCustomer(t);
    const wallet = await account(customer, 'CAD');
    const clearing = await systemAccountId(t.db, 'deposits_clearing', 'CAD');
    const request: TransferRequest = {
      debit: clearing,
      credit: wallet.id,
      amount: 700n,
      currency: 'CAD',
      kind: 'deposit',
      external: { provider: 'interac', ref: `ref-${customer.id}` },
    };
    const first = await run(request);
    const again = await run(request);
    expect(again.id).toBe(first.id);
    expect((await accountRow(wallet.id)).balance).toBe(700n);
    await expect(run({ ...request, amount: 701n })).rejects.toMatchObject({
      statusCode: 409,
      message: 'This reference was already used for a different transfer',
    });
  });
});

describe('two-phase transfers (payouts)', () => {
  it('pending reserves the funds without moving them; posting moves them', async () => {
    const { customer, wallet, payouts } = await fundedCustomer('100.00');
    const pending = await run({ debit: wallet.id, credit: payouts, amount: 4000n, currency: 'CAD', kind: 'withdrawal', pending: true });
    expect(pending).toMatchObject({ status: 'pending', posted_at: null });
    expect(await accountRow(wallet.id)).toMatchObject({ balance: 10000n, pending_debits: 4000n });
    expect(await entriesOf(pending.id)).toEqual([]);
    expect((await balances(t, customer)).CAD).toBe(60);
    // The reservation counts: only 60.00 is left to spend.
    await expect(run({ debit: wallet.id, credit: payouts, amount: 6001n, currency: 'CAD', kind: 'withdrawal' })).rejects.toMatchObject({
      message: 'Insufficient CAD balance. Available: 60.00 CAD',
    });

    const posted = await t.db.transaction().execute((trx) => postPending(trx, pending.id));
    expect(posted.status).toBe('posted');
    expect(posted.posted_at).toBeInstanceOf(Date);
    expect(await accountRow(wallet.id)).toMatchObject({ balance: 6000n, pending_debits: 0n });
    expect((await entriesOf(pending.id)).map((e) => e.amount)).toEqual([-4000n, 4000n]);
    await expect(t.db.transaction().execute((trx) => voidPending(trx, pending.id))).rejects.toThrow(/is posted, not pending/);
  });

  it('voiding releases the reservation: the balance is whole again and nothing moved', async () => {
    const { customer, wallet, payouts } = await fundedCustomer('100.00');
    const pending = await run({ debit: wallet.id, credit: payouts, amount: 2500n, currency: 'CAD', kind: 'withdrawal', pending: true });
    const voided = await t.db.transaction().execute((trx) => voidPending(trx, pending.id));
    expect(voided).toMatchObject({ status: 'voided', posted_at: null });
    expect(voided.voided_at).toBeInstanceOf(Date);
    expect(await accountRow(wallet.id)).toMatchObject({ balance: 10000n, pending_debits: 0n });
    expect(await entriesOf(pending.id)).toEqual([]);
    expect((await balances(t, customer)).CAD).toBe(100);
    await expect(t.db.transaction().execute((trx) => postPending(trx, pending.id))).rejects.toThrow(/is voided, not pending/);
  });
});

describe('ledger invariants', () => {
  it('after a mixed series, every currency sums to zero and every balance equals its entries', async () => {
    const [a, b] = [await createCustomer(t), await createCustomer(t)];
    await activateNairaWallet(t, a);
    await deposit(t, a, 'CAD', '500.00');
    await deposit(t, b, 'CAD', '75.25');
    await deposit(t, a, 'NGN', '120000.50');
    expect((await convert(t, a, { from_currency: 'CAD', to_currency: 'NGN', amount: '123.45' })).statusCode).toBe(200);
    expect((await convert(t, a, { from_currency: 'NGN', to_currency: 'CAD', amount: '99999.99' })).statusCode).toBe(200);
    expect((await convert(t, b, { from_currency: 'CAD', to_currency: 'NGN', amount: 75.25 })).statusCode).toBe(200);
    const wallet = await account(a, 'CAD');
    const payouts = await systemAccountId(t.db, 'payouts_clearing', 'CAD');
    const kept = await run({ debit: wallet.id, credit: payouts, amount: 1000n, currency: 'CAD', kind: 'withdrawal', pending: true });
    const dropped = await run({ debit: wallet.id, credit: payouts, amount: 2000n, currency: 'CAD', kind: 'withdrawal', pending: true });
    await t.db.transaction().execute(async (trx) => {
      await postPending(trx, kept.id);
      await voidPending(trx, dropped.id);
    });

    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
    const { rows: mismatched } = await sql`
      select a.id from ledger_accounts a
      left join ledger_entries e on e.account_id = a.id
      group by a.id, a.balance
      having a.balance <> coalesce(sum(e.amount), 0)
         or a.balance <> coalesce((select balance_after from ledger_entries where account_id = a.id order by id desc limit 1), 0)`.execute(t.db);
    expect(mismatched).toEqual([]);
    const { rows: unbalanced } = await sql`
      select transfer_id from ledger_entries group by transfer_id having sum(amount) <> 0 or count(*) <> 2`.execute(t.db);
    expect(unbalanced).toEqual([]);
  });
});
