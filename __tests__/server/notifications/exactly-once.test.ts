/**
 * Each notification is e-mailed once (spec-next §D): recorded with its event, sent after the event
 * committed by the notifications job's pass, never twice. Through the real deposit route, the
 * real pass and the real outbox (the dev mail adapter); the only fakes are mail adapters that
 * fail, as the outside world may.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { MessageSender, OutgoingMessage } from '../../../src/server/adapters/types';
import { buildApp } from '../../../src/server/app';
import { SIGNATURE_HEADER, signWebhook } from '../../../src/server/lib/webhook-signature';
import { sendDueNotifications } from '../../../src/server/modules/notifications/notifications.service';
import { WEBHOOK_PATHS } from '../../../src/server/modules/wallet/deposit-webhooks.schemas';
import { outboxSender } from '../../../src/server/sim/messaging';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { deposit } from '../../support/wallets';
import { anotherProcess } from '../transfers/helpers';
import { notificationMails, sendPass } from './helpers';
import { answers } from '../../../src/shared/messages';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const received = (amount: string) => `Kudi: You received $${amount} CAD`;

const subjects = async (customer: Pick<Customer, 'email'>) => (await notificationMails(t, customer.email)).map((mail) => mail.subject);

async function notificationsOf(customer: Customer) {
  return t.db.selectFrom('notifications').select(['kind', 'attempts', 'sent_at']).where('user_id', '=', customer.id).orderBy('id').execute();
}

/** Makes the customer's unsent notifications due now, as if their lease or back-off had lapsed. */
async function lapse(customer: Customer): Promise<void> {
  await sql`update notifications set send_after = now() where user_id = ${customer.id}::uuid and sent_at is null`.execute(t.db);
}

it('(a) the pass run twice sends the e-mail once', async () => {
  const customer = await createCustomer(t);
  await deposit(t, customer, 'CAD', '11.00');
  expect(await sendPass(t)).toBeGreaterThanOrEqual(1);
  expect(await sendPass(t)).toBe(0);
  expect(await subjects(customer)).toEqual([received('11.00')]);
  expect(await notificationsOf(customer)).toEqual([{ kind: 'money_received', attempts: 1, sent_at: expect.any(Date) }]);
});

