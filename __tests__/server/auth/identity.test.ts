import { randomUUID } from 'node:crypto';
import { identity, server } from '../../../src/shared/messages';
import { buildApp } from '../../../src/server/app';
import { SIGNATURE_HEADER, signWebhook } from '../../../src/server/lib/webhook-signature';
import { api, expectRefusal, fakeClock, outbox } from '../../support/auth-flow';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PAGE = /^\/api\/dev\/identity\/([0-9a-f-]{36})$/;

async function startSession(customer: Customer): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: api('/auth/create-veriff-session'), headers: customer.headers });
  expect(res.statusCode).toBe(200);
  expect(res.json().message).toBe(identity.sessionCreatedServer);
  const { url, id } = res.json().data.verification;
  expect(url).toMatch(PAGE);
  expect(PAGE.exec(url)![1]).toBe(id);
  return id;
}

const webhook = (payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: api('/webhooks/identity'), headers: { 'content-type': 'application/json', ...headers }, payload });
const signed = (payload: string, now = Date.now()) => ({ [SIGNATURE_HEADER]: signWebhook(t.config.webhookSecret, payload, now) });
const decision = (sessionId: string, status: 'approved' | 'declined', id: string = randomUUID()) =>
  JSON.stringify({ id, session_id: sessionId, status });
const identityVerified = async (customer: Customer) =>
  (await t.db.selectFrom('users').select('is_identity_verified').where('id', '=', customer.id).executeTakeFirstOrThrow()).is_identity_verified;
/** What the client sees of the identity check: GET /auth/user's flag and identity_status. */
async function identityOf(customer: Customer) {
  const res = await t.app.inject({ method: 'GET', url: api('/auth/user'), headers: customer.headers });
  expect(res.statusCode).toBe(200);
  const { is_identity_verified, identity_status } = res.json().data;
  return { is_identity_verified, identity_status };
}
/** The customer's names changed on the profile (allowed until the identity is verified). */
async function rename(customer: Customer, firstName: string, lastName: string): Promise<void> {
  const res = await t.app.inject({
    method: 'PATCH',
    url: api('/auth/update-profile'),
    headers: customer.headers,
    payload: { address: '1 Main St', country_of_residence: 'CA', dob: '15/01/1990', first_name: firstName, last_name: lastName, nationlaity: 'NG' },
  });
  expect(res.statusCode).toBe(200);
}
const decide = (sessionId: string, status: 'approved' | 'declined') =>
  t.app.inject({ method: 'POST', url: `/api/dev/identity/${sessionId}/decision`, payload: { status } });

