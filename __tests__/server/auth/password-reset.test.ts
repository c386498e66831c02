import { buildPath } from '../../../src/shared/endpoints';
import { emailVerification, forgotPassword, password, resend, server } from '../../../src/shared/messages';
import { OTP_RESEND_COOLDOWN_MS } from '../../../src/shared/limits';
import { api, bearer, expectRefusal, fakeClock, latestOtp, loginThroughApi, outbox, signUpThroughApi } from '../../support/auth-flow';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Brand!New2';

const forgot = (email: string) => t.app.inject({ method: 'POST', url: api('/auth/forgot-password'), payload: { email } });
const verifyOtp = (email: string, otp: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: api(buildPath('verifyOtp', { email })), payload: { otp }, remoteAddress });
const resendOtp = (email: string) => t.app.inject({ method: 'POST', url: api(buildPath('resendOtp', { email })) });
const reset = (email: string, headers: Record<string, string> = {}, newPassword = NEW_PASSWORD, confirm = newPassword, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: api(buildPath('resetPassword', { email })),
    headers,
    payload: { new_password: newPassword, confirm_password: confirm, is_link: false },
    remoteAddress,
  });
const loginStatus = async (email: string, pass: string) =>
  (await t.app.inject({ method: 'POST', url: api('/auth/login'), payload: { email, password: pass, method: 'EMAIL' } })).statusCode;
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: api('/auth/user'), headers });

/** forgot-password + verify-otp: the customer holds a fresh reset grant. */
async function grantReset(customer: Customer): Promise<void> {
  await forgot(customer.email);
  const res = await verifyOtp(customer.email, await latestOtp(t, customer.email));
  expect(res.json()).toEqual({ success: true, message: forgotPassword.codeVerified, data: null });
}

