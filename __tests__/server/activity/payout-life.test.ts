/**
 * A payout's whole life (spec-next §C) through HTTP: created → sent → completed, created → sent →
 * failed → refunded, and created → cancelled → refunded while it is in its hold (PAYOUT_HOLD_S);
 * a cancel after the hand-over is refused with nothing moved; two cancels, or a cancel and the
 * hand-over, racing refund once (or, for the hand-over winning, not at all).
 */
import { sql, type KyselyPlugin } from 'kysely';
import { buildApp } from '../../../src/server/app';
import { parseFees } from '../../../src/server/config';
import { signWebhook } from '../../../src/server/lib/webhook-signature';
import { settleDuePayouts } from '../../../src/server/sim/payout-rail';
import { sendDueNotifications } from '../../../src/server/modules/notifications/notifications.service';
import { expectRefusal, outbox } from '../../support/auth-flow';
import type { Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { balances, ledgerSums } from '../../support/wallets';
import { cadWithdrawal, FAILING_ACCOUNT, funded, get, history, ngnWithdrawal, post } from '../transfers/helpers';

const CANNOT_CANCEL = 'This transfer can no longer be cancelled.';
const CANCELLED = 'Transfer cancelled. The money is back in your wallet.';

const detail = (t: TestApp, customer: Customer, id: string) => get(t, customer, `/transactions/${id}`);
const cancel = (t: TestApp, customer: Customer, id: string) => post(t, customer, `/transactions/${id}/cancel`, {});
const release = (t: TestApp, customer: Customer) =>
  t.app.inject({ method: 'POST', url: '/api/dev/payouts/release', payload: { email: customer.email } });

/** The timeline of a transaction as the detail shows it: [status, note] oldest first. */
async function timeline(t: TestApp, customer: Customer, id: string): Promise<[string, string | null][]> {
  const res = await detail(t, customer, id);
  expect(res.statusCode).toBe(200);
  const events = res.json().data.events as { status: string; at: string; note: string | null }[];
  const times = events.map((event) => Date.parse(event.at));
  expect(times).toEqual([...times].sort((a, b) => a - b));
  return events.map((event) => [event.status, event.note]);
}

/** Used today of the customer's limits (CAD), as GET /limits answers it. */
async function usedToday(t: TestApp, customer: Customer): Promise<string> {
  return (await get(t, customer, '/limits')).json().data.used_today;
}

/** The ledger of one payout: its transfer and its fee's, their statuses and entries, and the reservation left on the wallet. */
async function payoutLedger(t: TestApp, reference: string) {
  const { rows } = await sql<{ kind: string; status: string; entries: string; reserved: string }>`
    select t.kind, t.status, (select count(*) from ledger_entries e where e.transfer_id = t.id)::text as entries,
           a.pending_debits::text as reserved
    from ledger_transfers p
    join ledger_transfers t on t.id = p.id or (t.linked_id = p.id and t.kind = 'fee')
    join ledger_accounts a on a.id = t.debit_account_id
    where p.reference = ${reference}
    order by t.id`.execute(t.db);
  return rows;
}

describe('a payout in a test world without a hold (PAYOUT_HOLD_S 0, the rail settles at once)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('succeeds: created → sent to the bank → completed, the history and detail say completed', async () => {
    const customer = await funded(t, { NGN: '20000.00' });
    const ref = (await ngnWithdrawal(t, customer, { amount: '5000.00' })).json().data.tx_ref as string;
    expect(await timeline(t, customer, ref)).toEqual([['created', null]]);
    await settleDuePayouts(t.app);
    expect(await timeline(t, customer, ref)).toEqual([
      ['created', null],
      ['sent', 'Sent to the bank'],
      ['completed', null],
    ]);
    const item = (await history(t, customer, 'NGN'))[0];
    expect(item).toMatchObject({ id: ref, reference: ref, status: 'completed', direction: 'debit', refunded: false });
    expect((await detail(t, customer, ref)).json().data).toMatchObject({ status: 'completed', refunded: false, cancellable: false });
    expect((await balances(t, customer)).NGN).toBe(15000);
  });

  it.each([
    ['a NIP payout to an account ending in 0000', 'NGN' as const, 'Sent to the bank', 'The beneficiary bank declined the transfer'],
    ["an Interac e-Transfer to an e-mail ending in 'fail'", 'CAD' as const, 'Sent by Interac e-Transfer', "The recipient's bank declined the e-Transfer"],
  ])('%s fails: created → sent → failed → refunded, the money and the limit are back', async (_what, currency, sent, reason) => {
    const customer = await funded(t, { CAD: '100.00', NGN: '20000.00' });
    const res =
      currency === 'NGN'
        ? await ngnWithdrawal(t, customer, { amount: '3000.00', account_number: FAILING_ACCOUNT.number, account_bank: FAILING_ACCOUNT.bankCode, account_name: FAILING_ACCOUNT.name })
        : await cadWithdrawal(t, customer, { Amount: '30.00', CustomerEmail: 'jane.fail@example.com' });
    expect(res.statusCode).toBe(200);
    const ref = (res.json().data.tx_ref ?? res.json().data.transaction_reference) as string;
    expect(await usedToday(t, customer)).not.toBe('0.00');
    await settleDuePayouts(t.app);
    expect(await timeline(t, customer, ref)).toEqual([
      ['created', null],
      ['sent', sent],
      ['failed', reason],
      ['refunded', 'Refunded to your wallet'],
    ]);
    expect((await history(t, customer, currency))[0]).toMatchObject({ id: ref, status: 'failed', refunded: true, direction: 'debit' });
    expect((await detail(t, customer, ref)).json().data).toMatchObject({ status: 'failed', refunded: true, cancellable: false });
    expect(await balances(t, customer)).toEqual({ CAD: 100, NGN: 20000 });
    expect(await usedToday(t, customer)).toBe('0.00');
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it('a detail read while the payout settles is one moment of it: its status, refunded and timeline agree', async () => {
    // A second API process on the same database, whose detail is held right after it has read the
    // payout's line until the payout settles (or for at most 300 ms: a database of one connection
    // cannot settle while a read holds it).
    let settleNow: (() => Promise<unknown>) | null = null;
    const holdAfterLine: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        const go = settleNow;
        if (go && args.result.rows.some((row) => row && typeof row === 'object' && 'payout_outcome' in row)) {
          settleNow = null;
          await Promise.race([go(), new Promise((resolve) => setTimeout(resolve, 300))]);
        }
        return args.result;
      },
    };
    const reader = await buildApp({ config: t.config, db: t.db.withPlugin(holdAfterLine) });
    await reader.ready();
    try {
      const customer = await funded(t, { NGN: '20000.00' });
      const failing = { account_number: FAILING_ACCOUNT.number, account_bank: FAILING_ACCOUNT.bankCode, account_name: FAILING_ACCOUNT.name };
      for (const overrides of [{}, failing]) {
        const ref = (await ngnWithdrawal(t, customer, { amount: '100.00', ...overrides })).json().data.tx_ref as string;
        let settling: Promise<unknown> = Promise.resolve();
        settleNow = () => (settling = settleDuePayouts(t.app));
        const res = await reader.inject({ method: 'GET', url: `/api/transactions/${ref}`, headers: { authorization: `Bearer ${customer.token}` } });
        await settling;
        const { status, refunded, events } = res.json().data as { status: string; refunded: boolean; events: { status: string }[] };
        // Before the settlement: pending, its timeline at its creation (or hand-over); after it, all of it.
        const ending = { pending: ['created', 'sent'], completed: ['completed'], failed: ['refunded'] }[status];
        expect(ending).toContain(events.at(-1)?.status);
        expect(refunded).toBe(status === 'failed');
        expect((await detail(t, customer, ref)).json().data).toMatchObject({ status: Object.keys(overrides).length ? 'failed' : 'completed' });
      }
    } finally {
      await reader.close();
    }
  });

  it('a settled payout can no longer be cancelled: 409, nothing moves', async () => {
    const customer = await funded(t, { CAD: '50.00' });
    const ref = (await cadWithdrawal(t, customer, { Amount: '20.00' })).json().data.transaction_reference as string;
    await settleDuePayouts(t.app);
    expectRefusal(await cancel(t, customer, ref), 409, CANNOT_CANCEL);
    expect((await balances(t, customer)).CAD).toBe(30);
    expect((await detail(t, customer, ref)).json().data).toMatchObject({ status: 'completed', refunded: false });
  });
});