describe('identity sessions', () => {
  it("opens a session on the simulated provider's page, which shows the person and loads its script separately", async () => {
    const customer = await createCustomer(t, { identityVerified: false, firstName: 'Chi<b>' });
    const id = await startSession(customer);
    const page = await t.app.inject({ method: 'GET', url: `/api/dev/identity/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Chi&lt;b&gt; Obi');
    expect(page.body).toMatch(/<button[^>]*data-decision="approved"[^>]*>Approve<\/button>/);
    expect(page.body).toMatch(/<button[^>]*data-decision="declined"[^>]*>Decline<\/button>/);
    // CSP forbids inline scripts: every <script> has a src and no body.
    expect(page.body.match(/<script[^>]*>[^<]+<\/script>/g)).toBeNull();
    const src = /<script src="([^"]+)"><\/script>/.exec(page.body)![1];
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");

    const script = await t.app.inject({ method: 'GET', url: src });
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).toContain("window.parent.postMessage({ type: 'kudi-identity', status: state }, window.location.origin)");
    expect(script.body).toContain("tellParent('finished')");
    expect(script.body).toContain("tellParent('cancelled')");
  });

  it('Approve on the page sends a signed webhook that verifies the identity and e-mails the user', async () => {
    const customer = await createCustomer(t, { identityVerified: false });
    const id = await startSession(customer);
    const res = await t.app.inject({ method: 'POST', url: `/api/dev/identity/${id}/decision`, payload: { status: 'approved' } });
    expect(res.json()).toEqual({ success: true, message: server.webhookApplied, data: null });
    expect(await identityVerified(customer)).toBe(true);
    const [mail] = await outbox(t, customer.email);
    expect(mail.subject).toMatch(/approved/);
    expectRefusal(await t.app.inject({ method: 'POST', url: `/api/dev/identity/${id}/decision`, payload: { status: 'declined' } }), 409, server.identityAlreadyDecided);
    expectRefusal(await t.app.inject({ method: 'POST', url: api('/auth/create-veriff-session'), headers: customer.headers }), 409, server.identityAlreadyVerified);
  });

  it('Decline leaves the identity unverified', async () => {
    const customer = await createCustomer(t, { identityVerified: false });
    const id = await startSession(customer);
    await t.app.inject({ method: 'POST', url: `/api/dev/identity/${id}/decision`, payload: { status: 'declined' } });
    expect(await identityVerified(customer)).toBe(false);
  });

  it("an approval of a check whose names the account changed meanwhile verifies nothing: declined, e-mailed; a new check of the new names verifies it", async () => {
    const customer = await createCustomer(t, { identityVerified: false, firstName: 'Ada', lastName: 'Obi' });
    const id = await startSession(customer);
    await rename(customer, 'Mallory', 'Evil');
    expect((await decide(id, 'approved')).json()).toEqual({ success: true, message: server.webhookApplied, data: null });
    expect(await identityOf(customer)).toEqual({ is_identity_verified: false, identity_status: 'declined' });
    const [mail] = await outbox(t, customer.email);
    expect(mail.subject).toBe('Kudi: Identity verification declined');
    expect(mail.body).toContain('the name on your account changed while your identity check was running');
    // The names are still the account's to correct, and a check of them verifies it.
    const again = await startSession(customer);
    expect((await decide(again, 'approved')).statusCode).toBe(200);
    expect(await identityOf(customer)).toEqual({ is_identity_verified: true, identity_status: 'approved' });
    const user = (await t.app.inject({ method: 'GET', url: api('/auth/user'), headers: customer.headers })).json().data;
    expect([user.first_name, user.last_name]).toEqual(['Mallory', 'Evil']);
  });

  it('an approval still verifies a check whose names differ only in case and spacing from the account\'s', async () => {
    const customer = await createCustomer(t, { identityVerified: false, firstName: 'Ada', lastName: 'Obi' });
    const id = await startSession(customer);
    await rename(customer, ' ada ', 'OBI');
    await decide(id, 'approved');
    expect(await identityOf(customer)).toEqual({ is_identity_verified: true, identity_status: 'approved' });
  });

  it('an unknown session page is a 404', async () => {
    expectRefusal(await t.app.inject({ method: 'GET', url: `/api/dev/identity/${randomUUID()}` }), 404, server.identitySessionNotFound);
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/identity/not-a-uuid' })).statusCode).toBe(400);
  });
});

describe("GET /auth/user's identity_status", () => {
  it('goes unverified, pending, declined, pending again with a new check, then approved', async () => {
    const customer = await createCustomer(t, { identityVerified: false });
    expect(await identityOf(customer)).toEqual({ is_identity_verified: false, identity_status: 'unverified' });

    const first = await startSession(customer);
    expect(await identityOf(customer)).toEqual({ is_identity_verified: false, identity_status: 'pending' });
    expect((await decide(first, 'declined')).json()).toEqual({ success: true, message: server.webhookApplied, data: null });
    expect(await identityOf(customer)).toEqual({ is_identity_verified: false, identity_status: 'declined' });
    const [declinedMail] = await outbox(t, customer.email);
    expect(declinedMail.subject).toMatch(/declined/);

    const second = await startSession(customer);
    expect(await identityOf(customer)).toEqual({ is_identity_verified: false, identity_status: 'pending' });
    await decide(second, 'approved');
    expect(await identityOf(customer)).toEqual({ is_identity_verified: true, identity_status: 'approved' });
  });

  it("is approved for a verified customer, whatever their checks' history", async () => {
    const customer = await createCustomer(t);
    expect(await identityOf(customer)).toEqual({ is_identity_verified: true, identity_status: 'approved' });
  });

  it("does not count another customer's check or a standalone check without a token", async () => {
    const customer = await createCustomer(t, { identityVerified: false });
    const other = await createCustomer(t, { identityVerified: false });
    await decide(await startSession(other), 'declined');
    const res = await t.app.inject({
      method: 'POST',
      url: api('/external/veriff-session'),
      payload: { first_name: 'Ada', last_name: 'Obi', key: t.config.externalIdentityKey },
      remoteAddress: '10.7.1.1',
    });
    await decide(PAGE.exec(res.json().data.verification_url)![1], 'declined');
    expect(await identityOf(customer)).toEqual({ is_identity_verified: false, identity_status: 'unverified' });
    expect(await identityOf(other)).toEqual({ is_identity_verified: false, identity_status: 'declined' });
  });
});

describe('the identity decision webhook', () => {
  let customer: Customer;
  let sessionId: string;
  beforeEach(async () => {
    customer = await createCustomer(t, { identityVerified: false });
    sessionId = await startSession(customer);
  });

  it('an unsigned webhook changes nothing', async () => {
    expectRefusal(await webhook(decision(sessionId, 'approved')), 401, server.invalidSignature);
    expect(await identityVerified(customer)).toBe(false);
  });

  it('a bad signature, a signature of another body or a stale timestamp changes nothing', async () => {
    const body = decision(sessionId, 'approved');
    expectRefusal(await webhook(body, { [SIGNATURE_HEADER]: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }), 401, server.invalidSignature);
    expectRefusal(await webhook(body, signed(decision(sessionId, 'declined'))), 401, server.invalidSignature);
    expectRefusal(await webhook(body, signed(body, Date.now() - 6 * 60 * 1000)), 401, server.invalidSignature);
    expectRefusal(await webhook(body, { [SIGNATURE_HEADER]: 'garbage' }), 401, server.invalidSignature);
    expect(await identityVerified(customer)).toBe(false);
  });

  it('an approved decision sets the flag once; its replay is a no-op', async () => {
    const body = decision(sessionId, 'approved');
    expect((await webhook(body, signed(body))).json()).toEqual({ success: true, message: server.webhookApplied, data: null });
    expect(await identityVerified(customer)).toBe(true);
    await t.db.updateTable('users').set({ is_identity_verified: false }).where('id', '=', customer.id).execute();
    expect((await webhook(body, signed(body))).json()).toEqual({ success: true, message: server.webhookReplayed, data: null });
    expect(await identityVerified(customer)).toBe(false);
    expect((await outbox(t, customer.email)).filter((m) => /Identity/.test(m.subject))).toHaveLength(1);
  });

  it('a signed decision for an unknown session or with a bad body is refused', async () => {
    const unknown = decision(randomUUID(), 'approved');
    expectRefusal(await webhook(unknown, signed(unknown)), 404, server.identitySessionNotFound);
    const bad = JSON.stringify({ id: 'x', session_id: sessionId, status: 'maybe' });
    expect((await webhook(bad, signed(bad))).statusCode).toBe(400);
    const notJson = '{"id":';
    expectRefusal(await webhook(notJson, signed(notJson)), 400, 'Request body is not valid JSON');
    expect(await identityVerified(customer)).toBe(false);
  });
});

describe('POST /external/veriff-session', () => {
  const external = (payload: object, ip = '127.0.0.1', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: api('/external/veriff-session'), payload, remoteAddress: ip, headers });
  const sessionOf = (url: string) => PAGE.exec(url)![1];
  const ownerOf = async (sessionId: string) =>
    (await t.db.selectFrom('identity_sessions').select('user_id').where('id', '=', sessionId).executeTakeFirstOrThrow()).user_id;

  it('with the fixed key and both names, answers the provider page', async () => {
    const res = await external({ first_name: '  Ngozi ', last_name: 'Eze ', key: t.config.externalIdentityKey }, '10.7.0.1');
    expect(res.json()).toEqual({ success: true, message: identity.sessionCreatedServer, data: { verification_url: expect.stringMatching(PAGE) } });
    const page = await t.app.inject({ method: 'GET', url: res.json().data.verification_url });
    expect(page.body).toContain('Ngozi Eze');
  });

  it("with a signed-in person's bearer token, is their own check: its approval verifies their identity and e-mails them", async () => {
    const customer = await createCustomer(t, { identityVerified: false, firstName: 'Ngozi', lastName: 'Eze' });
    const res = await external({ first_name: ' ngozi ', last_name: 'EZE', key: t.config.externalIdentityKey }, '10.7.0.5', customer.headers);
    expect(res.json()).toEqual({ success: true, message: identity.sessionCreatedServer, data: { verification_url: expect.stringMatching(PAGE) } });
    const id = sessionOf(res.json().data.verification_url);
    expect(await ownerOf(id)).toBe(customer.id);
    expect(await identityOf(customer)).toEqual({ is_identity_verified: false, identity_status: 'pending' });

    expect((await decide(id, 'approved')).json()).toEqual({ success: true, message: server.webhookApplied, data: null });
    expect(await identityOf(customer)).toEqual({ is_identity_verified: true, identity_status: 'approved' });
    const [mail] = await outbox(t, customer.email);
    expect(mail.subject).toMatch(/approved/);
    // Now verified, like after a create-veriff-session approval: no further check for this account.
    expectRefusal(await external({ first_name: 'Ngozi', last_name: 'Eze', key: t.config.externalIdentityKey }, '10.7.0.5', customer.headers), 409, server.identityAlreadyVerified);
  });

  it("with a signed-in person's token, a decline shows on their account", async () => {
    const customer = await createCustomer(t, { identityVerified: false });
    const res = await external({ first_name: 'Ada', last_name: 'Obi', key: t.config.externalIdentityKey }, '10.7.0.6', customer.headers);
    await decide(sessionOf(res.json().data.verification_url), 'declined');
    expect(await identityOf(customer)).toEqual({ is_identity_verified: false, identity_status: 'declined' });
  });

  it("without a token, the approval marks no account, not even one with the same name", async () => {
    const customer = await createCustomer(t, { identityVerified: false, firstName: 'Tunde', lastName: 'Bello' });
    const res = await external({ first_name: 'Tunde', last_name: 'Bello', key: t.config.externalIdentityKey }, '10.7.0.7');
    const id = sessionOf(res.json().data.verification_url);
    expect(await ownerOf(id)).toBeNull();
    expect((await decide(id, 'approved')).json()).toEqual({ success: true, message: server.webhookApplied, data: null });
    expect(await identityOf(customer)).toEqual({ is_identity_verified: false, identity_status: 'unverified' });
    expect(await outbox(t, customer.email)).toHaveLength(0);
  });

  it("with a token, refuses names other than the account's legal name, a dead token, and a verified account, creating no session", async () => {
    const customer = await createCustomer(t, { identityVerified: false });
    const verified = await createCustomer(t);
    const before = await t.db.selectFrom('identity_sessions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const key = t.config.externalIdentityKey;
    expectRefusal(await external({ first_name: 'Someone', last_name: 'Else', key }, '10.7.0.8', customer.headers), 400, server.identityNamesDiffer);
    expectRefusal(await external({ first_name: 'Ada', last_name: 'Obi', key }, '10.7.0.8', verified.headers), 409, server.identityAlreadyVerified);
    await t.app.inject({ method: 'POST', url: api('/auth/logout'), headers: customer.headers });
    expectRefusal(await external({ first_name: 'Ada', last_name: 'Obi', key }, '10.7.0.8', customer.headers), 401, server.unauthorized);
    const after = await t.db.selectFrom('identity_sessions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await identityOf(verified)).toEqual({ is_identity_verified: true, identity_status: 'approved' });
  });

  it("a header with no token of ours (spec §7's client sends one on every call, stored token or not) is an anonymous visitor's check", async () => {
    const customer = await createCustomer(t, { identityVerified: false });
    for (const authorization of ['Bearer undefined', 'Bearer null', 'Bearer ', 'Bearer', '', 'Bearer not-a-token', `Bearer ${customer.token}x`]) {
      const res = await external({ first_name: 'Ada', last_name: 'Obi', key: t.config.externalIdentityKey }, '10.7.0.9', { authorization });
      expect(res.json()).toEqual({ success: true, message: identity.sessionCreatedServer, data: { verification_url: expect.stringMatching(PAGE) } });
      const id = sessionOf(res.json().data.verification_url);
      expect(await ownerOf(id)).toBeNull();
      expect((await decide(id, 'approved')).statusCode).toBe(200);
    }
    expect(await identityOf(customer)).toEqual({ is_identity_verified: false, identity_status: 'unverified' });
  });

  it('refuses a wrong key and blank names', async () => {
    expectRefusal(await external({ first_name: 'A', last_name: 'B', key: 'guess' }, '10.7.0.2'), 403, server.invalidAccessKey);
    expectRefusal(await external({ first_name: ' ', last_name: 'B', key: t.config.externalIdentityKey }, '10.7.0.2'), 400, identity.namesRequired);
  });

  it('is limited to 10 calls an hour per IP', async () => {
    const clock = fakeClock();
    try {
      for (let i = 0; i < 10; i += 1) await external({ first_name: 'A', last_name: 'B', key: 'guess' }, '10.7.0.3');
      expectRefusal(await external({ first_name: 'A', last_name: 'B', key: t.config.externalIdentityKey }, '10.7.0.3'), 429, /^Too many requests/);
      expect((await external({ first_name: 'A', last_name: 'B', key: t.config.externalIdentityKey }, '10.7.0.4')).statusCode).toBe(200);
      clock.advance(60 * 60 * 1000 + 1000);
      expect((await external({ first_name: 'A', last_name: 'B', key: t.config.externalIdentityKey }, '10.7.0.3')).statusCode).toBe(200);
    } finally {
      clock.restore();
    }
  });
});

describe('without simulators', () => {
  it('there is no provider page to send people to', async () => {
    const live = await buildApp({ config: { ...t.config, simulators: false }, db: t.db });
    try {
      const customer = await createCustomer(t, { identityVerified: false });
      const res = await live.inject({ method: 'POST', url: api('/auth/create-veriff-session'), headers: customer.headers });
      expectRefusal(res, 503, server.identityUnavailable);
      expect((await live.inject({ method: 'GET', url: '/api/dev/outbox?to=x' })).statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});
