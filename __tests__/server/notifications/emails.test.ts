/**
 * The e-mails of spec-next §D through HTTP: each event a customer lives through (money received
 * by Interac, by bank transfer and from another customer on both transfer paths; money sent by
 * Interac, to a Nigerian bank, to a customer, to a biller; a payout failed and refunded; password
 * and PIN changed; a sign-in from a new device; limits raised to Plus) gives one e-mail to that
 * customer, with a subject naming the event and the amount with its currency, a text and an HTML
 * part, and none of their secrets. Sent by the notifications job's pass (tests run it), only once
 * the event committed: an event that rolled back sends nothing.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildPath } from '../../../src/shared/endpoints';
import { oneStatementUserTransfer } from '../../../src/server/modules/transfers/user-transfer.service';
import { settleDuePayouts } from '../../../src/server/sim/payout-rail';
import { api, latestOtp, loginThroughApi, outbox } from '../../support/auth-flow';
import { createCustomer, DEFAULT_PASSWORD, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { activateNairaWallet, deposit, VALID_BVN } from '../../support/wallets';
import {
  ACCESS_ACCOUNT, cadWithdrawal, FAILING_ACCOUNT, funded, history, ngnWithdrawal, PIN, post, TIMEZONE, userTransfer,
} from '../transfers/helpers';
import { expectNoSecrets, notificationMails, sendPass, spaced, theMail } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A customer's secrets no e-mail may hold: password and PIN (and whatever a test adds). */
const secretsOf = (customer: Customer, more: { anywhere?: string[]; words?: string[] } = {}) => ({
  anywhere: [customer.password, ...(more.anywhere ?? [])],
  words: [PIN, ...(more.words ?? [])],
});

/** A funded customer whose deposit e-mails were sent already, so a test sees only its own. */
async function fundedQuietly(balances: Parameters<typeof funded>[1], options: Parameters<typeof funded>[2] = {}): Promise<Customer> {
  const customer = await funded(t, balances, options);
  await sendPass(t);
  return customer;
}