describe('cancelling a payout in its hold (PAYOUT_HOLD_S 600, with fees)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      payoutHoldS: 600,
      payoutSettleMs: 600_000,
      fees: parseFees(JSON.stringify({ interac: { flat: '1.50' }, ngn_bank: { flat: '50.00', percent: '0.25' } })),
    });
  });
  afterAll(() => t.close());

  it('in time: 200 with the detail, the amount and its fee back to the cent, the limit given back, cancelled and refunded', async () => {
    const customer = await funded(t, { CAD: '100.00' });
    const before = await usedToday(t, customer);
    const res = await cadWithdrawal(t, customer, { Amount: '40.25' });
    const ref = res.json().data.transaction_reference as string;
    expect((await balances(t, customer)).CAD).toBe(58.25);
    expect(await usedToday(t, customer)).toBe('40.25');
    // Nothing is due during the hold: the rail is not given it.
    expect(await settleDuePayouts(t.app)).toBe(0);
    expect((await detail(t, customer, ref)).json().data).toMatchObject({ status: 'pending', cancellable: true, fee: '1.50' });

    const cancelled = await cancel(t, customer, ref);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({
      success: true,
      message: CANCELLED,
      data: expect.objectContaining({
        id: ref,
        reference: ref,
        status: 'cancelled',
        refunded: true,
        cancellable: false,
        direction: 'debit',
        amount: 40.25,
        fee: '1.50',
      }),
    });
    expect(cancelled.json().data.events.map((e: { status: string; note: string | null }) => [e.status, e.note])).toEqual([
      ['created', null],
      ['cancelled', 'Cancelled by you'],
      ['refunded', 'Refunded to your wallet'],
    ]);
    expect((await balances(t, customer)).CAD).toBe(100);
    expect(await usedToday(t, customer)).toBe(before);
    const [fee, payout] = await history(t, customer, 'CAD');
    expect(payout).toMatchObject({ id: ref, status: 'cancelled', refunded: true, transaction_type: 'WITHDRAWAL' });
    expect(fee).toMatchObject({ amount: 1.5, status: 'cancelled', refunded: true, transaction_type: 'WITHDRAWAL' });
    expect(await payoutLedger(t, ref)).toEqual([
      { kind: 'withdrawal', status: 'voided', entries: '0', reserved: '0' },
      { kind: 'fee', status: 'voided', entries: '0', reserved: '0' },
    ]);

    // A cancelled payout is never handed over, and a second cancel is refused.
    expect((await release(t, customer)).json().data).toEqual({ released: 0 });
    expectRefusal(await cancel(t, customer, ref), 409, CANNOT_CANCEL);
    expect((await balances(t, customer)).CAD).toBe(100);
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it('a cancel is told by e-mail once, after it committed, even when two cancels raced', async () => {
    const customer = await funded(t, { CAD: '60.00' });
    await sendDueNotifications(t.app);
    const ref = (await cadWithdrawal(t, customer, { Amount: '20.00' })).json().data.transaction_reference as string;
    const answers = await Promise.all([cancel(t, customer, ref), cancel(t, customer, ref)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    await sendDueNotifications(t.app);
    await sendDueNotifications(t.app);
    const mails = (await outbox(t, customer.email)).filter((mail) => mail.subject === 'Kudi: Your transfer of $20.00 CAD was cancelled');
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain('Your Interac e-Transfer of $20.00 CAD to Jane Doe (jane.doe@example.com) was cancelled before it was sent.');
    expect(mails[0].body).toContain('$21.50 CAD is back in your CAD wallet.');
    expect(mails[0].body).toContain(`Reference: ${ref}`);
  });

  it('a rail reporting on a cancelled payout is refused, and nothing moves', async () => {
    const customer = await funded(t, { CAD: '30.00' });
    const ref = (await cadWithdrawal(t, customer, { Amount: '10.00' })).json().data.transaction_reference as string;
    expect((await cancel(t, customer, ref)).statusCode).toBe(200);
    const body = JSON.stringify({ reference: ref, status: 'completed' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/payouts',
      headers: { 'content-type': 'application/json', 'x-kudi-signature': signWebhook(t.config.webhookSecret, body) },
      payload: body,
    });
    expectRefusal(res, 409, 'This payout was cancelled');
    expect((await balances(t, customer)).CAD).toBe(30);
  });

  it('too late, once handed to the rail: 409 and nothing moves (still reserved, limit still counted)', async () => {
    const customer = await funded(t, { NGN: '20000.00' });
    const ref = (await ngnWithdrawal(t, customer, { amount: '5000.00' })).json().data.tx_ref as string;
    // 50.00 + 0.25% of 5,000.00 = 62.50
    expect((await balances(t, customer)).NGN).toBe(14937.5);
    const used = await usedToday(t, customer);
    expect((await release(t, customer)).json().data).toEqual({ released: 1 });
    expect((await detail(t, customer, ref)).json().data).toMatchObject({ status: 'pending', cancellable: false });

    expectRefusal(await cancel(t, customer, ref), 409, CANNOT_CANCEL);
    expect((await balances(t, customer)).NGN).toBe(14937.5);
    expect(await usedToday(t, customer)).toBe(used);
    expect(await timeline(t, customer, ref)).toEqual([
      ['created', null],
      ['sent', 'Sent to the bank'],
    ]);
    expect(await payoutLedger(t, ref)).toEqual([
      { kind: 'withdrawal', status: 'pending', entries: '0', reserved: '506250' },
      { kind: 'fee', status: 'pending', entries: '0', reserved: '506250' },
    ]);
  });

  it('anything but a payout is not cancellable: 409; an unknown id or another customer’s is a 404', async () => {
    const customer = await funded(t, { CAD: '30.00' });
    const deposit = (await history(t, customer, 'CAD'))[0].id as string;
    expectRefusal(await cancel(t, customer, deposit), 409, CANNOT_CANCEL);
    expectRefusal(await cancel(t, customer, 'KD0000000000000000'), 404, 'Transaction not found');
    const ref = (await cadWithdrawal(t, customer, { Amount: '10.00' })).json().data.transaction_reference as string;
    const stranger = await funded(t, { CAD: '1.00' });
    expectRefusal(await cancel(t, stranger, ref), 404, 'Transaction not found');
    expect((await detail(t, customer, ref)).json().data).toMatchObject({ status: 'pending', cancellable: true });
    expect((await t.app.inject({ method: 'POST', url: `/api/transactions/${ref}/cancel` })).statusCode).toBe(401);
  });

  it('two cancels at once: one 200 and one 409, refunded exactly once', async () => {
    const customer = await funded(t, { CAD: '100.00' });
    const ref = (await cadWithdrawal(t, customer, { Amount: '33.33' })).json().data.transaction_reference as string;
    const entriesBefore = await entriesOf(t, customer);
    const answers = await Promise.all([cancel(t, customer, ref), cancel(t, customer, ref)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expectRefusal(answers.find((res) => res.statusCode === 409)!, 409, CANNOT_CANCEL);
    expect((await balances(t, customer)).CAD).toBe(100);
    expect(await entriesOf(t, customer)).toBe(entriesBefore);
    expect(await payoutLedger(t, ref)).toEqual([
      { kind: 'withdrawal', status: 'voided', entries: '0', reserved: '0' },
      { kind: 'fee', status: 'voided', entries: '0', reserved: '0' },
    ]);
    expect(await timeline(t, customer, ref)).toEqual([
      ['created', null],
      ['cancelled', 'Cancelled by you'],
      ['refunded', 'Refunded to your wallet'],
    ]);
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it('a cancel racing the hand-over: refunded exactly once (cancel first) or not at all (hand-over first)', async () => {
    for (let round = 0; round < 4; round += 1) {
      const customer = await funded(t, { CAD: '50.00' });
      const ref = (await cadWithdrawal(t, customer, { Amount: '20.00' })).json().data.transaction_reference as string;
      const [cancelled, released] = await Promise.all([cancel(t, customer, ref), release(t, customer)]);
      const payout = await t.db.selectFrom('payouts').select(['outcome', 'handed_at']).where('reference', '=', ref).executeTakeFirstOrThrow();
      if (cancelled.statusCode === 200) {
        expect(released.json().data).toEqual({ released: 0 });
        expect(payout).toEqual({ outcome: 'cancelled', handed_at: null });
        expect((await balances(t, customer)).CAD).toBe(50);
        expect(await timeline(t, customer, ref)).toEqual([
          ['created', null],
          ['cancelled', 'Cancelled by you'],
          ['refunded', 'Refunded to your wallet'],
        ]);
      } else {
        expectRefusal(cancelled, 409, CANNOT_CANCEL);
        expect(released.json().data).toEqual({ released: 1 });
        expect(payout).toEqual({ outcome: null, handed_at: expect.any(Date) });
        expect((await balances(t, customer)).CAD).toBe(28.5);
        expect(await timeline(t, customer, ref)).toEqual([
          ['created', null],
          ['sent', 'Sent by Interac e-Transfer'],
        ]);
      }
    }
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it('the timeline is append-only: the database refuses to change or delete an event', async () => {
    const customer = await funded(t, { CAD: '10.00' });
    const ref = (await cadWithdrawal(t, customer, { Amount: '1.00' })).json().data.transaction_reference as string;
    const { transfer_id: id } = await t.db.selectFrom('payouts').select('transfer_id').where('reference', '=', ref).executeTakeFirstOrThrow();
    await expect(t.db.updateTable('payout_events').set({ note: 'changed' }).where('transfer_id', '=', id).execute()).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('payout_events').where('transfer_id', '=', id).execute()).rejects.toThrow(/append-only/);
    expect(await timeline(t, customer, ref)).toEqual([['created', null]]);
  });
});

/** How many ledger entries the customer's CAD wallet has. */
async function entriesOf(t: TestApp, customer: Customer): Promise<string> {
  const { rows } = await sql<{ n: string }>`
    select count(*)::text as n from ledger_entries e join ledger_accounts a on a.id = e.account_id
    where a.user_id = ${customer.id} and a.currency = 'CAD'`.execute(t.db);
  return rows[0].n;
}
