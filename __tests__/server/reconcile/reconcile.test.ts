/**
 * The reconciliation of the books (issue 18): after real money moved through the API (deposits, a
 * user transfer, a conversion, payouts with fees completed, failed, cancelled and one still on its
 * way) every check passes; then each kind of broken row, written behind the ledger's back, is found
 * and named (and once put back, the books reconcile again).
 */
import { sql, type Transaction } from 'kysely';
import { loadConfig, parseFees } from '../../../src/server/config';
import type { Database } from '../../../src/server/db/schema';
import { systemAccountId } from '../../../src/server/modules/ledger/accounts.repository';
import { transfer } from '../../../src/server/modules/ledger/ledger.service';
import { reconcile, type CheckName, type ReconciliationReport } from '../../../src/server/modules/reconcile/reconcile.service';
import { settleDuePayouts } from '../../../src/server/sim/payout-rail';
import type { Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { convert } from '../../support/wallets';
import { cadWithdrawal, FAILING_ACCOUNT, funded, ngnWithdrawal, post, userTransfer } from '../transfers/helpers';

const CHECKS: CheckName[] = ['currencies_sum_to_zero', 'balances_match_entries', 'transfers_move_once', 'payouts_settle_once', 'accounts_within_bounds'];

let t: TestApp;
let ada: Customer;
let bola: Customer;
/** References of the payouts: completed, failed, cancelled, still on its way. */
const payouts = { completed: '', failed: '', cancelled: '', pending: '' };
let userTransferRef = '';

/** The failing checks of a report, each with its findings. */
const failing = (report: ReconciliationReport) => Object.fromEntries(report.checks.filter((c) => !c.ok).map((c) => [c.name, c.findings]));

async function accountId(customer: Customer, currency: 'CAD' | 'NGN'): Promise<string> {
  const row = await t.db.selectFrom('ledger_accounts').select('id').where('user_id', '=', customer.id).where('currency', '=', currency).executeTakeFirstOrThrow();
  return String(row.id);
}

async function transferId(reference: string): Promise<bigint> {
  return (await t.db.selectFrom('ledger_transfers').select('id').where('reference', '=', reference).executeTakeFirstOrThrow()).id;
}

/** Runs `write` with triggers off (payout_events is append-only): how a broken row is written or removed behind the code's back. */
async function behindTheLedger(write: (trx: Transaction<Database>) => Promise<unknown>): Promise<void> {
  await t.db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await write(trx);
  });
}

beforeAll(async () => {
  t = await buildTestApp({ fees: parseFees(JSON.stringify({ interac: { flat: '1.50' }, ngn_bank: { flat: '50.00', percent: '0.25' } })) });
  ada = await funded(t, { CAD: '900.00', NGN: '300000.00' });
  bola = await funded(t, { CAD: '5.00', activate: true });
  const sent = await userTransfer(t, ada, 'CAD', { amount: '25.00', recipient_email: bola.email });
  expect(sent.statusCode).toBe(200);
  userTransferRef = sent.json().data.transaction_reference;
  expect((await convert(t, ada, { from_currency: 'CAD', to_currency: 'NGN', amount: '10.00' })).statusCode).toBe(200);
  const nip = async (overrides: Record<string, unknown> = {}) => {
    const res = await ngnWithdrawal(t, ada, overrides);
    expect(res.statusCode).toBe(200);
    return res.json().data.tx_ref as string;
  };
  payouts.completed = await nip();
  payouts.failed = await nip({ account_number: FAILING_ACCOUNT.number, account_bank: FAILING_ACCOUNT.bankCode, account_name: FAILING_ACCOUNT.name });
  const interac = await cadWithdrawal(t, ada, { Amount: '40.00' });
  expect(interac.statusCode).toBe(200);
  payouts.cancelled = interac.json().data.transaction_reference;
  expect((await post(t, ada, `/transactions/${payouts.cancelled}/cancel`, {})).statusCode).toBe(200);
  await settleDuePayouts(t.app);
  const onItsWay = await cadWithdrawal(t, ada, { Amount: '30.00' });
  expect(onItsWay.statusCode).toBe(200);
  payouts.pending = onItsWay.json().data.transaction_reference;
  const outcomes = await t.db.selectFrom('payouts').select(['reference', 'outcome']).execute();
  expect(Object.fromEntries(outcomes.map((p) => [p.reference, p.outcome]))).toEqual({
    [payouts.completed]: 'completed',
    [payouts.failed]: 'failed',
    [payouts.cancelled]: 'cancelled',
    [payouts.pending]: null,
  });
});
afterAll(() => t.close());

afterEach(async () => {
  // Every case puts back what it broke: the books reconcile again.
  expect(failing(await reconcile(t.db))).toEqual({});
});

