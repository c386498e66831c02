/**
 * Proof of address → Plus (spec-next §B) through HTTP: the upload's rules (one file `document`,
 * PDF/PNG/JPEG by content, not empty, at most 5 MB), the review's status, the simulated reviewer
 * and the /dev decision, the Plus limits and e-mail on approval, Basic kept on rejection, and the
 * document never returned.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { sendDueNotifications } from '../../../src/server/modules/notifications/notifications.service';
import { reviewDueProofs } from '../../../src/server/sim/address-reviewer';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { funded, get, PIN, post, TIMEZONE } from '../transfers/helpers';
import { answers } from '../../../src/shared/messages';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const MB5 = 5 * 1024 * 1024;
/** A marker inside every uploaded document, looked for in every answer. */
const MARKER = 'KUDI-SECRET-ADDRESS-4471';
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(`1 0 obj << /Title (${MARKER}) >> endobj\n%%EOF\n`)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(MARKER)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(MARKER)]);

interface FilePart {
  field?: string;
  filename?: string;
  type?: string;
  content: Buffer;
}

/** A multipart/form-data body of these file parts (and text fields). */
function multipart(files: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----kudi${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'document'}"; filename="${file.filename ?? 'proof.pdf'}"\r\n` +
      `Content-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
    ));
    chunks.push(file.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(customer: Customer, files: FilePart[], fields?: Record<string, string>) {
  const { payload, contentType } = multipart(files, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/verification/proof-of-address',
    headers: { ...customer.headers, 'content-type': contentType },
    payload,
  });
}

const statusOf = async (customer: Customer) => {
  const res = await get(t, customer, '/verification/proof-of-address');
  expect(res.statusCode).toBe(200);
  expect(res.body).not.toContain(MARKER);
  return res.json().data;
};

const decide = (customer: Customer, decision: 'approve' | 'reject', reason?: string) =>
  t.app.inject({ method: 'POST', url: '/api/dev/proof-of-address', payload: { email: customer.email, decision, ...(reason ? { reason } : {}) } });

const storedProofs = async (customer: Customer) => {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from address_proofs where user_id = ${customer.id}::uuid`.execute(t.db);
  return rows[0].n;
};

const tierOf = async (customer: Customer) => (await get(t, customer, '/limits')).json().data.tier;

