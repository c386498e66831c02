/**
 * A transfer and its two accounts share one currency, and the database itself refuses any other
 * (migration 0006: each transfer's debit and credit accounts are foreign keys over
 * (account id, the transfer's currency)), whatever code writes the row. Every writer still
 * satisfies it: deposits, user-to-user transfers (one statement and checked path), conversions,
 * payouts posted and voided.
 */
import { sql } from 'kysely';
import type { Currency } from '../../../src/shared/types';
import { customerAccount, systemAccountId } from '../../../src/server/modules/ledger/accounts.repository';
import { newReference, transfer } from '../../../src/server/modules/ledger/ledger.service';
import { insertPostedTransfer } from '../../../src/server/modules/ledger/transfers.repository';
import { settleDuePayouts } from '../../../src/server/sim/payout-rail';
import type { Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { balances, convert, ledgerSums } from '../../support/wallets';
import { cadWithdrawal, funded, ngnWithdrawal, userTransfer } from '../transfers/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function wallet(customer: Customer, currency: Currency): Promise<bigint> {
  return (await customerAccount(t.db, customer.id, currency)).id;
}

/** Everything a refused write could have left behind. */
async function ledgerCounts() {
  const { rows } = await sql<{ transfers: number; entries: number; balances: string }>`
    select (select count(*)::int from ledger_transfers) as transfers, (select count(*)::int from ledger_entries) as entries,
      (select sum(abs(balance))::text from ledger_accounts) as balances`.execute(t.db);
  return rows[0];
}

const foreignKeyViolation = (constraint: string) => expect.objectContaining({ code: '23503', constraint });

describe('the database refuses a transfer whose accounts hold another currency', () => {
  it('a CAD transfer debiting an NGN wallet, inserted directly', async () => {
    const customer = await funded(t, { CAD: '10.00', NGN: '1000.00' });
    const [ngn, cadClearing] = [await wallet(customer, 'NGN'), await systemAccountId(t.db, 'deposits_clearing', 'CAD')];
    const before = await ledgerCounts();
    await expect(
      sql`insert into ledger_transfers (reference, debit_account_id, credit_account_id, amount, currency, status, kind, posted_at)
          values (${newReference()}, ${ngn}, ${cadClearing}, 100, 'CAD', 'posted', 'withdrawal', now())`.execute(t.db),
    ).rejects.toEqual(foreignKeyViolation('ledger_transfers_debit_account_currency_fkey'));
    expect(await ledgerCounts()).toEqual(before);
  });

  it('an NGN transfer crediting a CAD wallet, inserted directly', async () => {
    const customer = await funded(t, { CAD: '10.00' });
    const [cad, ngnClearing] = [await wallet(customer, 'CAD'), await systemAccountId(t.db, 'deposits_clearing', 'NGN')];
    await expect(
      sql`insert into ledger_transfers (reference, debit_account_id, credit_account_id, amount, currency, status, kind)
          values (${newReference()}, ${ngnClearing}, ${cad}, 100, 'NGN', 'pending', 'deposit')`.execute(t.db),
    ).rejects.toEqual(foreignKeyViolation('ledger_transfers_credit_account_currency_fkey'));
  });

  it("a recorded transfer's currency changed afterwards", async () => {
    const customer = await funded(t, { CAD: '10.00' });
    const { rows } = await sql<{ id: string }>`
      select t.id::text from ledger_transfers t where t.credit_account_id = ${await wallet(customer, 'CAD')} and t.kind = 'deposit'`.execute(t.db);
    expect(rows).toHaveLength(1);
    await expect(sql`update ledger_transfers set currency = 'NGN' where id = ${rows[0].id}::bigint`.execute(t.db)).rejects.toEqual(
      expect.objectContaining({ code: '23503' }),
    );
  });

  it("the ledger's own one-statement insert, given a mismatched account past the service's check: nothing is written", async () => {
    const sender = await funded(t, { CAD: '50.00' });
    const recipient = await funded(t, { CAD: '1.00' });
    const [debit, credit] = [await wallet(sender, 'CAD'), await wallet(recipient, 'NGN')];
    const before = await ledgerCounts();
    await expect(
      t.db.transaction().execute((trx) =>
        insertPostedTransfer(trx, {
          reference: newReference(),
          debit_account_id: debit,
          credit_account_id: credit,
          amount: 100n,
          currency: 'CAD',
          kind: 'wallet_transfer',
          metadata: {},
        }),
      ),
    ).rejects.toEqual(foreignKeyViolation('ledger_transfers_credit_account_currency_fkey'));
    // Neither the transfer, nor its entries, nor a balance moved (the whole statement was refused).
    expect(await ledgerCounts()).toEqual(before);
    expect(await balances(t, sender)).toEqual({ CAD: 50, NGN: 0 });
  });

  it('the ledger service still refuses it first, with its own error', async () => {
    const customer = await funded(t, { CAD: '5.00' });
    const [cad, ngnClearing] = [await wallet(customer, 'CAD'), await systemAccountId(t.db, 'payouts_clearing', 'NGN')];
    await expect(
      t.db.transaction().execute((trx) => transfer(trx, { debit: cad, credit: ngnClearing, amount: 100n, currency: 'CAD', kind: 'withdrawal' })),
    ).rejects.toThrow(`Ledger account ${ngnClearing} holds NGN, not CAD`);
  });
});