describe('money received', () => {
  it("by Interac e-Transfer: 'You received $25.00 CAD', sent only by the job's pass after the deposit committed", async () => {
    const customer = await createCustomer(t, { firstName: 'Amaka' });
    await deposit(t, customer, 'CAD', '25.00');
    // Recorded with the deposit, not sent by the request.
    expect(await notificationMails(t, customer.email)).toEqual([]);
    expect(await sendPass(t)).toBeGreaterThanOrEqual(1);
    const mail = await theMail(t, customer.email, 'Kudi: You received $25.00 CAD');
    const [item] = await history(t, customer, 'CAD');
    expect(mail.to).toBe(customer.email);
    expect(mail.otp).toBeNull();
    expect(mail.body).toContain('Hello Amaka,');
    expect(mail.body).toContain('You received $25.00 CAD from Amaka Obi by Interac e-Transfer. It is in your CAD wallet now.');
    expect(mail.body).toContain(`Reference: ${item.id}`);
    expect(mail.body).toContain(`${t.config.publicUrl}/history/${item.id}`);
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.html).toContain('$25.00 CAD');
    expect(mail.html).toContain(`href="${t.config.publicUrl}/history/${item.id}"`);
    expectNoSecrets(mail, secretsOf(customer));
  });

  it("by bank transfer into the naira account: '₦7,500.00 NGN', the sender's account masked, no BVN or account number", async () => {
    const customer = await createCustomer(t);
    const wallet = await activateNairaWallet(t, customer);
    await deposit(t, customer, 'NGN', '7500');
    await sendPass(t);
    const mail = await theMail(t, customer.email, 'Kudi: You received ₦7,500.00 NGN');
    const { metadata } = await t.db
      .selectFrom('ledger_transfers')
      .select('metadata')
      .where('kind', '=', 'deposit')
      .where('currency', '=', 'NGN')
      .where('amount', '=', 750_000n)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const senderAccount = metadata.account_number!;
    expect(mail.body).toContain(`(Simulated Commercial Bank, account ••••${senderAccount.slice(-4)}) by bank transfer`);
    expect(mail.body).toContain('It is in your NGN wallet now.');
    expectNoSecrets(mail, secretsOf(customer, { anywhere: [senderAccount, wallet.account_number, VALID_BVN] }));
  });

  it('from another customer by the one-statement transfer: the sender is told it was sent, the recipient that it arrived', async () => {
    const sender = await fundedQuietly({ CAD: '100.00' }, { firstName: 'Ada', lastName: 'Obi' });
    const recipient = await createCustomer(t, { firstName: 'Ngozi', lastName: 'Eze' });
    // Without an Idempotency-Key, with every check passing: the transfer is the one statement's.
    const body = { amount: '40.00', recipient_email: recipient.email, transaction_pin: PIN, timezone: TIMEZONE };
    const result = await oneStatementUserTransfer({ db: t.db, config: t.config, rates: t.app.adapters.rates }, sender.id, 'CAD', body);
    expect(result).not.toBeNull();
    await sendPass(t);
    const sent = await theMail(t, sender.email, 'Kudi: You sent $40.00 CAD');
    expect(sent.body).toContain('You sent $40.00 CAD to Ngozi Eze, into their Kudi wallet.');
    expect(sent.body).toContain(`Reference: ${result!.row.reference}`);
    const received = await theMail(t, recipient.email, 'Kudi: You received $40.00 CAD');
    expect(received.body).toContain('You received $40.00 CAD from Ada Obi by Kudi wallet transfer. It is in your CAD wallet now.');
    expect(received.body).toContain(`Reference: ${result!.row.reference}`);
    for (const [mail, who] of [[sent, sender], [received, recipient]] as const) expectNoSecrets(mail, secretsOf(who));

    // Through HTTP without a key (the route's one statement) the same two e-mails come.
    const res = await userTransfer(t, sender, 'CAD', { amount: '2.50', recipient_email: recipient.email });
    expect(res.statusCode).toBe(200);
    await sendPass(t);
    expect((await theMail(t, sender.email, 'Kudi: You sent $2.50 CAD')).body).toContain(`Reference: ${res.json().data.transaction_reference}`);
    expect((await theMail(t, recipient.email, 'Kudi: You received $2.50 CAD')).body).toContain(`Reference: ${res.json().data.transaction_reference}`);
  });

  it('from another customer by the checked path (an Idempotency-Key): the same two e-mails, in naira too', async () => {
    const sender = await fundedQuietly({ NGN: '20000.00' }, { firstName: 'Ada', lastName: 'Obi' });
    const recipient = await createCustomer(t, { firstName: 'Ngozi', lastName: 'Eze' });
    await activateNairaWallet(t, recipient);
    const key = `notify-${randomBytes(4).toString('hex')}`;
    const res = await userTransfer(t, sender, 'NGN', { amount: '5000', recipient_email: recipient.email }, key);
    expect(res.statusCode).toBe(200);
    // The same request again answers from its key and records nothing more.
    expect((await userTransfer(t, sender, 'NGN', { amount: '5000', recipient_email: recipient.email }, key)).statusCode).toBe(200);
    await sendPass(t);
    const reference = res.json().data.tx_ref;
    expect((await theMail(t, sender.email, 'Kudi: You sent ₦5,000.00 NGN')).body).toContain(`Reference: ${reference}`);
    expect((await theMail(t, recipient.email, 'Kudi: You received ₦5,000.00 NGN')).body).toContain('You received ₦5,000.00 NGN from Ada Obi by Kudi wallet transfer. It is in your NGN wallet now.');
  });
});