describe('forgot password', () => {
  let clock: ReturnType<typeof fakeClock>;
  beforeEach(() => {
    clock = fakeClock();
  });
  afterEach(() => clock.restore());

  it('answers the same for an unknown address and sends nothing', async () => {
    const customer = await createCustomer(t);
    const known = await forgot(customer.email);
    const unknown = await forgot('no-account@example.com');
    expect(known.json()).toEqual({ success: true, message: forgotPassword.emailSent, data: null });
    expect(unknown.json()).toEqual(known.json());
    expect(await outbox(t, 'no-account@example.com')).toEqual([]);
    expect(await outbox(t, customer.email)).toHaveLength(1);
    expect((await forgot(customer.email)).json()).toEqual(known.json());
  });

  it('a verified reset code allows one new password; the old one stops working and every session ends', async () => {
    const customer = await createCustomer(t);
    await grantReset(customer);
    const res = await reset(customer.email);
    expect(res.json()).toEqual({ success: true, message: forgotPassword.resetSuccess, data: null });
    expect(await loginStatus(customer.email, customer.password)).toBe(401);
    expect(await loginStatus(customer.email, NEW_PASSWORD)).toBe(200);
    expect((await me(customer.headers)).statusCode).toBe(401);
    expectRefusal(await reset(customer.email, {}, 'Another!Pass3'), 403, server.resetNotAllowed);
  });

  it('the grant belongs to the address that verified the code: another IP is refused as if there were none, and the grant stays', async () => {
    const customer = await createCustomer(t);
    await forgot(customer.email);
    expect((await verifyOtp(customer.email, await latestOtp(t, customer.email), '198.51.100.7')).json()).toEqual({
      success: true,
      message: forgotPassword.codeVerified,
      data: null,
    });
    expectRefusal(await reset(customer.email, {}, 'Stolen!Pass1', 'Stolen!Pass1', '203.0.113.66'), 403, server.resetNotAllowed);
    expectRefusal(await reset(customer.email), 403, server.resetNotAllowed);
    expect(await loginStatus(customer.email, customer.password)).toBe(200);
    expect(await loginStatus(customer.email, 'Stolen!Pass1')).toBe(401);
    const res = await reset(customer.email, {}, NEW_PASSWORD, NEW_PASSWORD, '198.51.100.7');
    expect(res.json()).toEqual({ success: true, message: forgotPassword.resetSuccess, data: null });
    expect(await loginStatus(customer.email, NEW_PASSWORD)).toBe(200);
    expectRefusal(await reset(customer.email, {}, 'Another!Pass3', 'Another!Pass3', '198.51.100.7'), 403, server.resetNotAllowed);
  });

  it('without a verified code the reset is refused and the password stays', async () => {
    const customer = await createCustomer(t);
    await forgot(customer.email);
    expectRefusal(await reset(customer.email), 403, server.resetNotAllowed);
    expectRefusal(await reset('no-account@example.com'), 403, server.resetNotAllowed);
    expect(await loginStatus(customer.email, customer.password)).toBe(200);
  });

  it("a reset code verifies an unverified address and keeps no password of its sign-up (a stranger's, maybe); the reset sets the owner's", async () => {
    // A stranger signed up with the owner's address and never verified it.
    const email = `reset-unverified-${Date.now()}@example.com`;
    const strangers = 'Stranger!Pw1';
    await signUpThroughApi(t, { email, password: strangers });
    expect((await t.app.inject({ method: 'POST', url: api('/auth/login'), payload: { email, password: strangers, method: 'EMAIL' } })).statusCode).toBe(403);
    clock.advance(OTP_RESEND_COOLDOWN_MS);
    await grantReset({ email } as Customer);
    // The address is verified now, and the stranger's password signs in to nothing.
    expect(await loginStatus(email, strangers)).toBe(401);
    expect((await reset(email)).json()).toEqual({ success: true, message: forgotPassword.resetSuccess, data: null });
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
    expect(await loginStatus(email, strangers)).toBe(401);
  });

  it('the grant lasts 10 minutes', async () => {
    const customer = await createCustomer(t);
    await grantReset(customer);
    clock.advance(10 * 60 * 1000 + 1000);
    expectRefusal(await reset(customer.email), 403, server.resetNotAllowed);
  });

  it('the new password must follow the rule and match its confirmation (the grant is kept)', async () => {
    const customer = await createCustomer(t);
    await grantReset(customer);
    expectRefusal(await reset(customer.email, {}, 'weakpass'), 400, password.rule);
    expectRefusal(await reset(customer.email, {}, NEW_PASSWORD, 'Other!Pass9'), 400, password.mismatch);
    expect((await reset(customer.email)).statusCode).toBe(200);
  });

  it('a wrong reset code is counted: the 6th try is refused even with the right code', async () => {
    const customer = await createCustomer(t);
    await forgot(customer.email);
    const right = await latestOtp(t, customer.email);
    const wrong = right === '999999' ? '888888' : '999999';
    for (let i = 0; i < 4; i += 1) expectRefusal(await verifyOtp(customer.email, wrong), 400, emailVerification.invalidOtp);
    expectRefusal(await verifyOtp(customer.email, wrong), 429, server.otpTooManyAttempts);
    expectRefusal(await verifyOtp(customer.email, right), 429, server.otpTooManyAttempts);
    // The code is dead: asking again at once sends a new one that works (no cool-down to wait out).
    expect((await forgot(customer.email)).json()).toEqual({ success: true, message: forgotPassword.emailSent, data: null });
    const fresh = await latestOtp(t, customer.email);
    expect((await verifyOtp(customer.email, fresh)).json()).toEqual({ success: true, message: forgotPassword.codeVerified, data: null });
  });

  it('a reset finished within the cool-down: Forgot password again at once sends a new code', async () => {
    const customer = await createCustomer(t);
    await grantReset(customer);
    expect((await reset(customer.email)).json()).toEqual({ success: true, message: forgotPassword.resetSuccess, data: null });
    clock.advance(10 * 1000);
    expect((await forgot(customer.email)).json()).toEqual({ success: true, message: forgotPassword.emailSent, data: null });
    const mails = await outbox(t, customer.email);
    expect(mails.filter((mail) => mail.otp)).toHaveLength(2);
    expect((await verifyOtp(customer.email, mails[0].otp!)).json()).toEqual({ success: true, message: forgotPassword.codeVerified, data: null });
  });

  it('an e-mail verification code does not open a reset (codes are bound to their purpose)', async () => {
    const customer = await createCustomer(t, { emailVerified: false });
    await resendOtp(customer.email);
    expectRefusal(await verifyOtp(customer.email, await latestOtp(t, customer.email)), 400, emailVerification.invalidOtp);
    expectRefusal(await reset(customer.email), 403, server.resetNotAllowed);
  });

  it('verify-otp answers an unknown address exactly like a known one without a live code (no account probing)', async () => {
    const customer = await createCustomer(t);
    const noCode = await verifyOtp(customer.email, '123456');
    const unknown = await verifyOtp('no-account@example.com', '123456');
    expectRefusal(unknown, 400, emailVerification.invalidOtp);
    expect(noCode.json()).toEqual(unknown.json());
    expect(noCode.statusCode).toBe(unknown.statusCode);

    // A reset code that expired, and a wrong guess at a live one, answer the same too.
    await forgot(customer.email);
    const expired = await latestOtp(t, customer.email);
    clock.advance(10 * 60 * 1000 + 1000);
    expectRefusal(await verifyOtp(customer.email, expired), 400, emailVerification.invalidOtp);
    clock.advance(61 * 1000);
    await forgot(customer.email);
    const live = await latestOtp(t, customer.email);
    expectRefusal(await verifyOtp(customer.email, live === '123456' ? '654321' : '123456'), 400, emailVerification.invalidOtp);
  });

  it('resend answers an unknown address exactly like a verified one without a pending reset, and sends nothing', async () => {
    const customer = await createCustomer(t);
    const known = await resendOtp(customer.email);
    const unknown = await resendOtp('no-account@example.com');
    expect(unknown.json()).toEqual({ success: true, message: resend.success, data: null });
    expect(known.json()).toEqual(unknown.json());
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(await outbox(t, customer.email)).toEqual([]);
    expect(await outbox(t, 'no-account@example.com')).toEqual([]);
  });

  it('resend during a pending reset sends a new reset code', async () => {
    const customer = await createCustomer(t);
    await forgot(customer.email);
    clock.advance(61 * 1000);
    expect((await resendOtp(customer.email)).statusCode).toBe(200);
    const [latest] = await outbox(t, customer.email);
    expect(latest.subject).toMatch(/Reset your password/);
    expect((await verifyOtp(customer.email, latest.otp!)).statusCode).toBe(200);
  });

  it('guesses are throttled per IP across addresses', async () => {
    for (let i = 0; i < 30; i += 1) {
      await t.app.inject({ method: 'POST', url: api(buildPath('verifyOtp', { email: `x${i}@example.com` })), payload: { otp: '123456' }, remoteAddress: '10.9.0.1' });
    }
    const res = await t.app.inject({ method: 'POST', url: api(buildPath('verifyOtp', { email: 'y@example.com' })), payload: { otp: '123456' }, remoteAddress: '10.9.0.1' });
    expectRefusal(res, 429, /^Too many requests\. Try again in \d+ minutes?\.$/);
  });
});