describe('every writer of transfers satisfies it', () => {
  it('deposits, user transfers both ways, conversions and payouts posted and voided all go through, and every transfer agrees with its accounts', async () => {
    const a = await funded(t, { CAD: '500.00', NGN: '100000.00' });
    const b = await funded(t, { CAD: '1.00', activate: true });
    // One statement (no key) and the checked path (key), in both currencies.
    expect((await userTransfer(t, a, 'CAD', { amount: '10.00', recipient_email: b.email })).statusCode).toBe(200);
    expect((await userTransfer(t, a, 'CAD', { amount: '11.00', recipient_email: b.email }, 'agreement-cad')).statusCode).toBe(200);
    expect((await userTransfer(t, a, 'NGN', { amount: '1000.00', recipient_email: b.email })).statusCode).toBe(200);
    expect((await userTransfer(t, a, 'NGN', { amount: '1001.00', recipient_email: b.email }, 'agreement-ngn')).statusCode).toBe(200);
    // A conversion: two linked transfers, one per currency.
    expect((await convert(t, a, { from_currency: 'CAD', to_currency: 'NGN', amount: '20.00' })).statusCode).toBe(200);
    expect((await convert(t, a, { from_currency: 'NGN', to_currency: 'CAD', amount: '5000.00' })).statusCode).toBe(200);
    // Payouts: pending, then posted or voided by the rail.
    expect((await cadWithdrawal(t, a, { Amount: '25.00' })).statusCode).toBe(200);
    expect((await cadWithdrawal(t, a, { Amount: '5.00', CustomerEmail: 'jane.fail@example.com' })).statusCode).toBe(200);
    expect((await ngnWithdrawal(t, a, { amount: '2000.00' })).statusCode).toBe(200);
    expect(await settleDuePayouts(t.app)).toBeGreaterThanOrEqual(3);

    const { rows } = await sql<{ kind: string; status: string; currency: string; debit: string; credit: string }>`
      select t.kind, t.status, t.currency, d.currency as debit, c.currency as credit
      from ledger_transfers t join ledger_accounts d on d.id = t.debit_account_id join ledger_accounts c on c.id = t.credit_account_id
      where d.user_id in (${a.id}::uuid, ${b.id}::uuid) or c.user_id in (${a.id}::uuid, ${b.id}::uuid)`.execute(t.db);
    expect(new Set(rows.map((row) => `${row.kind} ${row.status}`))).toEqual(
      new Set(['deposit posted', 'wallet_transfer posted', 'conversion posted', 'withdrawal posted', 'withdrawal voided']),
    );
    expect(rows.filter((row) => row.debit !== row.currency || row.credit !== row.currency)).toEqual([]);
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });
});