it('a replayed deposit webhook records nothing new: still one e-mail', async () => {
  const customer = await createCustomer(t);
  const cad = await t.db.selectFrom('cad_wallets').select('deposit_email').where('user_id', '=', customer.id).executeTakeFirstOrThrow();
  const body = JSON.stringify({ reference: `CA${randomBytes(5).toString('hex').toUpperCase()}`, deposit_email: cad.deposit_email, amount_minor: '1200', sender_name: 'Ada Obi' });
  for (let i = 0; i < 2; i += 1) {
    const res = await t.app.inject({
      method: 'POST', url: `/api${WEBHOOK_PATHS.interac}`,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(t.config.webhookSecret, body) },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
  }
  await sendPass(t);
  expect(await subjects(customer)).toEqual([received('12.00')]);
});

it('(b) a restart between the commit and the send: the next process sends the e-mail, once', async () => {
  const customer = await createCustomer(t);
  // This process records the deposit and its e-mail, then stops before any pass ran.
  const first = await anotherProcess(t);
  const res = await first.inject({ method: 'POST', url: '/api/dev/deposits', payload: { email: customer.email, currency: 'CAD', amount: '13.00' } });
  expect(res.statusCode).toBe(200);
  await first.close();
  expect(await subjects(customer)).toEqual([]);

  const second = await anotherProcess(t);
  try {
    expect(await sendDueNotifications(second)).toBeGreaterThanOrEqual(1);
    await sendDueNotifications(second);
  } finally {
    await second.close();
  }
  expect(await subjects(customer)).toEqual([received('13.00')]);
});

it('the next process with its job on (NOTIFY_JOB=on) sends it by itself', async () => {
  const customer = await createCustomer(t);
  await deposit(t, customer, 'CAD', '14.00');
  const withJob = await buildApp({ config: { ...t.config, notifyJob: true }, db: t.db });
  await withJob.ready();
  try {
    const deadline = Date.now() + 10_000;
    while ((await subjects(customer)).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    await withJob.close();
  }
  expect(await subjects(customer)).toEqual([received('14.00')]);
  expect(await notificationsOf(customer)).toEqual([{ kind: 'money_received', attempts: 1, sent_at: expect.any(Date) }]);
});

it('(c) a crash after the adapter sent and before sent_at was marked: the retry does not deliver it twice', async () => {
  const customer = await createCustomer(t);
  await deposit(t, customer, 'CAD', '15.00');
  const handed: OutgoingMessage[] = [];
  // The message is handed over, then the process "dies" before it records that.
  const crashing: MessageSender = {
    async send(message) {
      await t.app.adapters.email.send(message);
      handed.push(message);
      throw new Error('crashed after sending');
    },
  };
  await sendDueNotifications({ db: t.db, config: t.config, adapters: { email: crashing } });
  expect(handed.filter((m) => m.to === customer.email)).toHaveLength(1);
  expect(await subjects(customer)).toEqual([received('15.00')]);
  expect(await notificationsOf(customer)).toEqual([{ kind: 'money_received', attempts: 1, sent_at: null }]);

  // Not retried before its back-off; then sent again with the same message id, kept once.
  expect(await sendPass(t)).toBe(0);
  await lapse(customer);
  expect(await sendPass(t)).toBe(1);
  expect(await subjects(customer)).toEqual([received('15.00')]);
  expect(await notificationsOf(customer)).toEqual([{ kind: 'money_received', attempts: 2, sent_at: expect.any(Date) }]);
  expect(handed[0].messageId).toMatch(/^<notification\.\d+\.\d+@localhost>$/);
});

it('several processes passing at once send each e-mail once', async () => {
  const customer = await createCustomer(t);
  for (const amount of ['1.00', '2.00', '3.00', '4.00', '5.00']) await deposit(t, customer, 'CAD', amount);
  const others = [await anotherProcess(t), await anotherProcess(t)];
  try {
    await Promise.all([sendPass(t), ...others.map((app) => sendDueNotifications(app))]);
  } finally {
    for (const app of others) await app.close();
  }
  expect((await subjects(customer)).sort()).toEqual(['1.00', '2.00', '3.00', '4.00', '5.00'].map(received));
});

it('a mail adapter that fails cannot fail the event: the proof-of-address decision answers 200, the e-mail goes out later', async () => {
  const failing: MessageSender = {
    send: async () => {
      throw new Error('SMTP is down');
    },
  };
  const other = await buildTestApp({}, undefined, { email: failing });
  try {
    const customer = await createCustomer(other);
    const boundary = `----kudi${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="bill.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      Buffer.from('%PDF-1.7\n%%EOF\n'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await other.app.inject({
      method: 'POST', url: '/api/verification/proof-of-address', headers: { ...customer.headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload,
    });
    expect(upload.statusCode).toBe(200);
    const decision = await other.app.inject({ method: 'POST', url: '/api/dev/proof-of-address', payload: { email: customer.email, decision: 'approve' } });
    expect([decision.statusCode, decision.json()]).toEqual([200, { success: true, message: answers.devProofDecided, data: { status: 'approved' } }]);

    expect(await sendDueNotifications(other.app)).toBe(0);
    const row = () => other.db.selectFrom('notifications').select(['kind', 'attempts', 'sent_at']).where('user_id', '=', customer.id).executeTakeFirstOrThrow();
    expect(await row()).toEqual({ kind: 'tier_plus', attempts: 1, sent_at: null });

    // The mail works again (here: the outbox) and the back-off lapsed: it goes out.
    await sql`update notifications set send_after = now() where user_id = ${customer.id}::uuid`.execute(other.db);
    const working = outboxSender(other.db, 'email', other.app.log, false);
    expect(await sendDueNotifications({ db: other.db, config: other.config, adapters: { email: working } })).toBe(1);
    const mails = await other.db.selectFrom('outbox').select(['recipient', 'subject']).where('recipient', '=', customer.email).execute();
    expect(mails).toEqual([{ recipient: customer.email, subject: 'Kudi: Your limits were raised to Plus' }]);
    expect(await row()).toEqual({ kind: 'tier_plus', attempts: 2, sent_at: expect.any(Date) });
  } finally {
    await other.close();
  }
});

it("one customer's e-mails go out in the order of their events, whatever order the claim's rows come back in", async () => {
  const customer = await createCustomer(t);
  for (const amount of ['1.00', '2.00', '3.00']) await deposit(t, customer, 'CAD', amount);
  // The first one's row written again (its due time is in an index: the new version goes to the
  // table's end), as a lapsed lease or a retry leaves it: the table now holds it after the others.
  const [first] = await t.db.selectFrom('notifications').select('id').where('user_id', '=', customer.id).orderBy('id').limit(1).execute();
  await sql`update notifications set send_after = now() - interval '1 second' where id = ${first.id}`.execute(t.db);
  await sendPass(t);
  // The outbox lists the newest first.
  expect((await subjects(customer)).reverse()).toEqual([received('1.00'), received('2.00'), received('3.00')]);
});