describe('POST /verification/proof-of-address', () => {
  it.each([
    ['a PDF', PDF, 'proof.pdf', 'application/pdf'],
    ['a PNG', PNG, 'scan.png', 'image/png'],
    ['a JPEG (its type by content, whatever the name says)', JPEG, 'letter.pdf', 'application/octet-stream'],
  ])('takes %s and answers pending', async (_name, content, filename, type) => {
    const customer = await createCustomer(t);
    expect(await statusOf(customer)).toEqual({ status: 'none' });
    const res = await upload(customer, [{ content, filename, type }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { status: 'pending' } });
    expect(await statusOf(customer)).toEqual({ status: 'pending' });
    expect(await storedProofs(customer)).toBe(1);
    const { rows } = await sql<{ content_type: string; size_bytes: number }>`
      select content_type, size_bytes from address_proofs where user_id = ${customer.id}::uuid`.execute(t.db);
    expect(rows[0]).toEqual({ content_type: { 'proof.pdf': 'application/pdf', 'scan.png': 'image/png', 'letter.pdf': 'image/jpeg' }[filename], size_bytes: content.length });
  });

  it('takes a document of exactly 5 MB', async () => {
    const customer = await createCustomer(t);
    const content = Buffer.alloc(MB5, 0x20);
    PDF.copy(content);
    expect((await upload(customer, [{ content }])).statusCode).toBe(200);
  });

  it.each([
    ['text named .pdf and declared a PDF (type by content)', [{ content: Buffer.from('hello, this is not a PDF'), filename: 'proof.pdf', type: 'application/pdf' }], 'The document must be a PDF, PNG or JPEG file.'],
    ['a GIF named .png', [{ content: Buffer.from('GIF89a....'), filename: 'proof.png', type: 'image/png' }], 'The document must be a PDF, PNG or JPEG file.'],
    ['an empty file', [{ content: Buffer.alloc(0) }], 'The document is empty. Attach a PDF, PNG or JPEG file.'],
    ['5 MB + 1 byte', [{ content: Buffer.concat([PDF, Buffer.alloc(MB5 + 1 - PDF.length, 0x20)]) }], 'The document is larger than 5 MB. Attach a file of at most 5 MB.'],
    ['two files', [{ content: PDF }, { content: PNG, filename: 'b.png' }], 'Attach only one file, named document.'],
    ['a file under another name', [{ content: PDF, field: 'file' }], 'Attach one file named document (PDF, PNG or JPEG, at most 5 MB).'],
    ['no file at all', [], 'Attach one file named document (PDF, PNG or JPEG, at most 5 MB).'],
  ])('refuses %s (400 naming the rule) and stores nothing', async (_name, files, message) => {
    const customer = await createCustomer(t);
    const res = await upload(customer, files as FilePart[], { note: 'my lease' });
    expect([res.statusCode, res.json()]).toEqual([400, { success: false, message }]);
    expect(await storedProofs(customer)).toBe(0);
    expect(await statusOf(customer)).toEqual({ status: 'none' });
  });

  it('refuses a body that is not multipart, or a broken one (400)', async () => {
    const customer = await createCustomer(t);
    const json = await post(t, customer, '/verification/proof-of-address', { document: PDF.toString('base64') });
    expect([json.statusCode, json.json()]).toEqual([400, { success: false, message: 'Send the document as multipart/form-data, in a file field named document.' }]);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/verification/proof-of-address',
      headers: { ...customer.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="document"; filename="a.pdf"\r\n\r\n%PDF-1.4 truncated',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().success).toBe(false);
    expect(await storedProofs(customer)).toBe(0);
  });

  it('needs a customer who may move money (Basic) and a signed-in one', async () => {
    const unverified = await createCustomer(t, { identityVerified: false });
    const res = await upload(unverified, [{ content: PDF }]);
    expect([res.statusCode, res.json().message]).toEqual([403, 'Please complete email, phone and identity verification first']);
    expect(await storedProofs(unverified)).toBe(0);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/verification/proof-of-address', ...(() => { const m = multipart([{ content: PDF }]); return { payload: m.payload, headers: { 'content-type': m.contentType } }; })() });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/verification/proof-of-address' })).statusCode).toBe(401);
  });

  it('refuses another document while one is being reviewed (409)', async () => {
    const customer = await createCustomer(t);
    expect((await upload(customer, [{ content: PDF }])).statusCode).toBe(200);
    const again = await upload(customer, [{ content: PNG, filename: 'x.png' }]);
    expect([again.statusCode, again.json().message]).toEqual([409, 'Your proof of address is already being reviewed.']);
    expect(await storedProofs(customer)).toBe(1);
  });
});

