import { buildPath } from '../../../src/shared/endpoints';
import { login, server, session as sessionMessages } from '../../../src/shared/messages';
import { signAccessToken, type AccessClaims } from '../../../src/server/modules/auth/tokens';
import { api, bearer, expectRefusal, fakeClock, loginThroughApi, verifiedSignUp } from '../../support/auth-flow';
import { createCustomer, DEFAULT_PASSWORD, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const postLogin = (email: string, password: string, options: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST',
    url: api('/auth/login'),
    payload: { email, password, method: 'EMAIL' },
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: options.headers,
  });
const refresh = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: api(buildPath('refreshToken', { email })), headers });
const me = (token: string) => t.app.inject({ method: 'GET', url: api('/auth/user'), headers: bearer(token) });
const claimsOf = (token: string): AccessClaims => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
const sessionRow = (id: string) => t.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('login', () => {
  it('answers the token and the user flags, and opens a server-side session', async () => {
    const { email, password } = await verifiedSignUp(t);
    const res = await postLogin(email.toUpperCase(), password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: login.success });
    expect(body.data).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 900,
      email,
      first_name: 'Ada',
      last_name: 'Obi',
      is_email_verified: true,
      is_phone_verified: false,
      is_identity_verified: false,
      is_set_transaction_pin: false,
    });
    const claims = claimsOf(body.data.access_token);
    expect(claims.exp - claims.iat).toBe(900);
    expect((await sessionRow(claims.sid)).current_jti).toBe(claims.jti);
    expect((await me(body.data.access_token)).statusCode).toBe(200);
  });

  it('a wrong password and an unknown e-mail get the same answer', async () => {
    const customer = await createCustomer(t);
    const wrong = await postLogin(customer.email, 'Wrong!Pass1');
    const unknown = await postLogin('nobody-here@example.com', DEFAULT_PASSWORD);
    expectRefusal(wrong, 401, server.invalidCredentials);
    expectRefusal(unknown, 401, server.invalidCredentials);
  });

  it('an unverified e-mail with the right password is told to verify', async () => {
    const customer = await createCustomer(t, { emailVerified: false });
    expectRefusal(await postLogin(customer.email, customer.password), 403, login.emailNotVerifiedServer);
  });

  describe('throttling', () => {
    let clock: ReturnType<typeof fakeClock>;
    beforeEach(() => {
      clock = fakeClock();
    });
    afterEach(() => clock.restore());

    it('locks an account for 15 minutes after 5 failures, even for the right password', async () => {
      const customer = await createCustomer(t);
      for (let i = 0; i < 5; i += 1) expect((await postLogin(customer.email, 'Wrong!Pass1', { ip: '10.1.0.1' })).statusCode).toBe(401);
      expectRefusal(await postLogin(customer.email, customer.password, { ip: '10.1.0.2' }), 429, server.loginThrottled(15));
      clock.advance(15 * 60 * 1000 + 1000);
      expect((await postLogin(customer.email, customer.password, { ip: '10.1.0.2' })).statusCode).toBe(200);
    });

    it('never says more than the 15 minutes: failures counted by a process whose clock runs ahead still say 15', async () => {
      const customer = await createCustomer(t);
      const ahead = new Date(Date.now() + 3 * 60 * 1000);
      await t.db
        .insertInto('throttle_hits')
        .values(Array.from({ length: 5 }, () => ({ bucket: `login:account:${customer.email.toLowerCase()}`, created_at: ahead })))
        .execute();
      expectRefusal(await postLogin(customer.email, customer.password, { ip: '10.1.1.2' }), 429, server.loginThrottled(15));
    });

    it('a successful login clears the account failures', async () => {
      const customer = await createCustomer(t);
      for (let i = 0; i < 4; i += 1) await postLogin(customer.email, 'Wrong!Pass1', { ip: '10.2.0.1' });
      expect((await postLogin(customer.email, customer.password, { ip: '10.2.0.1' })).statusCode).toBe(200);
      for (let i = 0; i < 4; i += 1) await postLogin(customer.email, 'Wrong!Pass1', { ip: '10.2.0.1' });
      expect((await postLogin(customer.email, customer.password, { ip: '10.2.0.1' })).statusCode).toBe(200);
    });

    it('limits one IP to 20 failures in 15 minutes across accounts', async () => {
      const customer = await createCustomer(t);
      for (let i = 0; i < 20; i += 1) await postLogin(`guess-${i}@example.com`, 'Wrong!Pass1', { ip: '10.3.0.1' });
      expectRefusal(await postLogin(customer.email, customer.password, { ip: '10.3.0.1' }), 429, /^Too many failed sign-in attempts/);
      expect((await postLogin(customer.email, customer.password, { ip: '10.3.0.2' })).statusCode).toBe(200);
    });
  });

  describe('as the password check of a signed-in session', () => {
    it('marks the caller session and answers its own token, opening no new session', async () => {
      const customer = await createCustomer(t);
      const data = await loginThroughApi(t, customer.email, customer.password, customer.headers);
      expect(data.access_token).toBe(customer.token);
      expect((await sessionRow(customer.sessionId)).password_checked_at).toBeInstanceOf(Date);
      const sessions = await t.db.selectFrom('sessions').select('id').where('user_id', '=', customer.id).execute();
      expect(sessions).toHaveLength(1);
    });

    it("another user's token is not marked; a normal session is opened", async () => {
      const alice = await createCustomer(t);
      const bob = await createCustomer(t);
      const data = await loginThroughApi(t, bob.email, bob.password, alice.headers);
      expect(claimsOf(data.access_token).sub).toBe(bob.id);
      expect((await sessionRow(alice.sessionId)).password_checked_at).toBeNull();
    });
  });
});