describe('password change from the profile (signed in)', () => {
  let clock: ReturnType<typeof fakeClock>;
  beforeEach(() => {
    clock = fakeClock();
  });
  afterEach(() => clock.restore());

  it('needs a fresh password check in this session', async () => {
    const customer = await createCustomer(t);
    expectRefusal(await reset(customer.email, customer.headers), 403, server.passwordCheckRequired);
  });

  it("after the check it changes the password with the profile's text (no 'please login'), keeps this session and ends the others; the check is used up", async () => {
    const customer = await createCustomer(t);
    const otherDevice = await loginThroughApi(t, customer.email, customer.password);
    await loginThroughApi(t, customer.email, customer.password, customer.headers);
    expect((await reset(customer.email, customer.headers)).json()).toEqual({ success: true, message: 'Password changed successfully!', data: null });
    expect((await me(customer.headers)).statusCode).toBe(200);
    expect((await me(bearer(otherDevice.access_token))).statusCode).toBe(401);
    expectRefusal(await reset(customer.email, customer.headers, 'Third!Pass4'), 403, server.passwordCheckRequired);
  });

  it('a check older than 5 minutes is stale', async () => {
    const customer = await createCustomer(t);
    await loginThroughApi(t, customer.email, customer.password, customer.headers);
    clock.advance(5 * 60 * 1000 + 1000);
    expectRefusal(await reset(customer.email, customer.headers), 403, server.passwordCheckRequired);
  });

  it("a signed-in user's check cannot reset another user's password", async () => {
    const alice = await createCustomer(t);
    const bob = await createCustomer(t);
    await loginThroughApi(t, alice.email, alice.password, alice.headers);
    expectRefusal(await reset(bob.email, alice.headers), 403, server.resetNotAllowed);
    expect(await loginStatus(bob.email, bob.password)).toBe(200);
  });
});