describe('the review', () => {
  it('approval raises the customer to Plus: Plus limits, an e-mail in the outbox, and more may be sent', async () => {
    const customer = await funded(t, { CAD: '20000.00' });
    const friend = await createCustomer(t);
    const send = (amount: string) =>
      post(t, customer, '/wallet/cad-wallet-transfer', { amount, recipient_email: friend.email, transaction_pin: PIN, timezone: TIMEZONE });
    expect((await send('5000.00')).json().message).toBe('This exceeds your per-transfer limit of $1,000.00.');
    expect((await upload(customer, [{ content: PDF }])).statusCode).toBe(200);
    // Only the approval changes the tier: a pending document does not.
    expect(await tierOf(customer)).toBe('Basic');
    const res = await decide(customer, 'approve');
    expect([res.statusCode, res.json()]).toEqual([200, { success: true, message: answers.devProofDecided, data: { status: 'approved' } }]);
    expect(await statusOf(customer)).toEqual({ status: 'approved' });
    expect((await get(t, customer, '/limits')).json().data).toMatchObject({
      tier: 'Plus', per_transfer: '10000.00', per_day: '10000.00', per_30_days: '50000.00', remaining_today: '10000.00',
    });
    expect((await send('5000.00')).statusCode).toBe(200);
    // The e-mail was recorded with the approval; the notifications job (run here by hand) sends it.
    await sendDueNotifications(t.app);
    const outbox = (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(customer.email)}` })).json().data;
    const mail = outbox.find((message: { subject: string }) => message.subject.includes('Plus'));
    expect(mail).toMatchObject({ to: customer.email, subject: 'Kudi: Your limits were raised to Plus' });
    expect(mail.body).toContain('$10,000.00 CAD per transfer');
    expect(mail.body).not.toContain(MARKER);
    // Approved: no further document is taken, and a second decision finds nothing waiting.
    expect((await upload(customer, [{ content: PDF }])).statusCode).toBe(409);
    expect((await decide(customer, 'approve')).statusCode).toBe(404);
  });

  it('rejection keeps Basic and says why; the customer may then upload another', async () => {
    const customer = await createCustomer(t);
    expect((await upload(customer, [{ content: JPEG, filename: 'bill.jpg', type: 'image/jpeg' }])).statusCode).toBe(200);
    const res = await decide(customer, 'reject', 'The bill is older than 3 months.');
    expect([res.statusCode, res.json()]).toEqual([200, { success: true, message: answers.devProofDecided, data: { status: 'rejected', reason: 'The bill is older than 3 months.' } }]);
    expect(await statusOf(customer)).toEqual({ status: 'rejected', reason: 'The bill is older than 3 months.' });
    expect(await tierOf(customer)).toBe('Basic');
    await sendDueNotifications(t.app);
    const outbox = (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(customer.email)}` })).json().data;
    expect(outbox.filter((message: { subject: string }) => message.subject.includes('Plus'))).toEqual([]);
    // Without a reason, the reviewer's default one.
    expect((await upload(customer, [{ content: PDF }])).statusCode).toBe(200);
    expect(await statusOf(customer)).toEqual({ status: 'pending' });
    expect((await decide(customer, 'reject')).json().data).toEqual({ status: 'rejected', reason: 'The document does not show your name and a current address.' });
  });

  it('the /dev decision answers 404 when nothing is waiting (no document, or an unknown e-mail)', async () => {
    const customer = await createCustomer(t);
    for (const res of [await decide(customer, 'approve'), await decide({ ...customer, email: 'nobody@example.com' }, 'reject')]) {
      expect([res.statusCode, res.json()]).toEqual([404, { success: false, message: 'No proof of address is waiting for review' }]);
    }
  });

  it('the simulated reviewer approves a document once its review time has come', async () => {
    const customer = await createCustomer(t);
    expect((await upload(customer, [{ content: PNG, filename: 'p.png', type: 'image/png' }])).statusCode).toBe(200);
    // The test app's review time is ADDRESS_REVIEW_MS (3 s by default): not yet due (other tests' documents may be).
    await reviewDueProofs(t.app);
    expect(await statusOf(customer)).toEqual({ status: 'pending' });
    await sql`update address_proofs set review_after = now() where user_id = ${customer.id}::uuid`.execute(t.db);
    expect(await reviewDueProofs(t.app)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(customer)).toEqual({ status: 'approved' });
    expect(await tierOf(customer)).toBe('Plus');
  });

  it("the reviewer's job runs in the background when turned on (ADDRESS_REVIEW_JOB=on), a few seconds after the upload", async () => {
    const other = await buildTestApp({ addressReviewJob: true, addressReviewMs: 200 });
    try {
      const customer = await createCustomer(other);
      const { payload, contentType } = multipart([{ content: PDF }]);
      const res = await other.app.inject({ method: 'POST', url: '/api/verification/proof-of-address', headers: { ...customer.headers, 'content-type': contentType }, payload });
      expect(res.statusCode).toBe(200);
      const deadline = Date.now() + 10_000;
      let status = 'pending';
      while (status === 'pending' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await other.app.inject({ method: 'GET', url: '/api/verification/proof-of-address', headers: customer.headers })).json().data.status;
      }
      expect(status).toBe('approved');
    } finally {
      await other.close();
    }
  });
});

describe('documents are never returned', () => {
  it('no answer of the customer carries the document', async () => {
    const customer = await funded(t, { CAD: '10.00' });
    expect((await upload(customer, [{ content: PDF }])).statusCode).toBe(200);
    for (const path of ['/auth/user', '/limits', '/verification/proof-of-address', '/wallet/cad-wallet', '/wallet/transactions?currency=CAD']) {
      const res = await get(t, customer, path);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(MARKER);
      expect(res.body).not.toContain(PDF.toString('base64').slice(0, 24));
    }
    // The OpenAPI document offers no call that reads a document back.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const proofPaths = Object.keys(doc.paths).filter((path: string) => path.includes('proof-of-address'));
    expect(proofPaths.sort()).toEqual(['/api/dev/proof-of-address', '/api/verification/proof-of-address']);
    const ops = doc.paths['/api/verification/proof-of-address'];
    expect(Object.keys(ops).sort()).toEqual(['get', 'post']);
    expect(Object.keys(ops.get.responses['200'].content['application/json'].schema.properties.data.properties).sort()).toEqual(['reason', 'status']);
  });
});
