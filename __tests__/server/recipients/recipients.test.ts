/**
 * Saved recipients (spec-next §E) through HTTP: each completed send saves its recipient (a user
 * transfer at once, by either of its paths; a payout when the rail completes it, never when it
 * fails or is cancelled), a repeat send updates it, GET /recipients lists them newest first with
 * account numbers masked, DELETE /recipients/{id} removes one, another customer's are invisible
 * (404). A saved NGN bank account is sent to and checked again by its id, its full number never in
 * an answer.
 */
import { sql } from 'kysely';
import { saveUserTransferRecipient } from '../../../src/server/modules/recipients/recipients.repository';
import { settleDuePayouts } from '../../../src/server/sim/payout-rail';
import { sendDueNotifications } from '../../../src/server/modules/notifications/notifications.service';
import { expectRefusal, outbox } from '../../support/auth-flow';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { activateNairaWallet, balances } from '../../support/wallets';
import { answers } from '../../../src/shared/messages';
import {
  ACCESS_ACCOUNT, cadWithdrawal, FAILING_ACCOUNT, funded, get, history, ngnWithdrawal, post, userTransfer,
} from '../transfers/helpers';

const NOT_FOUND = 'Recipient not found';
const MISMATCH = "This account number or bank is not the saved recipient's.";
const MASKED_ACCESS = '******5790';

interface RecipientOut {
  id: string;
  kind: string;
  name: string;
  email?: string;
  bank_name?: string;
  bank_code?: string;
  account_number_masked: string | null;
  last_used_at: string;
}