describe('money sent', () => {
  it('by Interac: the amount, the reference and the recipient; a failed e-Transfer is refunded and says so', async () => {
    const customer = await fundedQuietly({ CAD: '200.00' });
    const res = await cadWithdrawal(t, customer, { Amount: '25' });
    expect(res.statusCode).toBe(200);
    await sendPass(t);
    const sent = await theMail(t, customer.email, 'Kudi: You sent $25.00 CAD');
    const reference = res.json().data.transaction_reference;
    expect(sent.body).toContain('Your Interac e-Transfer of $25.00 CAD to Jane Doe (jane.doe@example.com) is on its way.');
    expect(sent.body).toContain(`Reference: ${reference}`);
    expect(sent.html).toContain(reference);
    // The security answer the e-Transfer carries is the recipient's secret: never in the e-mail.
    expectNoSecrets(sent, secretsOf(customer, { anywhere: ['maple472'] }));

    const failing = await cadWithdrawal(t, customer, { Amount: '30', CustomerEmail: 'jane.fail@example.com' });
    expect(failing.statusCode).toBe(200);
    await settleDuePayouts(t.app);
    await sendPass(t);
    expect((await theMail(t, customer.email, 'Kudi: You sent $30.00 CAD')).body).toContain(failing.json().data.transaction_reference);
    const refunded = await theMail(t, customer.email, 'Kudi: Your transfer of $30.00 CAD failed and was refunded');
    expect(refunded.body).toContain(
      "Your Interac e-Transfer of $30.00 CAD to Jane Doe (jane.fail@example.com) could not be completed: The recipient's bank declined the e-Transfer.",
    );
    expect(refunded.body).toContain('$30.00 CAD is back in your CAD wallet.');
    expect(refunded.body).toContain(`Reference: ${failing.json().data.transaction_reference}`);
    // The completed one says nothing more.
    expect((await notificationMails(t, customer.email)).filter((mail) => mail.subject.includes('$25.00'))).toHaveLength(1);
    expectNoSecrets(refunded, secretsOf(customer, { anywhere: ['maple472'] }));
  });

  it('to a Nigerian bank: the account masked to its last four digits; a declined transfer is refunded', async () => {
    const customer = await fundedQuietly({ NGN: '50000.00' });
    const ok = await ngnWithdrawal(t, customer);
    expect(ok.statusCode).toBe(200);
    const failing = await ngnWithdrawal(t, customer, {
      amount: '6000.00', account_number: FAILING_ACCOUNT.number, account_bank: FAILING_ACCOUNT.bankCode, account_name: FAILING_ACCOUNT.name,
    });
    expect(failing.statusCode).toBe(200);
    await settleDuePayouts(t.app);
    await sendPass(t);
    const sent = await theMail(t, customer.email, 'Kudi: You sent ₦5,000.00 NGN');
    expect(sent.body).toContain(`Your bank transfer of ₦5,000.00 NGN to ${ACCESS_ACCOUNT.name}, Access Bank, account ••••5790 is on its way.`);
    expect(sent.body).toContain(`Reference: ${ok.json().data.tx_ref}`);
    const refunded = await theMail(t, customer.email, 'Kudi: Your transfer of ₦6,000.00 NGN failed and was refunded');
    expect(refunded.body).toContain('could not be completed: The beneficiary bank declined the transfer.');
    expect(refunded.body).toContain('₦6,000.00 NGN is back in your NGN wallet.');
    const wallet = (await t.app.inject({ method: 'GET', url: '/api/wallet/naira-wallet', headers: customer.headers })).json().data;
    for (const mail of await notificationMails(t, customer.email)) {
      expectNoSecrets(mail, secretsOf(customer, { anywhere: [ACCESS_ACCOUNT.number, FAILING_ACCOUNT.number, wallet.account_number, VALID_BVN] }));
    }
  });

  it("to a biller: 'You paid a bill of $250.50 CAD', the bill's account number masked", async () => {
    const customer = await fundedQuietly({ CAD: '300.00' });
    expect((await post(t, customer, '/auth/confirm-transaction-pin', { transaction_pin: PIN })).statusCode).toBe(200);
    const res = await post(t, customer, '/bills/create-bill-payment', {
      PayeeName: 'University of Toronto', PayeeCode: 'SCH-UOFT', Amount: 250.5, PayeeAccountNumber: '1009876543', Description: 'Fall tuition',
    });
    expect(res.statusCode).toBe(200);
    await sendPass(t);
    const mail = await theMail(t, customer.email, 'Kudi: You paid a bill of $250.50 CAD');
    expect(mail.body).toContain('You paid $250.50 CAD to University of Toronto, account ••••6543.');
    expect(mail.body).toContain(`Reference: ${res.json().data.TransactionNumber}`);
    expectNoSecrets(mail, secretsOf(customer, { anywhere: ['1009876543'] }));
  });

  it("escapes in HTML what people typed (a recipient's name), and keeps it as typed in the text", async () => {
    const customer = await fundedQuietly({ CAD: '50.00' });
    const res = await cadWithdrawal(t, customer, { Amount: '10', CustomerName: 'Jane <b>Doe</b> & "Co"' });
    expect(res.statusCode).toBe(200);
    await sendPass(t);
    const mail = await theMail(t, customer.email, 'Kudi: You sent $10.00 CAD');
    expect(mail.body).toContain('to Jane <b>Doe</b> & "Co" (jane.doe@example.com)');
    expect(mail.html).toContain('Jane &lt;b&gt;Doe&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(mail.html).not.toContain('<b>Doe');
  });
});

describe('an event that rolled back sends nothing', () => {
  it('refused sends (insufficient funds, wrong PIN, over the limit) record no e-mail', async () => {
    const customer = await fundedQuietly({ CAD: '20.00' });
    const friend = await createCustomer(t);
    expect((await userTransfer(t, customer, 'CAD', { amount: '50.00', recipient_email: friend.email })).statusCode).toBe(422);
    expect((await userTransfer(t, customer, 'CAD', { amount: '50.00', recipient_email: friend.email }, 'rolled-back-1')).statusCode).toBe(422);
    expect((await userTransfer(t, customer, 'CAD', { amount: '5.00', recipient_email: friend.email, transaction_pin: '9999' })).statusCode).toBe(400);
    expect((await cadWithdrawal(t, customer, { Amount: '21' })).statusCode).toBe(422);
    expect((await cadWithdrawal(t, customer, { Amount: '1500' })).statusCode).toBe(403);
    await sendPass(t);
    // Only the deposit that funded them.
    expect((await notificationMails(t, customer.email)).map((mail) => mail.subject)).toEqual(['Kudi: You received $20.00 CAD']);
    expect(await notificationMails(t, friend.email)).toEqual([]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from notifications where user_id in (${customer.id}::uuid, ${friend.id}::uuid) and kind <> 'money_received'`.execute(t.db);
    expect(rows[0].n).toBe(0);
  });
});

describe('security', () => {
  const NEW_PASSWORD = 'Brand!New2';
  const reset = (email: string, headers: Record<string, string> = {}, password = NEW_PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: api(buildPath('resetPassword', { email })),
      headers,
      payload: { new_password: password, confirm_password: password, is_link: false },
    });

  it("password changed, by forgot-password and by the profile's change: an e-mail each, with neither password nor the code", async () => {
    const customer = await createCustomer(t);
    await t.app.inject({ method: 'POST', url: api('/auth/forgot-password'), payload: { email: customer.email } });
    const code = await latestOtp(t, customer.email);
    expect((await t.app.inject({ method: 'POST', url: api(buildPath('verifyOtp', { email: customer.email })), payload: { otp: code } })).statusCode).toBe(200);
    expect((await reset(customer.email)).statusCode).toBe(200);
    await sendPass(t);
    const first = await theMail(t, customer.email, 'Kudi: Your password was changed');
    expect(first.body).toContain('The password of your Kudi account was changed on');
    expect(first.body).toContain('If this was not you, reset your password');
    expectNoSecrets(first, { anywhere: [DEFAULT_PASSWORD, NEW_PASSWORD], words: [code, PIN] });

    // In a session, after a fresh password check.
    const session = await loginThroughApi(t, customer.email, NEW_PASSWORD);
    const headers = { authorization: `Bearer ${session.access_token}` };
    await loginThroughApi(t, customer.email, NEW_PASSWORD, headers);
    expect((await reset(customer.email, headers, 'Third!Pass3')).statusCode).toBe(200);
    await sendPass(t);
    const mails = (await notificationMails(t, customer.email)).filter((mail) => mail.subject === 'Kudi: Your password was changed');
    expect(mails).toHaveLength(2);
    for (const mail of mails) expectNoSecrets(mail, { anywhere: [DEFAULT_PASSWORD, NEW_PASSWORD, 'Third!Pass3'], words: [code, PIN] });
    // A refused change sends nothing.
    expect((await reset(customer.email, {}, 'Fourth!Pass4')).statusCode).toBe(403);
    await sendPass(t);
    expect((await notificationMails(t, customer.email)).filter((mail) => mail.subject === 'Kudi: Your password was changed')).toHaveLength(2);
  });

  it('transaction PIN changed: an e-mail without either PIN; setting the first PIN sends none', async () => {
    const customer = await createCustomer(t, { pin: '' });
    expect((await post(t, customer, '/wallet/create-pin', { transaction_pin: '1357', confirm_transaction_pin: '1357' })).statusCode).toBe(200);
    await sendPass(t);
    expect(await notificationMails(t, customer.email)).toEqual([]);
    await loginThroughApi(t, customer.email, customer.password, customer.headers);
    const changed = await post(t, customer, '/auth/reset-transaction-pin', { new_pin: '8642', confirm_pin: '8642' });
    expect(changed.statusCode).toBe(200);
    await sendPass(t);
    const mail = await theMail(t, customer.email, 'Kudi: Your transaction PIN was changed');
    expect(mail.body).toContain('The transaction PIN of your Kudi account was changed on');
    expectNoSecrets(mail, { anywhere: [customer.password], words: ['1357', '8642'] });
  });

  describe('a sign-in from a new device', () => {
    const AT = new Date('2026-11-25T19:05:00Z');
    const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    beforeEach(() => {
      jest.useFakeTimers({
        now: AT,
        doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
      });
    });
    afterEach(() => jest.useRealTimers());

    const login = (customer: Customer, userAgent: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: api('/auth/login'),
        headers: { 'user-agent': userAgent, ...headers },
        payload: { email: customer.email, password: customer.password, method: 'EMAIL' },
        remoteAddress: '203.0.113.9',
      });

    it("names the browser and the time in the customer's time zone; a browser signed in with before sends nothing", async () => {
      const customer = await createCustomer(t);
      expect((await post(t, customer, '/auth/update-timezone', { timezone: 'America/Toronto' })).statusCode).toBe(200);
      // The account's first sign-in is from a browser it had not signed in with before; the same browser again is no new device.
      expect((await login(customer, IPHONE)).statusCode).toBe(200);
      expect((await login(customer, IPHONE)).statusCode).toBe(200);
      await sendPass(t);
      expect((await notificationMails(t, customer.email)).map((m) => m.subject)).toEqual(['Kudi: New sign-in from Safari on iPhone']);

      const res = await login(customer, CHROME_WINDOWS);
      expect(res.statusCode).toBe(200);
      await sendPass(t);
      const mail = await theMail(t, customer.email, 'Kudi: New sign-in from Chrome on Windows');
      expect(spaced(mail.body)).toContain('Your Kudi account was signed in from Chrome on Windows, a browser it had not been signed in with before, on November 25, 2026 at 2:05 p.m. (America/Toronto).');
      expect(mail.body).toContain('IP address: 203.0.113.9');
      expect(spaced(mail.html)).toContain('November 25, 2026 at 2:05 p.m. (America/Toronto)');
      expectNoSecrets(mail, secretsOf(customer, { anywhere: [res.json().data.access_token] }));

      // Chrome on Windows again, or a password check in a live session from yet another browser: nothing new.
      expect((await login(customer, CHROME_WINDOWS)).statusCode).toBe(200);
      expect((await login(customer, 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', customer.headers)).statusCode).toBe(200);
      await sendPass(t);
      expect((await notificationMails(t, customer.email)).map((m) => m.subject)).toEqual(['Kudi: New sign-in from Chrome on Windows', 'Kudi: New sign-in from Safari on iPhone']);
    });

    it('without a time zone the time is in UTC; a wrong password records no device', async () => {
      const customer = await createCustomer(t);
      expect((await login(customer, IPHONE)).statusCode).toBe(200);
      const wrong = await t.app.inject({
        method: 'POST', url: api('/auth/login'), headers: { 'user-agent': CHROME_WINDOWS },
        payload: { email: customer.email, password: 'Wrong!Pass1', method: 'EMAIL' },
      });
      expect(wrong.statusCode).toBe(401);
      await sendPass(t);
      expect((await notificationMails(t, customer.email)).map((m) => m.subject)).toEqual(['Kudi: New sign-in from Safari on iPhone']);
      expect((await login(customer, CHROME_WINDOWS)).statusCode).toBe(200);
      await sendPass(t);
      const mail = await theMail(t, customer.email, 'Kudi: New sign-in from Chrome on Windows');
      expect(spaced(mail.body)).toContain('on November 25, 2026 at 7:05 p.m. (UTC).');
    });
  });
});

/** Uploads a one-page PDF as the customer's proof of address (multipart, as the app sends it). */
async function uploadProof(customer: Customer): Promise<void> {
  const boundary = `----kudi${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="bill.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    Buffer.from('%PDF-1.7\n%%EOF\n'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const upload = await t.app.inject({
    method: 'POST', url: api('/verification/proof-of-address'), headers: { ...customer.headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload,
  });
  expect(upload.statusCode).toBe(200);
}

describe('proof of address rejected', () => {
  it("the rejection records an e-mail with the reviewer's reason (escaped in HTML) and what to do next; the limits stay", async () => {
    const customer = await createCustomer(t);
    await uploadProof(customer);
    const reason = 'The bill is older than <3> months & unreadable.';
    const decided = await t.app.inject({ method: 'POST', url: api('/dev/proof-of-address'), payload: { email: customer.email, decision: 'reject', reason } });
    expect(decided.statusCode).toBe(200);
    expect(await outbox(t, customer.email)).toEqual([]);
    await sendPass(t);
    await sendPass(t);
    const mail = await theMail(t, customer.email, 'Kudi: Your proof of address was not accepted');
    expect(mail.body).toContain(`We could not accept your proof of address: ${reason}`);
    expect(mail.body).toContain('You can upload another document');
    expect(mail.html).toContain('older than &lt;3&gt; months &amp; unreadable.');
    expect(mail.html).not.toContain('<3>');
    expectNoSecrets(mail, secretsOf(customer));
    expect((await t.app.inject({ method: 'GET', url: api('/limits'), headers: customer.headers })).json().data.tier).toBe('Basic');
  });
});

describe('limits raised to Plus', () => {
  it('the approval records the e-mail: text and HTML with the Plus limits, sent by the pass', async () => {
    const customer = await createCustomer(t);
    await uploadProof(customer);
    expect((await t.app.inject({ method: 'POST', url: api('/dev/proof-of-address'), payload: { email: customer.email, decision: 'approve' } })).statusCode).toBe(200);
    expect(await outbox(t, customer.email)).toEqual([]);
    await sendPass(t);
    const mail = await theMail(t, customer.email, 'Kudi: Your limits were raised to Plus');
    expect(mail.body).toContain('You can send up to $10,000.00 CAD per transfer, $10,000.00 CAD per day and $50,000.00 CAD in any 30 days.');
    expect(mail.html).toContain('$50,000.00 CAD');
    expectNoSecrets(mail, secretsOf(customer));
  });
});