it('a ledger moved only by the API reconciles: every check passes, with nothing found', async () => {
  const report = await reconcile(t.db);
  expect(report).toEqual({ ok: true, checked_at: expect.any(String), checks: CHECKS.map((name) => ({ name, ok: true, findings: [] })) });
  expect(Date.parse(report.checked_at)).not.toBeNaN();
  // The fees and the reservation of the payout on its way are in the books it checked.
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ledger_transfers where kind = 'fee'`.execute(t.db);
  expect(rows[0].n).toBe(4);
});

it("finds a wallet balance changed behind the ledger's back: the account, and its currency no longer summing to zero", async () => {
  const account = await accountId(bola, 'CAD');
  await sql`update ledger_accounts set balance = balance + 700 where id = ${account}::bigint`.execute(t.db);
  const report = await reconcile(t.db);
  expect(report.ok).toBe(false);
  expect(failing(report)).toEqual({
    currencies_sum_to_zero: [{ currency: 'CAD', problem: "the accounts' balances do not sum to zero", expected: '0', actual: '700' }],
    balances_match_entries: [
      { account_id: account, currency: 'CAD', kind: 'customer', user_id: bola.id, problem: 'the balance is not the sum of its entries', expected: '3000', actual: '3700' },
    ],
  });
  await sql`update ledger_accounts set balance = balance - 700 where id = ${account}::bigint`.execute(t.db);
});

it('finds reserved funds that no pending transfer explains', async () => {
  const account = await accountId(ada, 'CAD');
  await sql`update ledger_accounts set pending_debits = pending_debits + 1 where id = ${account}::bigint`.execute(t.db);
  expect(failing(await reconcile(t.db))).toEqual({
    balances_match_entries: [
      {
        account_id: account,
        currency: 'CAD',
        kind: 'customer',
        user_id: ada.id,
        problem: 'the reserved funds (pending_debits) are not the sum of its pending transfers',
        expected: '3150',
        actual: '3151',
      },
    ],
  });
  await sql`update ledger_accounts set pending_debits = pending_debits - 1 where id = ${account}::bigint`.execute(t.db);
});

it('finds a currency whose entries no longer sum to zero: an entry credited more than its transfer moved', async () => {
  const id = await transferId(userTransferRef);
  const account = await accountId(bola, 'CAD');
  const change = async (by: number) => {
    await sql`update ledger_entries set amount = amount + ${by}::bigint, balance_after = balance_after + ${by}::bigint where transfer_id = ${id} and account_id = ${account}::bigint`.execute(t.db);
    await sql`update ledger_accounts set balance = balance + ${by}::bigint where id = ${account}::bigint`.execute(t.db);
  };
  await change(100);
  expect(failing(await reconcile(t.db))).toEqual({
    currencies_sum_to_zero: [
      { currency: 'CAD', problem: "the accounts' balances do not sum to zero", expected: '0', actual: '100' },
      { currency: 'CAD', problem: 'the entries do not sum to zero', expected: '0', actual: '100' },
    ],
    transfers_move_once: [
      {
        transfer_id: String(id),
        reference: userTransferRef,
        kind: 'wallet_transfer',
        currency: 'CAD',
        status: 'posted',
        amount: '2500',
        problem: 'a posted transfer must have exactly two entries: its amount off its debit account and onto its credit account',
        expected: '2 entries, debit -2500, credit 2500',
        actual: '2 entries, debit -2500, credit 2600',
      },
    ],
  });
  await change(-100);
});

it('finds a transfer recorded posted twice (a second copy without its movement)', async () => {
  const { rows } = await sql<{ id: bigint }>`
    insert into ledger_transfers (reference, debit_account_id, credit_account_id, amount, currency, status, kind, metadata, posted_at)
    select 'COPY' || reference, debit_account_id, credit_account_id, amount, currency, status, kind, metadata, posted_at
    from ledger_transfers where reference = ${userTransferRef}
    returning id`.execute(t.db);
  expect(failing(await reconcile(t.db))).toEqual({
    transfers_move_once: [expect.objectContaining({ transfer_id: String(rows[0].id), reference: `COPY${userTransferRef}`, status: 'posted', actual: '0 entries, debit 0, credit 0' })],
  });
  await sql`delete from ledger_transfers where id = ${rows[0].id}`.execute(t.db);
});

it('finds a payout whose events hold two final states', async () => {
  const id = await transferId(payouts.completed);
  await t.db.insertInto('payout_events').values({ transfer_id: id, status: 'failed', note: 'a second outcome' }).execute();
  expect(failing(await reconcile(t.db))).toEqual({
    payouts_settle_once: [
      {
        payout_id: String(id),
        reference: payouts.completed,
        outcome: 'completed',
        problem: 'its events hold 2 final states (completed,failed), not one; its last event is failed, not completed',
        expected: 'final events [completed], 0 refunds, transfer posted with 2 entries',
        actual: 'final events [completed,failed], 0 refunds, last event failed, transfer posted with 2 entries, fees [posted]',
      },
    ],
  });
  await behindTheLedger((trx) => trx.deleteFrom('payout_events').where('transfer_id', '=', id).where('note', '=', 'a second outcome').execute());
});

it('finds a payout completed without its ledger movement (its transfer still pending)', async () => {
  const id = await transferId(payouts.pending);
  await t.db.insertInto('payout_events').values({ transfer_id: id, status: 'completed', note: null }).execute();
  await sql`update payouts set outcome = 'completed', settled_at = now() where transfer_id = ${id}`.execute(t.db);
  expect(failing(await reconcile(t.db))).toEqual({
    payouts_settle_once: [
      expect.objectContaining({
        payout_id: String(id),
        reference: payouts.pending,
        outcome: 'completed',
        problem: 'its transfer is pending with 0 entries, not posted with 2',
      }),
    ],
  });
  await sql`update payouts set outcome = null, settled_at = null where transfer_id = ${id}`.execute(t.db);
  await behindTheLedger((trx) => trx.deleteFrom('payout_events').where('transfer_id', '=', id).where('status', '=', 'completed').execute());
});

it('finds a failed payout refunded twice', async () => {
  const id = await transferId(payouts.failed);
  await t.db.insertInto('payout_events').values({ transfer_id: id, status: 'refunded', note: 'again' }).execute();
  expect(failing(await reconcile(t.db))).toEqual({
    payouts_settle_once: [expect.objectContaining({ payout_id: String(id), reference: payouts.failed, outcome: 'failed', problem: 'it was refunded 2 times, not 1' })],
  });
  await behindTheLedger((trx) => trx.deleteFrom('payout_events').where('transfer_id', '=', id).where('note', '=', 'again').execute());
});

it('finds system accounts outside their bounds: deposits clearing credited, payouts clearing debited', async () => {
  const [payoutsClearing, depositsClearing] = await Promise.all([systemAccountId(t.db, 'payouts_clearing', 'CAD'), systemAccountId(t.db, 'deposits_clearing', 'CAD')]);
  const amount = 10n ** 9n;
  // A well-formed transfer (entries, balances) that the code never makes.
  const row = await t.db.transaction().execute((trx) => transfer(trx, { debit: payoutsClearing, credit: depositsClearing, amount, currency: 'CAD', kind: 'deposit' }));
  const balances = await t.db.selectFrom('ledger_accounts').select(['id', 'balance']).where('id', 'in', [payoutsClearing, depositsClearing]).execute();
  const balanceOf = (id: bigint) => String(balances.find((b) => b.id === id)!.balance);
  expect(failing(await reconcile(t.db))).toEqual({
    accounts_within_bounds: [
      { account_id: String(depositsClearing), currency: 'CAD', kind: 'system', code: 'deposits_clearing', problem: 'deposits_clearing is only ever debited', expected: '<= 0', actual: balanceOf(depositsClearing) },
      { account_id: String(payoutsClearing), currency: 'CAD', kind: 'system', code: 'payouts_clearing', problem: 'payouts_clearing is only ever credited', expected: '>= 0', actual: balanceOf(payoutsClearing) },
    ].sort((a, b) => Number(BigInt(a.account_id) - BigInt(b.account_id))),
  });
  await sql`delete from ledger_entries where transfer_id = ${row.id}`.execute(t.db);
  await sql`delete from ledger_transfers where id = ${row.id}`.execute(t.db);
  await sql`update ledger_accounts set balance = balance + ${amount}::bigint where id = ${payoutsClearing}`.execute(t.db);
  await sql`update ledger_accounts set balance = balance - ${amount}::bigint where id = ${depositsClearing}`.execute(t.db);
});

it('runs the daily job only where RECONCILE_JOB says (default on, off under NODE_ENV=test), refusing a bad value', () => {
  expect(loadConfig({}, { dataDir: null }).reconcileJob).toBe(true);
  expect(loadConfig({ NODE_ENV: 'test' }, { dataDir: null }).reconcileJob).toBe(false);
  expect(loadConfig({ NODE_ENV: 'test', RECONCILE_JOB: 'on' }, { dataDir: null }).reconcileJob).toBe(true);
  expect(loadConfig({ RECONCILE_JOB: 'off' }, { dataDir: null }).reconcileJob).toBe(false);
  expect(() => loadConfig({ RECONCILE_JOB: 'daily' }, { dataDir: null })).toThrow('RECONCILE_JOB must be on or off, got "daily"');
});