const recipientsOf = async (t: TestApp, customer: Customer) => {
  const res = await get(t, customer, '/recipients');
  expect(res.statusCode).toBe(200);
  expect(res.json().success).toBe(true);
  return res;
};
const list = async (t: TestApp, customer: Customer): Promise<RecipientOut[]> => (await recipientsOf(t, customer)).json().data;
const remove = (t: TestApp, customer: Customer, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/recipients/${encodeURIComponent(id)}`, headers: customer.headers });
const inquiry = (t: TestApp, customer: Customer, account: string, nibss: string, recipientId?: string) =>
  get(t, customer, `/wallet/get_name_inquiry/${encodeURIComponent(account)}/${nibss}/1234567890${recipientId ? `?recipient_id=${recipientId}` : ''}`);

describe('saved recipients in a world where payouts settle at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['in one statement (no Idempotency-Key)', undefined],
    ['on the checked path (with an Idempotency-Key)', 'recipients-key-1'],
  ])('a user transfer saves its recipient at once, %s', async (_path, key) => {
    const sender = await funded(t, { CAD: '100.00' });
    const recipient = await createCustomer(t, { firstName: 'Ngozi', lastName: 'Eze' });
    expect(await list(t, sender)).toEqual([]);
    const res = await userTransfer(t, sender, 'CAD', { amount: '10.00', recipient_email: recipient.email.toUpperCase() }, key && `${key}-${sender.id}`);
    expect(res.statusCode).toBe(200);
    const saved = await list(t, sender);
    expect(saved).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        kind: 'kudi_user',
        name: 'Ngozi Eze',
        // The recipient's own e-mail, as they signed up with it (not as the sender typed it).
        email: recipient.email,
        account_number_masked: null,
        last_used_at: expect.any(String),
      },
    ]);
    // Last used at the send's time.
    expect(saved[0].last_used_at).toBe((await history(t, sender, 'CAD'))[0].transaction_date);
    // The recipient saved nothing: they received.
    expect(await list(t, recipient)).toEqual([]);
  });

  it('a refused send saves nothing', async () => {
    const sender = await funded(t, { CAD: '5.00' });
    const recipient = await createCustomer(t);
    expect((await userTransfer(t, sender, 'CAD', { amount: '10.00', recipient_email: recipient.email })).json()).toMatchObject({ success: false });
    expect((await userTransfer(t, sender, 'CAD', { amount: '1.00', recipient_email: recipient.email, transaction_pin: '9999' })).json()).toMatchObject({ success: false });
    expect(await list(t, sender)).toEqual([]);
  });

  it('a repeat send updates the recipient (one row, last used later) and the list is newest first', async () => {
    const sender = await funded(t, { CAD: '100.00', NGN: '50000.00' });
    const [a, b] = [await createCustomer(t, { firstName: 'Amaka', lastName: 'One' }), await createCustomer(t, { firstName: 'Bayo', lastName: 'Two' })];
    // A receives naira too.
    await activateNairaWallet(t, a);
    expect((await userTransfer(t, sender, 'CAD', { amount: '1.00', recipient_email: a.email })).statusCode).toBe(200);
    expect((await userTransfer(t, sender, 'CAD', { amount: '1.00', recipient_email: b.email })).statusCode).toBe(200);
    const first = await list(t, sender);
    expect(first.map((r) => r.name)).toEqual(['Bayo Two', 'Amaka One']);
    const aBefore = first[1];

    // Again to A, in the other currency: the same recipient, now the newest.
    expect((await userTransfer(t, sender, 'NGN', { amount: '100.00', recipient_email: a.email })).statusCode).toBe(200);
    const after = await list(t, sender);
    expect(after.map((r) => r.name)).toEqual(['Amaka One', 'Bayo Two']);
    expect(after[0].id).toBe(aBefore.id);
    expect(Date.parse(after[0].last_used_at)).toBeGreaterThan(Date.parse(aBefore.last_used_at));
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from recipients where user_id = ${sender.id}::uuid`.execute(t.db);
    expect(rows[0].n).toBe(2);
  });

  it("a repeat send updates the recipient's row in place (a heap-only update: no new index entries, no dead version left for later sends to walk)", async () => {
    const sender = await funded(t, { CAD: '100.00' });
    const payee = await createCustomer(t);
    expect((await userTransfer(t, sender, 'CAD', { amount: '1.00', recipient_email: payee.email })).statusCode).toBe(200);
    expect((await userTransfer(t, sender, 'CAD', { amount: '2.00', recipient_email: payee.email })).statusCode).toBe(200);
    const [latest] = await history(t, sender, 'CAD');
    const { rows: [transfer] } = await sql<{ id: string }>`select id::text from ledger_transfers where reference = ${latest.id as string}`.execute(t.db);
    // The save of that send again (as a later send to them does), and the updates of the table this
    // connection has not yet reported (this transaction's, and maybe the sends' before it): all in place.
    const counts = await t.db.transaction().execute(async (trx) => {
      await saveUserTransferRecipient(trx, BigInt(transfer.id));
      const { rows } = await sql<{ updated: number; inPlace: number }>`
        select n_tup_upd::int as updated, n_tup_hot_upd::int as "inPlace" from pg_stat_xact_user_tables
         where relname = 'recipients' and schemaname = current_schema()`.execute(trx);
      return rows[0];
    });
    expect(counts.updated).toBeGreaterThanOrEqual(1);
    expect(counts.inPlace).toBe(counts.updated);
  });

  it('an Interac e-Transfer saves its recipient when the rail completes it, not before; the e-mail in full', async () => {
    const sender = await funded(t, { CAD: '100.00' });
    const sent = await cadWithdrawal(t, sender, { CustomerEmail: 'Jane.Doe@example.com', CustomerName: 'Jane Doe' });
    expect(sent.json().data.status).toBe('pending');
    expect(await list(t, sender)).toEqual([]);
    await settleDuePayouts(t.app);
    expect((await history(t, sender, 'CAD'))[0]).toMatchObject({ status: 'completed' });
    expect(await list(t, sender)).toEqual([
      { id: expect.any(String), kind: 'interac', name: 'Jane Doe', email: 'Jane.Doe@example.com', account_number_masked: null, last_used_at: expect.any(String) },
    ]);

    // The same e-mail in another case and a new name: the same recipient, updated.
    await cadWithdrawal(t, sender, { CustomerEmail: 'jane.doe@example.com', CustomerName: 'Jane D. Doe' });
    await settleDuePayouts(t.app);
    const [saved, ...others] = await list(t, sender);
    expect(others).toEqual([]);
    expect(saved).toMatchObject({ kind: 'interac', name: 'Jane D. Doe', email: 'jane.doe@example.com' });
  });

  it('an NGN bank payout saves the verified holder, bank and masked number when completed; the full number is in no answer', async () => {
    const sender = await funded(t, { NGN: '20000.00' });
    await ngnWithdrawal(t, sender, { amount: '1000.00', account_bank: ACCESS_ACCOUNT.nibss, account_name: 'chinedu  okafor' });
    expect(await list(t, sender)).toEqual([]);
    await settleDuePayouts(t.app);
    const res = await recipientsOf(t, sender);
    expect(res.json().data).toEqual([
      {
        id: expect.any(String),
        kind: 'ngn_bank',
        name: ACCESS_ACCOUNT.name,
        bank_name: 'Access Bank',
        bank_code: ACCESS_ACCOUNT.bankCode,
        account_number_masked: MASKED_ACCESS,
        last_used_at: expect.any(String),
      },
    ]);
    expect(res.body).not.toContain(ACCESS_ACCOUNT.number);
    expect(res.body).not.toContain(ACCESS_ACCOUNT.number.slice(0, 6));
  });

  it.each([
    ['an NGN bank payout the bank declines', (t: TestApp, c: Customer) => ngnWithdrawal(t, c, { amount: '1000.00', account_number: FAILING_ACCOUNT.number, account_bank: FAILING_ACCOUNT.bankCode, account_name: FAILING_ACCOUNT.name })],
    ['an Interac e-Transfer the bank declines', (t: TestApp, c: Customer) => cadWithdrawal(t, c, { CustomerEmail: 'jane.fail@example.com' })],
  ])('%s saves nothing', async (_what, send) => {
    const sender = await funded(t, { CAD: '100.00', NGN: '20000.00' });
    expect((await send(t, sender)).statusCode).toBe(200);
    await settleDuePayouts(t.app);
    expect((await history(t, sender, 'CAD')).concat(await history(t, sender, 'NGN')).filter((i) => i.transaction_type === 'WITHDRAWAL'))
      .toEqual([expect.objectContaining({ status: 'failed', refunded: true })]);
    expect(await list(t, sender)).toEqual([]);
  });

  it("another customer's recipients are invisible: not listed, not deletable, not usable (404)", async () => {
    const owner = await funded(t, { NGN: '20000.00' });
    await ngnWithdrawal(t, owner, { amount: '500.00' });
    await settleDuePayouts(t.app);
    const [saved] = await list(t, owner);
    const stranger = await funded(t, { NGN: '20000.00' });
    expect(await list(t, stranger)).toEqual([]);
    expectRefusal(await remove(t, stranger, saved.id), 404, NOT_FOUND);
    expectRefusal(await inquiry(t, stranger, MASKED_ACCESS, ACCESS_ACCOUNT.nibss, saved.id), 404, NOT_FOUND);
    expectRefusal(await ngnWithdrawal(t, stranger, { account_number: MASKED_ACCESS, recipient_id: saved.id }), 404, NOT_FOUND);
    expect((await balances(t, stranger)).NGN).toBe(20000);
    expect(await list(t, owner)).toEqual([saved]);
  });

  it('DELETE /recipients/{id} removes it (then 404); a later send saves it anew', async () => {
    const sender = await funded(t, { CAD: '100.00' });
    const recipient = await createCustomer(t);
    await userTransfer(t, sender, 'CAD', { amount: '1.00', recipient_email: recipient.email });
    const [saved] = await list(t, sender);
    const res = await remove(t, sender, saved.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Recipient removed', data: { id: saved.id } });
    expect(await list(t, sender)).toEqual([]);
    expectRefusal(await remove(t, sender, saved.id), 404, NOT_FOUND);
    expectRefusal(await remove(t, sender, 'not-a-uuid'), 404, NOT_FOUND);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/recipients/${saved.id}` })).statusCode).toBe(401);

    await userTransfer(t, sender, 'CAD', { amount: '1.00', recipient_email: recipient.email });
    const [again] = await list(t, sender);
    expect(again).toMatchObject({ kind: 'kudi_user', email: recipient.email });
    expect(again.id).not.toBe(saved.id);
  });

  it('GET /recipients needs a signed-in customer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/recipients' })).statusCode).toBe(401);
  });

  describe('a saved NGN bank account, used by its id', () => {
    let sender: Customer;
    let saved: RecipientOut;
    beforeAll(async () => {
      sender = await funded(t, { NGN: '50000.00' });
      await ngnWithdrawal(t, sender, { amount: '1000.00' });
      await settleDuePayouts(t.app);
      [saved] = await list(t, sender);
    });

    it('runs the name check again: the holder, the number masked', async () => {
      const res = await inquiry(t, sender, MASKED_ACCESS, ACCESS_ACCOUNT.nibss, saved.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, code: '00', customer: { account: { name: ACCESS_ACCOUNT.name, number: MASKED_ACCESS } }, message: answers.accountFound, data: { account: { name: ACCESS_ACCOUNT.name, number: MASKED_ACCESS } } });
      // The full number, which the client no longer needs, names it too.
      expect((await inquiry(t, sender, ACCESS_ACCOUNT.number, ACCESS_ACCOUNT.nibss, saved.id)).json()).toMatchObject({ code: '00' });
    });

    it.each([
      ['another masked number', '******5791', ACCESS_ACCOUNT.nibss],
      ['another bank', MASKED_ACCESS, FAILING_ACCOUNT.nibss],
    ])('refuses a name check naming %s (400)', async (_what, account, nibss) => {
      expectRefusal(await inquiry(t, sender, account, nibss, saved.id), 400, MISMATCH);
    });

    it('sends to it: the payout goes to the saved account, every answer shows the number masked, the recipient is updated', async () => {
      const res = await ngnWithdrawal(t, sender, { amount: '2500.00', account_number: MASKED_ACCESS, recipient_id: saved.id }, `by-id-${sender.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ account_number: MASKED_ACCESS, account_name: ACCESS_ACCOUNT.name, bank_name: 'Access Bank', status: 'pending' });
      const ref = res.json().data.tx_ref as string;
      // The rail is given the full number (the seeded account completes).
      const { rows } = await sql<{ destination: string; bank_code: string }>`select destination, bank_code from payouts where reference = ${ref}`.execute(t.db);
      expect(rows).toEqual([{ destination: ACCESS_ACCOUNT.number, bank_code: ACCESS_ACCOUNT.bankCode }]);
      await settleDuePayouts(t.app);

      // This send's history line (the first send's line keeps the number it was sent with, spec §7).
      const line = (await history(t, sender, 'NGN')).find((item) => item.id === ref);
      const answers = [res.body, JSON.stringify(line), (await get(t, sender, `/transactions/${ref}`)).body, (await recipientsOf(t, sender)).body];
      for (const body of answers) expect(body).not.toContain(ACCESS_ACCOUNT.number);
      expect(line).toMatchObject({ account_number: MASKED_ACCESS, status: 'completed' });
      expect((await get(t, sender, `/transactions/${ref}`)).json().data).toMatchObject({
        status: 'completed',
        account_number: MASKED_ACCESS,
        counterparty: { name: ACCESS_ACCOUNT.name, bank_name: 'Access Bank', account_number_masked: MASKED_ACCESS },
      });
      await sendDueNotifications(t.app);
      for (const mail of await outbox(t, sender.email)) expect(JSON.stringify(mail)).not.toContain(ACCESS_ACCOUNT.number);

      const after = await list(t, sender);
      expect(after).toEqual([{ ...saved, last_used_at: expect.any(String) }]);
      expect(Date.parse(after[0].last_used_at)).toBeGreaterThan(Date.parse(saved.last_used_at));
      expect((await balances(t, sender)).NGN).toBe(50000 - 1000 - 2500);
    });

    it('checks the name as any send does: a name that is not the holder is refused and nothing moves', async () => {
      const before = (await balances(t, sender)).NGN;
      expectRefusal(
        await ngnWithdrawal(t, sender, { account_number: MASKED_ACCESS, recipient_id: saved.id, account_name: 'Someone Else' }),
        400,
        'The account name does not match this account. Please verify the account again.',
      );
      expectRefusal(await ngnWithdrawal(t, sender, { account_number: '******0000', recipient_id: saved.id }), 400, MISMATCH);
      expectRefusal(await ngnWithdrawal(t, sender, { account_number: MASKED_ACCESS, account_bank: '058', recipient_id: saved.id }), 400, MISMATCH);
      expectRefusal(await ngnWithdrawal(t, sender, { account_number: MASKED_ACCESS, recipient_id: 'not-a-uuid' }), 404, NOT_FOUND);
      expect((await balances(t, sender)).NGN).toBe(before);
    });

    it('an Interac or Kudi user recipient is no bank account (404)', async () => {
      const other = await funded(t, { CAD: '50.00', NGN: '1000.00' });
      await cadWithdrawal(t, other);
      await settleDuePayouts(t.app);
      const [interac] = await list(t, other);
      expect(interac.kind).toBe('interac');
      expectRefusal(await ngnWithdrawal(t, other, { amount: '100.00', account_number: MASKED_ACCESS, recipient_id: interac.id }), 404, NOT_FOUND);
    });

    it('a send by id without the number the spec call needs is still checked like any other (400)', async () => {
      expect((await post(t, sender, '/wallet/ngn-withdrawal', { recipient_id: saved.id })).statusCode).toBe(400);
    });
  });
});

describe('a payout cancelled in its hold (PAYOUT_HOLD_S 600)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ payoutHoldS: 600 });
  });
  afterAll(() => t.close());

  it('saves nothing, even when the rail is asked to release it afterwards', async () => {
    const sender = await funded(t, { CAD: '100.00', NGN: '20000.00' });
    const refs = [
      (await cadWithdrawal(t, sender)).json().data.transaction_reference as string,
      (await ngnWithdrawal(t, sender, { amount: '1000.00' })).json().data.tx_ref as string,
    ];
    for (const ref of refs) expect((await post(t, sender, `/transactions/${ref}/cancel`, {})).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/dev/payouts/release', payload: { email: sender.email } });
    await settleDuePayouts(t.app);
    expect(await list(t, sender)).toEqual([]);
  });
});
