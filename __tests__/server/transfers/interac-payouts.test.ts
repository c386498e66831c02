import { sql } from 'kysely';
import { signWebhook } from '../../../src/server/lib/webhook-signature';
import { payoutRailJob, settleDuePayouts } from '../../../src/server/sim/payout-rail';
import { expectRefusal } from '../../support/auth-flow';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { balances, ledgerSums } from '../../support/wallets';
import { anotherProcess, cadWithdrawal, funded, get, history } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const payoutsClearingCad = async () =>
  (await t.db.selectFrom('ledger_accounts').select('balance').where('code', '=', 'payouts_clearing').where('currency', '=', 'CAD').executeTakeFirstOrThrow()).balance;

function payoutWebhook(payload: object, signature?: string) {
  const body = JSON.stringify(payload);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/payouts',
    headers: { 'content-type': 'application/json', 'x-kudi-signature': signature ?? signWebhook(t.config.webhookSecret, body) },
    payload: body,
  });
}

describe('POST /wallet/cad-withdrawal (Interac e-Transfer out)', () => {
  it('reserves the funds at once and answers the string success with a pending receipt', async () => {
    const customer = await funded(t, { CAD: '100.00' });
    const res = await cadWithdrawal(t, customer, { Amount: '25.50' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: 'true',
      message: 'Your transfer is on its way.',
      data: {
        amount: 25.5,
        recipient_name: 'Jane Doe',
        transaction_reference: expect.stringMatching(/^KD[0-9A-F]{16}$/),
        created_at: expect.any(String),
        status: 'pending',
        // spec-next §C: when it is expected to arrive (after the hold and the rail's time, both 0 here).
        arrives_by: expect.any(String),
        // spec-next §A: every outgoing call's answer gains its fee (none by default).
        fee: '0.00',
      },
    });
    expect(body.data.arrives_by).toBe(body.data.created_at);
    expect((await balances(t, customer)).CAD).toBe(74.5);
    expect((await history(t, customer, 'CAD'))[0]).toMatchObject({
      id: body.data.transaction_reference,
      transaction_type: 'WITHDRAWAL',
      amount: 25.5,
      status: 'pending',
      recipient_name: 'Jane Doe',
      description: 'Kudi Interac e-Transfer',
    });
  });

  it('settles asynchronously: the rail posts it, the history says completed and the money has left', async () => {
    const customer = await funded(t, { CAD: '60.00' });
    await settleDuePayouts(t.app); // earlier tests' payouts
    const clearingBefore = await payoutsClearingCad();
    const { transaction_reference: reference } = (await cadWithdrawal(t, customer, { Amount: '60' })).json().data;
    expect(await settleDuePayouts(t.app)).toBeGreaterThanOrEqual(1);
    expect((await history(t, customer, 'CAD'))[0]).toMatchObject({ id: reference, status: 'completed' });
    expect((await balances(t, customer)).CAD).toBe(0);
    expect(await payoutsClearingCad()).toBe(clearingBefore + 6000n);
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it("fails when the recipient e-mail's local part ends in 'fail': voided, the money is back, the history says failed", async () => {
    const customer = await funded(t, { CAD: '40.00' });
    const { transaction_reference: reference } = (await cadWithdrawal(t, customer, { CustomerEmail: 'jane.fail@example.com', Amount: '30' })).json().data;
    expect((await balances(t, customer)).CAD).toBe(10);
    await settleDuePayouts(t.app);
    expect((await history(t, customer, 'CAD'))[0]).toMatchObject({ id: reference, status: 'failed' });
    expect((await balances(t, customer)).CAD).toBe(40);
    const payout = await t.db.selectFrom('payouts').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
    expect(payout).toMatchObject({ outcome: 'failed', failure_reason: "The recipient's bank declined the e-Transfer" });
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it("refuses the sender's own Kudi deposit e-mail (any case), reserving nothing", async () => {
    const customer = await funded(t, { CAD: '50.00' });
    const own = (await get(t, customer, '/wallet/cad-wallet')).json().data.email as string;
    for (const address of [own, own.toUpperCase()]) {
      expectRefusal(await cadWithdrawal(t, customer, { CustomerEmail: address, Amount: '5' }), 400, 'You cannot send money to yourself');
    }
    expect((await balances(t, customer)).CAD).toBe(50);
    expect(await history(t, customer, 'CAD')).toHaveLength(1);
  });

  it("to another customer's Kudi deposit e-mail: the rail delivers it, credited once to their wallet, and the payout completes", async () => {
    const sender = await funded(t, { CAD: '40.00' }, { firstName: 'Alice', lastName: 'Ade' });
    const recipient = await funded(t, { CAD: '90.00' });
    const address = (await get(t, recipient, '/wallet/cad-wallet')).json().data.email as string;
    await settleDuePayouts(t.app); // earlier tests' payouts
    const res = await cadWithdrawal(t, sender, { CustomerEmail: address, CustomerName: 'Carol Chukwu', Amount: '5.00' });
    expect(res.statusCode).toBe(200);
    const { transaction_reference: reference } = res.json().data;
    expect(await balances(t, recipient)).toEqual({ CAD: 90, NGN: 0 }); // nothing before the rail settles

    expect(await settleDuePayouts(t.app)).toBe(1);
    expect((await history(t, sender, 'CAD'))[0]).toMatchObject({ id: reference, status: 'completed', transaction_type: 'WITHDRAWAL' });
    expect((await balances(t, sender)).CAD).toBe(35);
    expect((await balances(t, recipient)).CAD).toBe(95);
    expect((await history(t, recipient, 'CAD'))[0]).toMatchObject({
      transaction_type: 'DEPOSIT',
      amount: 5,
      status: 'completed',
      recieved_from: 'Alice Ade',
      description: 'Interac e-Transfer',
    });

    // Settling again, or the rail repeating its credit, credits nothing more.
    expect(await settleDuePayouts(t.app)).toBe(0);
    const payout = await t.db.selectFrom('payouts').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
    expect(payout).toMatchObject({ outcome: 'completed' });
    const credit = await t.db
      .selectFrom('ledger_transfers')
      .select(['provider', 'external_ref'])
      .where('kind', '=', 'deposit')
      .where('provider', '=', 'interac')
      .where('external_ref', 'like', `${reference}%`)
      .execute();
    expect(credit).toHaveLength(1);
    const replay = JSON.stringify({ reference: credit[0].external_ref, deposit_email: address, amount_minor: '500', sender_name: 'Alice Ade' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/interac',
      headers: { 'content-type': 'application/json', 'x-kudi-signature': signWebhook(t.config.webhookSecret, replay) },
      payload: replay,
    });
    expect(again.statusCode).toBe(200);
    expect((await balances(t, recipient)).CAD).toBe(95);
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it("to a Kudi deposit e-mail whose random tag happens to end in 'fail': credited like any other, not declined by the test rule for outside addresses", async () => {
    const sender = await funded(t, { CAD: '10.00' });
    const recipient = await funded(t, { CAD: '1.00' });
    const address = 'carol.chukwu.abcdfail@pay.kudi.example';
    await t.db.updateTable('cad_wallets').set({ deposit_email: address }).where('user_id', '=', recipient.id).execute();
    await settleDuePayouts(t.app);
    const res = await cadWithdrawal(t, sender, { CustomerEmail: address, Amount: '4.00' });
    expect(res.statusCode).toBe(200);
    expect(await settleDuePayouts(t.app)).toBe(1);
    expect((await history(t, sender, 'CAD'))[0]).toMatchObject({ id: res.json().data.transaction_reference, status: 'completed' });
    expect(await balances(t, recipient)).toEqual({ CAD: 5, NGN: 0 });
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it('to a Kudi deposit e-mail nobody has: the payout fails and the money is back', async () => {
    const sender = await funded(t, { CAD: '20.00' });
    await settleDuePayouts(t.app);
    const { transaction_reference: reference } = (
      await cadWithdrawal(t, sender, { CustomerEmail: 'nobody.aaaaaaaa@pay.kudi.example', Amount: '20' })
    ).json().data;
    await settleDuePayouts(t.app);
    expect((await history(t, sender, 'CAD'))[0]).toMatchObject({ id: reference, status: 'failed' });
    expect((await balances(t, sender)).CAD).toBe(20);
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it('reserved funds cannot be spent twice while the payout is pending', async () => {
    const customer = await funded(t, { CAD: '30.00' });
    expect((await cadWithdrawal(t, customer, { Amount: '25' })).statusCode).toBe(200);
    expectRefusal(await cadWithdrawal(t, customer, { Amount: '25' }), 422, 'Insufficient CAD balance');
  });

  it.each([
    [{ CustomerEmail: 'not-an-email' }, 'Please enter a valid email address'],
    [{ CustomerName: '  ' }, 'Please fill in all fields correctly'],
    [{ SecurityQuestionAnswer: '' }, 'Please fill in all fields correctly'],
  ])('refuses %p: %s', async (overrides, message) => {
    const customer = await funded(t, { CAD: '30.00' });
    expectRefusal(await cadWithdrawal(t, customer, overrides), 400, message);
    expect((await balances(t, customer)).CAD).toBe(30);
  });
});

describe('POST /webhooks/payouts', () => {
  it('accepts only signed JSON, applies an outcome once (replays are no-ops) and refuses a contrary one', async () => {
    const customer = await funded(t, { CAD: '20.00' });
    const { transaction_reference: reference } = (await cadWithdrawal(t, customer, { Amount: '20' })).json().data;
    const event = { reference, status: 'failed', reason: 'Recipient declined' };
    expectRefusal(await payoutWebhook(event, 't=1,v1=' + '0'.repeat(64)), 401, 'Invalid webhook signature');
    expect((await payoutWebhook(event)).json()).toEqual({ success: true, message: 'Payout settled', data: null });
    expect((await payoutWebhook(event)).json()).toEqual({ success: true, message: 'Payout already settled', data: null });
    expectRefusal(await payoutWebhook({ reference, status: 'completed' }), 409, 'This payout has already failed');
    expect((await balances(t, customer)).CAD).toBe(20);
    expectRefusal(await payoutWebhook({ reference: 'KD0000000000000000', status: 'completed' }), 404, 'Unknown payout reference');
    await settleDuePayouts(t.app);
    expect((await history(t, customer, 'CAD'))[0]).toMatchObject({ id: reference, status: 'failed' });
    expect((await balances(t, customer)).CAD).toBe(20);
  });
});

describe('settlement is driven by the database', () => {
  it('payouts pending when a process stopped are settled by the next one', async () => {
    const customer = await funded(t, { CAD: '15.00' });
    const { transaction_reference: reference } = (await cadWithdrawal(t, customer, { Amount: '15' })).json().data;
    const restarted = await anotherProcess(t);
    try {
      await settleDuePayouts(restarted);
    } finally {
      await restarted.close();
    }
    expect((await history(t, customer, 'CAD'))[0]).toMatchObject({ id: reference, status: 'completed' });
  });

  it('a claimed payout whose settlement was interrupted comes due again when its claim lapses', async () => {
    const customer = await funded(t, { CAD: '15.00' });
    const { transaction_reference: reference } = (await cadWithdrawal(t, customer, { Amount: '15' })).json().data;
    // As if a process claimed it (lease 30 s ahead) and died before reporting the outcome.
    await t.db.updateTable('payouts').set({ settle_after: sql<Date>`now() + interval '30 seconds'`, attempts: 1 }).where('reference', '=', reference).execute();
    await settleDuePayouts(t.app);
    expect((await history(t, customer, 'CAD'))[0]).toMatchObject({ status: 'pending' });
    await t.db.updateTable('payouts').set({ settle_after: sql<Date>`now() - interval '1 second'` }).where('reference', '=', reference).execute();
    await settleDuePayouts(t.app);
    expect((await history(t, customer, 'CAD'))[0]).toMatchObject({ status: 'completed' });
    expect(await t.db.selectFrom('payouts').select('attempts').where('reference', '=', reference).executeTakeFirstOrThrow()).toEqual({ attempts: 2 });
  });

  it('the background job settles payouts on its own and stops cleanly', async () => {
    const customer = await funded(t, { CAD: '12.00' });
    const { transaction_reference: reference } = (await cadWithdrawal(t, customer, { Amount: '12' })).json().data;
    const job = payoutRailJob(t.app, 20);
    job.start();
    try {
      for (let i = 0; i < 200 && (await history(t, customer, 'CAD'))[0].status === 'pending'; i += 1) await new Promise((r) => setTimeout(r, 25));
    } finally {
      await job.stop();
    }
    expect((await history(t, customer, 'CAD'))[0]).toMatchObject({ id: reference, status: 'completed' });
  });
});
