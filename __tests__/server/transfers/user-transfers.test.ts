import { server } from '../../../src/shared/messages';
import { createCustomer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { activateNairaWallet, balances, ledgerSums } from '../../support/wallets';
import { expectRefusal } from '../../support/auth-flow';
import { anotherProcess, funded, history, post, userTransfer } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const checkEmail = (sender: Awaited<ReturnType<typeof createCustomer>>, email: string, currency = 'CAD') =>
  post(t, sender, `/auth/check-email/${encodeURIComponent(email)}?currency_type=${currency}`, {});

describe('POST /auth/check-email/{email}', () => {
  it("answers success with the recipient's name for a verified customer, whatever the e-mail's case", async () => {
    const sender = await createCustomer(t);
    const recipient = await createCustomer(t, { firstName: 'Ngozi', lastName: 'Eze' });
    const res = await checkEmail(sender, recipient.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'User found', data: { name: 'Ngozi Eze' } });
  });

  it("says the recipient cannot receive naira yet for NGN while their naira wallet is not activated; CAD finds them, and NGN does once activated", async () => {
    const [sender, recipient] = [await createCustomer(t), await createCustomer(t, { firstName: 'Ngozi', lastName: 'Eze' })];
    const ngn = await checkEmail(sender, recipient.email, 'NGN');
    expect(ngn.statusCode).toBe(200);
    expect(ngn.json()).toEqual({ success: false, message: "The recipient's Naira wallet is not activated yet, so they cannot receive naira payments", data: null });
    expect((await checkEmail(sender, recipient.email, 'CAD')).json()).toEqual({ success: true, message: 'User found', data: { name: 'Ngozi Eze' } });
    await activateNairaWallet(t, recipient);
    expect((await checkEmail(sender, recipient.email, 'NGN')).json()).toEqual({ success: true, message: 'User found', data: { name: 'Ngozi Eze' } });
  });

  it.each([
    ['an unknown e-mail', async () => 'nobody@example.com', 'User does not exist'],
    ['a customer whose e-mail is not verified', async () => (await createCustomer(t, { emailVerified: false })).email, 'User does not exist'],
  ])('answers success false for %s', async (_case, email, message) => {
    const sender = await createCustomer(t);
    const res = await checkEmail(sender, await email());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, message, data: null });
  });

  it.each([
    ['a verified e-mail', { emailVerified: false }, server.verificationRequired],
    ['a verified phone', { phoneVerified: false }, server.verificationRequired],
    ['a verified identity', { identityVerified: false }, server.verificationRequired],
    ['a transaction PIN', { pin: '' }, server.pinNotSet],
  ])("refuses a caller without %s as sending does (403), and names nobody", async (_what, options, message) => {
    const caller = await createCustomer(t, options);
    const recipient = await createCustomer(t, { firstName: 'Ngozi', lastName: 'Eze' });
    const res = await checkEmail(caller, recipient.email);
    expectRefusal(res, 403, message);
    expect(res.body).not.toContain('Ngozi');
  });

  it('limits look-ups per signed-in customer (30 per 15 minutes, kept in the database): then 429 with a clear message', async () => {
    const [sender, other] = [await createCustomer(t), await createCustomer(t)];
    const recipient = await createCustomer(t);
    for (let i = 0; i < 30; i += 1) {
      // Unknown and known recipients alike count.
      const res = await checkEmail(sender, i % 2 ? recipient.email : `nobody-${i}@example.com`);
      expect(res.statusCode).toBe(200);
    }
    const refused = await checkEmail(sender, recipient.email);
    expectRefusal(refused, 429, 'Too many recipient checks. Try again in 15 minutes.');
    // Another API process on the same database refuses too (rows, not process memory).
    const second = await anotherProcess(t);
    try {
      const res = await second.inject({ method: 'POST', url: `/api/auth/check-email/${encodeURIComponent(recipient.email)}?currency_type=CAD`, headers: sender.headers, payload: {} });
      expect(res.statusCode).toBe(429);
    } finally {
      await second.close();
    }
    // Other customers are not affected.
    expect((await checkEmail(other, recipient.email)).json()).toMatchObject({ success: true });
  });

  it('does not count an address typed halfway (400): the check of the whole address still answers after forty of them', async () => {
    const sender = await createCustomer(t);
    const recipient = await createCustomer(t);
    const typed = recipient.email;
    for (let i = 0; i < 40; i += 1) {
      // What the app sends while the customer pauses after the '@': 'ada@', 'ada@exam', …
      const half = typed.slice(0, typed.indexOf('@') + 1 + (i % (typed.length - typed.indexOf('@') - 4)));
      expectRefusal(await checkEmail(sender, half), 400, 'Please enter a valid recipient email');
    }
    expect((await checkEmail(sender, typed)).json()).toMatchObject({ success: true });
  });

  it('never succeeds for the sender themself', async () => {
    const sender = await createCustomer(t);
    expect((await checkEmail(sender, sender.email)).json()).toEqual({ success: false, message: 'You cannot send money to yourself', data: null });
  });

  it('refuses a malformed e-mail (400), an unknown currency (400) and a signed-out caller (401)', async () => {
    const sender = await createCustomer(t);
    expectRefusal(await checkEmail(sender, 'not-an-email'), 400, 'Please enter a valid recipient email');
    expect((await checkEmail(sender, 'a@b.co', 'USD')).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/check-email/a%40b.co?currency_type=CAD' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /wallet/cad-wallet-transfer', () => {
  it("moves CAD once, answers the string success with the CAD receipt, and both histories name the other party", async () => {
    const sender = await funded(t, { CAD: '100.00' }, { firstName: 'Ada', lastName: 'Obi' });
    const recipient = await createCustomer(t, { firstName: 'Emeka', lastName: 'Nwosu' });
    const res = await userTransfer(t, sender, 'CAD', { amount: '40.25', recipient_email: recipient.email });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: 'true',
      message: 'Transaction completed successfully!',
      // spec-next §A: every outgoing call's answer gains its fee (none by default); spec §7's fields are unchanged.
      data: { amount: 40.25, recipient_name: 'Emeka Nwosu', transaction_reference: expect.stringMatching(/^KD[0-9A-F]{16}$/), created_at: expect.any(String), fee: '0.00' },
    });
    expect(Object.keys(body.data).sort()).toEqual(['amount', 'created_at', 'fee', 'recipient_name', 'transaction_reference']);
    expect(await balances(t, sender)).toEqual({ CAD: 59.75, NGN: 0 });
    expect(await balances(t, recipient)).toEqual({ CAD: 40.25, NGN: 0 });

    const [sent] = await history(t, sender, 'CAD');
    expect(sent).toMatchObject({
      id: body.data.transaction_reference,
      transaction_type: 'WALLET TRANSACTION',
      amount: 40.25,
      status: 'completed',
      sent_to: 'Emeka Nwosu',
      recipient_name: null,
      recieved_from: null,
    });
    const [received] = await history(t, recipient, 'CAD');
    expect(received).toMatchObject({ id: body.data.transaction_reference, transaction_type: 'WALLET TRANSACTION', recieved_from: 'Ada Obi', sent_to: null });
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it('refuses yourself, a non-customer and an amount over the balance, moving nothing', async () => {
    const sender = await funded(t, { CAD: '10.00' });
    const recipient = await createCustomer(t);
    expectRefusal(await userTransfer(t, sender, 'CAD', { amount: 1, recipient_email: sender.email }), 400, 'You cannot send money to yourself');
    expectRefusal(await userTransfer(t, sender, 'CAD', { amount: 1, recipient_email: 'stranger@example.com' }), 404, 'User does not exist');
    expectRefusal(
      await userTransfer(t, sender, 'CAD', { amount: '10.01', recipient_email: recipient.email }),
      422,
      'Insufficient CAD balance',
    );
    expectRefusal(await userTransfer(t, sender, 'CAD', { amount: 1, recipient_email: 'x' }), 400, 'Please enter a valid recipient email');
    expect(await balances(t, sender)).toEqual({ CAD: 10, NGN: 0 });
    expect(await balances(t, recipient)).toEqual({ CAD: 0, NGN: 0 });
  });
});

describe('POST /wallet/ngn-wallet-transfer', () => {
  it('answers the boolean success with the NGN receipt', async () => {
    const sender = await funded(t, { NGN: '20000.00' }, { firstName: 'Ada', lastName: 'Obi' });
    const recipient = await funded(t, { activate: true }, { firstName: 'Halima', lastName: 'Abubakar' });
    const res = await userTransfer(t, sender, 'NGN', { amount: 7500.5, recipient_email: recipient.email });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: 'Transaction completed successfully!',
      data: { amount: 7500.5, sent_to: 'Halima Abubakar', tx_ref: expect.stringMatching(/^KD[0-9A-F]{16}$/), created_at: expect.any(String), fee: '0.00' },
    });
    expect(await balances(t, sender)).toEqual({ CAD: 0, NGN: 12499.5 });
    expect(await balances(t, recipient)).toEqual({ CAD: 0, NGN: 7500.5 });
    expect((await history(t, recipient, 'NGN'))[0]).toMatchObject({ id: body.data.tx_ref, transaction_type: 'WALLET TRANSACTION', recieved_from: 'Ada Obi' });
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it("refuses a recipient whose naira wallet was never activated (they cannot receive payments yet) and moves nothing", async () => {
    const sender = await funded(t, { NGN: '100.00' });
    const recipient = await createCustomer(t);
    expectRefusal(await userTransfer(t, sender, 'NGN', { amount: 10, recipient_email: recipient.email }), 422, server.recipientWalletNotActivated);
    expect(await balances(t, sender)).toEqual({ CAD: 0, NGN: 100 });
    expect(await balances(t, recipient)).toEqual({ CAD: 0, NGN: 0 });
    expect(await history(t, sender, 'NGN')).toHaveLength(1); // the deposit only
    // CAD is unaffected: the same recipient receives dollars.
    const cadSender = await funded(t, { CAD: '5.00' });
    expect((await userTransfer(t, cadSender, 'CAD', { amount: 5, recipient_email: recipient.email })).statusCode).toBe(200);
    expect(await balances(t, recipient)).toEqual({ CAD: 5, NGN: 0 });
  });

  it('needs the sender’s naira wallet activated (spec §6)', async () => {
    const sender = await createCustomer(t);
    const recipient = await funded(t, { activate: true });
    expectRefusal(await userTransfer(t, sender, 'NGN', { amount: 1, recipient_email: recipient.email }), 403, 'Your Naira wallet is not activated');
    await activateNairaWallet(t, sender);
    expectRefusal(await userTransfer(t, sender, 'NGN', { amount: 1, recipient_email: recipient.email }), 422, 'Insufficient NGN balance');
  });

  it('caps a naira send at the NGN single-amount limit (GET /wallet/limit/NGN)', async () => {
    const sender = await funded(t, { activate: true });
    const recipient = await createCustomer(t);
    const over = (t.config.ngnMaxSingleKobo + 1n).toString();
    const amount = `${over.slice(0, -2)}.${over.slice(-2)}`;
    expectRefusal(await userTransfer(t, sender, 'NGN', { amount, recipient_email: recipient.email }), 400, 'Amount exceeds the transaction limit');
  });
});