describe('refresh-token', () => {
  let clock: ReturnType<typeof fakeClock>;
  let customer: Customer;
  beforeEach(async () => {
    clock = fakeClock();
    customer = await createCustomer(t);
  });
  afterEach(() => clock.restore());

  it('rotates a live session token: the new one works, the old one is refused everywhere else', async () => {
    const res = await refresh(customer.email, customer.headers);
    expect(res.statusCode).toBe(200);
    const { token } = res.json().data;
    expect(claimsOf(token)).toMatchObject({ sub: customer.id, sid: customer.sessionId });
    expect(claimsOf(token).jti).not.toBe(claimsOf(customer.token).jti);
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(customer.token)).statusCode).toBe(401);
  });

  it('renews an expired token while the session is live, matching the e-mail in any case', async () => {
    clock.advance(16 * 60 * 1000);
    expect((await me(customer.token)).statusCode).toBe(401);
    const res = await refresh(customer.email.toUpperCase(), customer.headers);
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().data.token)).statusCode).toBe(200);
  });

  it('an e-mail alone never yields a token', async () => {
    expectRefusal(await refresh(customer.email), 401, sessionMessages.expired);
    expectRefusal(await refresh(customer.email, { authorization: 'Bearer nonsense' }), 401, sessionMessages.expired);
  });

  it('a forged token is refused', async () => {
    const claims = claimsOf(customer.token);
    const forged = signAccessToken('x'.repeat(43), { sub: claims.sub, sid: claims.sid, email: claims.email, jti: claims.jti }).token;
    expectRefusal(await refresh(customer.email, bearer(forged)), 401, sessionMessages.expired);
    const [header, , signature] = customer.token.split('.');
    const tampered = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3600 })).toString('base64url');
    expectRefusal(await refresh(customer.email, bearer(`${header}.${tampered}.${signature}`)), 401, sessionMessages.expired);
  });

  it("another user's e-mail is refused and rotates nothing", async () => {
    const other = await createCustomer(t);
    expectRefusal(await refresh(other.email, customer.headers), 403, server.emailMismatch);
    expect((await me(customer.token)).statusCode).toBe(200);
  });

  it('within 10 s of a rotation the previous token refreshes again to the current token (two tabs)', async () => {
    const first = (await refresh(customer.email, customer.headers)).json().data.token;
    clock.advance(9 * 1000);
    const again = await refresh(customer.email, customer.headers);
    expect(again.statusCode).toBe(200);
    expect(claimsOf(again.json().data.token).jti).toBe(claimsOf(first).jti);
    expect((await me(first)).statusCode).toBe(200);
  });

  it('two tabs refreshing the same token at once both end up with the one current token', async () => {
    const answers = await Promise.all([1, 2].map(() => refresh(customer.email, customer.headers)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const [a, b] = answers.map((res) => claimsOf(res.json().data.token).jti);
    expect(a).toBe(b);
    expect((await sessionRow(customer.sessionId)).current_jti).toBe(a);
  });

  it('a rotated token used after 10 s revokes the session', async () => {
    const current = (await refresh(customer.email, customer.headers)).json().data.token;
    clock.advance(11 * 1000);
    expectRefusal(await refresh(customer.email, customer.headers), 401, sessionMessages.expired);
    expect((await me(current)).statusCode).toBe(401);
    expect((await refresh(customer.email, bearer(current))).statusCode).toBe(401);
    expect((await sessionRow(customer.sessionId)).revoked_at).toBeInstanceOf(Date);
  });

  it('a session idle for 30 minutes is over', async () => {
    clock.advance(31 * 60 * 1000);
    expectRefusal(await refresh(customer.email, customer.headers), 401, sessionMessages.expired);
  });

  it('a session ends 12 hours after sign-in even when kept busy', async () => {
    let token = customer.token;
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 25) {
      clock.advance(25 * 60 * 1000);
      const res = await refresh(customer.email, bearer(token));
      if (elapsed + 25 < 12 * 60) {
        expect(res.statusCode).toBe(200);
        token = res.json().data.token;
      } else {
        expect(res.statusCode).toBe(401);
      }
    }
  });
});

describe('logout', () => {
  it('revokes the session: its token then fails everywhere, refresh included', async () => {
    const customer = await createCustomer(t);
    const res = await t.app.inject({ method: 'POST', url: api('/auth/logout'), headers: customer.headers });
    expect(res.json()).toEqual({ success: true, message: server.loggedOut, data: null });
    expect((await me(customer.token)).statusCode).toBe(401);
    expect((await refresh(customer.email, customer.headers)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: api('/auth/logout'), headers: customer.headers })).statusCode).toBe(401);
  });

  it('needs a token', async () => {
    expectRefusal(await t.app.inject({ method: 'POST', url: api('/auth/logout') }), 401, server.unauthorized);
  });
});
