import { buildPath } from '../../../src/shared/endpoints';
import { OTP_RESEND_COOLDOWN_MS } from '../../../src/shared/limits';
import { codes, emailVerification, login, password, resend, server, signUp } from '../../../src/shared/messages';
import type { Req } from '../../../src/shared/types';
import * as customerWallets from '../../../src/server/modules/ledger/customer-wallets';
import {
  api,
  bearer,
  expectRefusal,
  fakeClock,
  latestOtp,
  loginThroughApi,
  outbox,
  signUpBody,
  signUpThroughApi,
  verifiedSignUp,
} from '../../support/auth-flow';
import { buildTestApp, type TestApp } from '../../support/test-app';

// Opening the wallets can be made to fail once (below); otherwise it is the real function. (A
// module's exports cannot be replaced after it is compiled, so it is wrapped when it is loaded.)
jest.mock('../../../src/server/modules/ledger/customer-wallets', () => {
  const actual = jest.requireActual('../../../src/server/modules/ledger/customer-wallets');
  return { ...actual, createCustomerWallets: jest.fn(actual.createCustomerWallets) };
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const postSignUp = (body: Req<'signUp'>) => t.app.inject({ method: 'POST', url: api('/auth/sign-up'), payload: body });
const verifyEmail = (email: string, otp: string) =>
  t.app.inject({ method: 'POST', url: api(buildPath('verifyEmail', { email })), payload: { otp } });
const resendOtp = (email: string) => t.app.inject({ method: 'POST', url: api(buildPath('resendOtp', { email })) });
const loginAs = (email: string, pass: string) =>
  t.app.inject({ method: 'POST', url: api('/auth/login'), payload: { email, password: pass, method: 'EMAIL' } });
const userCount = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email_lower', '=', email.toLowerCase()).execute()).length;

/** dd/MM/yyyy of a local date `years` years and `days` days before today. */
function dobYearsAgo(years: number, days = 0): string {
  const today = new Date();
  const date = new Date(today.getFullYear() - years, today.getMonth(), today.getDate() + days);
  return `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}/${date.getFullYear()}`;
}

describe('sign-up', () => {
  it('creates the account with an argon2id hash, e-mails a 6-digit code stored only hashed, and answers the spec message', async () => {
    const body = signUpBody({ email: 'New.Person@Example.com', address: ' 1 King St ' });
    const res = await postSignUp(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: signUp.success, data: null });

    const [message] = await outbox(t, 'new.person@example.com');
    expect(message.otp).toMatch(/^\d{6}$/);
    expect(message.body).toContain(message.otp);
    const user = await t.db.selectFrom('users').selectAll().where('email_lower', '=', 'new.person@example.com').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: 'New.Person@Example.com', dob: '1990-01-15', address: '1 King St', is_email_verified: false });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const codesStored = await t.db.selectFrom('otps').selectAll().where('user_id', '=', user.id).execute();
    expect(codesStored).toHaveLength(1);
    expect(codesStored[0].code_hash).not.toContain(message.otp!);
  });

  it('leaves nothing behind when opening the wallets fails (one transaction)', async () => {
    jest.mocked(customerWallets.createCustomerWallets).mockRejectedValueOnce(new Error('wallets down'));
    const body = signUpBody();
    const res = await postSignUp(body);
    expect(res.statusCode).toBe(500);
    expect(await userCount(body.email)).toBe(0);
    expect(await outbox(t, body.email)).toEqual([]);
  });

  it.each([
    ['someone under 18', { date_of_birth: dobYearsAgo(18, 1) }, signUp.underAge],
    ['an impossible date', { date_of_birth: '31/02/2000' }, server.invalidDate],
    ['a date in another format', { date_of_birth: '2000-01-31' }, server.invalidDate],
    ['a password shorter than 8', { password: 'Sh0rt!A', confirm_password: 'Sh0rt!A' }, password.rule],
    ['a password without an uppercase letter', { password: 'lowercase1!', confirm_password: 'lowercase1!' }, password.rule],
    ['a password without a special character', { password: 'NoSpecial123', confirm_password: 'NoSpecial123' }, password.rule],
    ['a confirmation that differs', { confirm_password: 'Other!Pass1' }, password.mismatch],
    ['a malformed e-mail', { email: 'not-an-email' }, server.invalidEmail],
    ['an unknown country', { nationality: 'XX' }, server.invalidCountry],
    ['blank names', { legal_first_name: '   ' }, server.namesRequired],
  ])('refuses %s with a clear message and creates nothing', async (_rule, overrides, message) => {
    const body = signUpBody(overrides);
    expectRefusal(await postSignUp(body), 400, message);
    expect(await userCount(body.email)).toBe(0);
  });

  it('accepts someone who turns 18 today', async () => {
    expect((await postSignUp(signUpBody({ date_of_birth: dobYearsAgo(18) }))).statusCode).toBe(200);
  });

  it("counts the age on the date of the device's zone when the app sends it: 18 today in Lagos is 18, whatever the server's date", async () => {
    const clock = fakeClock();
    try {
      // 23:30 UTC on 28 November 2026: already the 29th in Lagos, still the 28th in Vancouver.
      jest.setSystemTime(new Date('2026-11-28T23:30:00Z'));
      const born = '29/11/2008';
      expect((await postSignUp(signUpBody({ date_of_birth: born, timezone: 'Africa/Lagos' }))).statusCode).toBe(200);
      const vancouver = signUpBody({ date_of_birth: born, timezone: 'America/Vancouver' });
      expectRefusal(await postSignUp(vancouver), 400, signUp.underAge);
      expect(await userCount(vancouver.email)).toBe(0);
      const unknownZone = signUpBody({ date_of_birth: '10/05/1990', timezone: 'Mars/Olympus' });
      expectRefusal(await postSignUp(unknownZone), 400, server.invalidTimezone);
      expect(await userCount(unknownZone.email)).toBe(0);
    } finally {
      clock.restore();
    }
  });

  it('refuses an e-mail that is already registered, whatever its case', async () => {
    const { email } = await signUpThroughApi(t, { email: 'taken@example.com' });
    await verifyEmail(email, await latestOtp(t, email));
    expectRefusal(await postSignUp(signUpBody({ email: 'TAKEN@Example.COM' })), 409, server.userExists);
    expect(await userCount(email)).toBe(1);
  });

  it('answers a repeat sign-up of an unverified e-mail with the spec text that sends the client to the code step', async () => {
    const { email } = await signUpThroughApi(t);
    const res = await postSignUp(signUpBody({ email: email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: server.userExistsUnverified });
    expect(res.json().message).toContain(signUp.needsVerificationMarker);
    expect(await userCount(email)).toBe(1);
  });
});

describe('signing up again before verifying: each sign-up gets its own code; the code used decides the details, and a second password keeps neither', () => {
  let clock: ReturnType<typeof fakeClock>;
  beforeEach(() => {
    clock = fakeClock();
  });
  afterEach(() => clock.restore());

  const FIRST_PASSWORD = 'Passw0rd!';
  const NEW_PASSWORD = 'Other0ne!';
  const resubmission = (email: string, password = NEW_PASSWORD) =>
    signUpBody({
      email,
      password,
      legal_first_name: 'David',
      legal_last_name: 'Stone',
      date_of_birth: '02/02/1992',
      nationality: 'CA',
      country_of_residence: 'NG',
      address: '9 Bay St',
    });
  const currentUser = async (email: string, pass: string) => {
    const { access_token: token } = await loginThroughApi(t, email, pass);
    return (await t.app.inject({ method: 'GET', url: api('/auth/user'), headers: bearer(token) })).json().data;
  };
  /** No password signs in; the mailbox says why and how to choose one; Forgot password sets one that does. */
  const expectPasswordToChoose = async (email: string, ...refused: string[]) => {
    for (const pass of refused) expectRefusal(await loginAs(email, pass), 401, server.invalidCredentials);
    const [mail] = await outbox(t, email);
    expect(mail.subject).toBe('Kudi: Choose your password');
    expect(mail.body).toContain('It was used for more than one Kudi sign-up, with different passwords, so to keep your account safe none of those passwords works.');
    expect(mail.body).toContain('"Forgot your password?"');
    clock.advance(OTP_RESEND_COOLDOWN_MS);
    await t.app.inject({ method: 'POST', url: api('/auth/forgot-password'), payload: { email } });
    expect((await t.app.inject({ method: 'POST', url: api(buildPath('verifyOtp', { email })), payload: { otp: await latestOtp(t, email) } })).statusCode).toBe(200);
    const chosen = 'Ch0sen!Now';
    const reset = await t.app.inject({
      method: 'POST',
      url: api(buildPath('resetPassword', { email })),
      payload: { new_password: chosen, confirm_password: chosen, is_link: false },
    });
    expect(reset.statusCode).toBe(200);
    return chosen;
  };
  /** The codes in the mailbox, oldest first, with the sign-up each names. */
  const mailbox = async (email: string) =>
    (await outbox(t, email)).map((mail) => ({ otp: mail.otp ?? '', body: mail.body })).reverse();

  it("the mailbox's owner who signs up after a stranger used their address: the owner's code verifies the owner's details; neither password signs in until the owner chooses one", async () => {
    const { email } = await signUpThroughApi(t, { password: FIRST_PASSWORD, legal_first_name: 'Mallory' });
    // The owner signs up at once (within the stranger's resend cool-down), and is sent to the code step.
    const res = await postSignUp(resubmission(email));
    expect(res.json()).toEqual({ success: false, message: server.userExistsUnverified });
    const mails = await mailbox(email);
    expect(mails).toHaveLength(2);
    expect(mails[0].body).toContain('It confirms the sign-up of Mallory Obi.');
    expect(mails[1].body).toContain('It confirms the sign-up of David Stone.');

    expect((await verifyEmail(email, mails[1].otp)).json()).toEqual({ success: true, message: emailVerification.success, data: { choose_password: true } });
    const chosen = await expectPasswordToChoose(email, FIRST_PASSWORD, NEW_PASSWORD);
    expect(await currentUser(email, chosen)).toMatchObject({
      first_name: 'David',
      last_name: 'Stone',
      dob: '02/02/1992',
      nationality: 'CA',
      country_of_residence: 'NG',
      address: '9 Bay St',
    });
    // The stranger's code is over with the e-mail verified; one account, its deposit address from the owner's names.
    expect((await verifyEmail(email, mails[0].otp)).statusCode).toBe(409);
    expect(await userCount(email)).toBe(1);
    const { access_token: token } = await loginThroughApi(t, email, chosen);
    const wallet = (await t.app.inject({ method: 'GET', url: api('/wallet/cad-wallet'), headers: bearer(token) })).json().data;
    expect(wallet.email).toMatch(/^davidstone\.[a-z2-7]{8}@/);
  });

  it("a stranger who signs up after the owner gets a code of their own; the owner's code verifies the owner's details, and neither password signs in until the owner chooses one", async () => {
    const { email } = await signUpThroughApi(t, { password: FIRST_PASSWORD, legal_first_name: 'Dave' });
    const ownersCode = await latestOtp(t, email);
    clock.advance(61 * 1000);
    expect((await postSignUp(resubmission(email))).json()).toEqual({ success: false, message: server.userExistsUnverified });
    expect(await outbox(t, email)).toHaveLength(2);
    // Until a code is used, the account is as the owner gave it.
    expectRefusal(await loginAs(email, NEW_PASSWORD), 401, server.invalidCredentials);

    expect((await verifyEmail(email, ownersCode)).json()).toEqual({ success: true, message: emailVerification.success, data: { choose_password: true } });
    const chosen = await expectPasswordToChoose(email, NEW_PASSWORD, FIRST_PASSWORD);
    expect(await currentUser(email, chosen)).toMatchObject({ first_name: 'Dave', last_name: 'Obi' });
  });

  it("a stranger who signs up after the owner with the owner's own name: the owner, on the code step, asks for a code and uses the newest (the stranger's); the stranger's password still signs in to nothing", async () => {
    const owner = { password: FIRST_PASSWORD, legal_first_name: 'Vic', legal_last_name: 'Tim' };
    const { email } = await signUpThroughApi(t, owner);
    const stranger = signUpBody({ ...owner, email, password: NEW_PASSWORD });
    expect((await postSignUp(stranger)).json()).toEqual({ success: false, message: server.userExistsUnverified });
    clock.advance(OTP_RESEND_COOLDOWN_MS);
    expect((await resendOtp(email)).statusCode).toBe(200);
    const mails = await mailbox(email);
    // The three e-mails read alike: the owner cannot tell whose sign-up each code confirms.
    expect(new Set(mails.map((mail) => mail.body.replace(/\d{6}/, '')))).toEqual(new Set([mails[0].body.replace(/\d{6}/, '')]));
    expect((await verifyEmail(email, mails[2].otp)).json()).toEqual({ success: true, message: emailVerification.success, data: { choose_password: true } });
    const chosen = await expectPasswordToChoose(email, NEW_PASSWORD, FIRST_PASSWORD);
    expect((await currentUser(email, chosen)).first_name).toBe('Vic');
  });

  it("a wrong code counts against every live code of the address; 5 wrong tries end them all", async () => {
    const { email } = await signUpThroughApi(t, { password: FIRST_PASSWORD });
    await postSignUp(resubmission(email));
    const [first, second] = (await mailbox(email)).map((mail) => mail.otp);
    const wrong = ['000000', '111111', '222222', '333333', '444444', '555555'].find((code) => code !== first && code !== second)!;
    for (let i = 0; i < 4; i += 1) expectRefusal(await verifyEmail(email, wrong), 400, emailVerification.invalidOtp);
    expect((await verifyEmail(email, wrong)).statusCode).toBe(429);
    expect((await verifyEmail(email, second)).statusCode).toBe(429);
    expect((await verifyEmail(email, first)).statusCode).toBe(429);
  });

  it('a day later, the old code has lapsed; the new sign-up verifies with its own code, and a password is chosen as after any second password', async () => {
    const { email } = await signUpThroughApi(t, { password: FIRST_PASSWORD, legal_first_name: 'Dave' });
    const firstCode = await latestOtp(t, email);
    clock.advance(24 * 60 * 60 * 1000);
    expect((await postSignUp(resubmission(email))).statusCode).toBe(409);
    const freshCode = await latestOtp(t, email);
    if (freshCode !== firstCode) expectRefusal(await verifyEmail(email, firstCode), 400, emailVerification.invalidOtp);
    expect((await verifyEmail(email, freshCode)).json()).toEqual({ success: true, message: emailVerification.success, data: { choose_password: true } });
    const chosen = await expectPasswordToChoose(email, FIRST_PASSWORD, NEW_PASSWORD);
    expect((await currentUser(email, chosen)).first_name).toBe('David');
  });

  it('a code asked on the code step (resend) is for the newest sign-up, and says whose', async () => {
    const { email } = await signUpThroughApi(t, { password: FIRST_PASSWORD, legal_first_name: 'Dave' });
    clock.advance(61 * 1000);
    await postSignUp(resubmission(email));
    clock.advance(61 * 1000);
    expect((await resendOtp(email)).statusCode).toBe(200);
    const mails = await mailbox(email);
    expect(mails).toHaveLength(3);
    expect(mails[2].body).toContain('It confirms the sign-up of David Stone.');
    expect((await verifyEmail(email, mails[2].otp)).json()).toEqual({ success: true, message: emailVerification.success, data: { choose_password: true } });
    const chosen = await expectPasswordToChoose(email, FIRST_PASSWORD, NEW_PASSWORD);
    expect((await currentUser(email, chosen)).first_name).toBe('David');
  });

  it('within the resend cool-down, the same password corrects the details; the code already in the mailbox confirms them', async () => {
    const { email } = await signUpThroughApi(t, { password: FIRST_PASSWORD, legal_first_name: 'Dave' });
    const res = await postSignUp(resubmission(email, FIRST_PASSWORD));
    expect(res.json()).toEqual({ success: false, message: server.userExistsUnverified });
    expect(await outbox(t, email)).toHaveLength(1);

    expect((await verifyEmail(email, await latestOtp(t, email))).json()).toEqual({ success: true, message: emailVerification.success, data: null });
    expect(await currentUser(email, FIRST_PASSWORD)).toMatchObject({ first_name: 'David', last_name: 'Stone', address: '9 Bay St' });
    // One password throughout: nothing to choose, and no such e-mail.
    expect((await outbox(t, email)).map((mail) => mail.subject)).not.toContain('Kudi: Choose your password');
  });

  it('a reset code asked before the new sign-up no longer works (it belonged to the earlier submission)', async () => {
    const { email } = await signUpThroughApi(t, { password: FIRST_PASSWORD });
    await t.app.inject({ method: 'POST', url: api('/auth/forgot-password'), payload: { email } });
    const resetCode = await latestOtp(t, email);
    await postSignUp(resubmission(email, FIRST_PASSWORD));
    const res = await t.app.inject({ method: 'POST', url: api(buildPath('verifyOtp', { email })), payload: { otp: resetCode } });
    expectRefusal(res, 400, emailVerification.invalidOtp);
  });

  it('a verified account is left as it was', async () => {
    const { email } = await verifiedSignUp(t, { password: FIRST_PASSWORD, legal_first_name: 'Dave' });
    clock.advance(61 * 1000);
    expectRefusal(await postSignUp(resubmission(email)), 409, server.userExists);
    expect(await outbox(t, email)).toHaveLength(1);
    expectRefusal(await loginAs(email, NEW_PASSWORD), 401, server.invalidCredentials);
    expect((await currentUser(email, FIRST_PASSWORD)).first_name).toBe('Dave');
  });

  it('two sign-ups racing for a new e-mail make one account; either way the answer is the spec text', async () => {
    const email = `race-${Date.now()}@example.com`;
    const answers = await Promise.all([postSignUp(signUpBody({ email, password: FIRST_PASSWORD })), postSignUp(resubmission(email))]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.statusCode === 409)!.json().message).toContain(signUp.needsVerificationMarker);
    expect(await userCount(email)).toBe(1);
  });
});

describe('e-mail verification codes', () => {
  let clock: ReturnType<typeof fakeClock>;
  beforeEach(() => {
    clock = fakeClock();
  });
  afterEach(() => clock.restore());

  it('a right code verifies the e-mail, then login works; before that login says the e-mail is not verified', async () => {
    const { email, password: pass } = await signUpThroughApi(t);
    expectRefusal(await loginAs(email, pass), 403, login.emailNotVerifiedServer);
    const res = await verifyEmail(email, await latestOtp(t, email));
    expect(res.json()).toEqual({ success: true, message: emailVerification.success, data: null });
    expect((await loginAs(email, pass)).statusCode).toBe(200);
    expectRefusal(await verifyEmail(email, '123456'), 409, server.emailAlreadyVerified);
  });

  it('a wrong code is refused; after 5 wrong tries even the right code is dead', async () => {
    const { email } = await signUpThroughApi(t);
    const right = await latestOtp(t, email);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) expectRefusal(await verifyEmail(email, wrong), 400, emailVerification.invalidOtp);
    expectRefusal(await verifyEmail(email, wrong), 429, server.otpTooManyAttempts);
    expectRefusal(await verifyEmail(email, right), 429, server.otpTooManyAttempts);
    const user = await t.db.selectFrom('users').select('is_email_verified').where('email_lower', '=', email).executeTakeFirstOrThrow();
    expect(user.is_email_verified).toBe(false);
  });

  it('a malformed code is refused without using up a try', async () => {
    const { email } = await signUpThroughApi(t);
    expectRefusal(await verifyEmail(email, '12ab56'), 400, codes.invalidSixDigitPin);
    const [row] = await t.db.selectFrom('otps').innerJoin('users', 'users.id', 'otps.user_id').select('attempts').where('email_lower', '=', email).execute();
    expect(row.attempts).toBe(0);
  });

  it('a code expires after 10 minutes', async () => {
    const { email } = await signUpThroughApi(t);
    const code = await latestOtp(t, email);
    clock.advance(10 * 60 * 1000 + 1000);
    expectRefusal(await verifyEmail(email, code), 400, server.otpExpired);
  });

  it('resend waits 60 s, sends a new code that replaces the old one', async () => {
    const { email } = await signUpThroughApi(t);
    const first = await latestOtp(t, email);
    expectRefusal(await resendOtp(email), 429, server.otpCooldown);
    clock.advance(61 * 1000);
    const res = await resendOtp(email);
    expect(res.json()).toEqual({ success: true, message: resend.success, data: null });
    const second = await latestOtp(t, email);
    expect(await outbox(t, email)).toHaveLength(2);
    if (first !== second) expectRefusal(await verifyEmail(email, first), 400, emailVerification.invalidOtp);
    expect((await verifyEmail(email, second)).statusCode).toBe(200);
  });

  it('the resend cool-down is the shared OTP_RESEND_COOLDOWN_MS the code steps count down: refused a second before, sent at it', async () => {
    const { email } = await signUpThroughApi(t);
    clock.advance(OTP_RESEND_COOLDOWN_MS - 1000);
    expectRefusal(await resendOtp(email), 429, server.otpCooldown);
    clock.advance(1000);
    expect((await resendOtp(email)).json()).toEqual({ success: true, message: resend.success, data: null });
    expect(await outbox(t, email)).toHaveLength(2);
  });

  it('a sign-in with an unverified e-mail sends no code; the sign-in screen asks for one through resend, and that code verifies', async () => {
    const { email, password: pass } = await signUpThroughApi(t);
    clock.advance(OTP_RESEND_COOLDOWN_MS);
    expectRefusal(await loginAs(email, pass), 403, login.emailNotVerifiedServer);
    expect(await outbox(t, email)).toHaveLength(1);

    expect((await resendOtp(email)).json()).toEqual({ success: true, message: resend.success, data: null });
    expect(await outbox(t, email)).toHaveLength(2);
    expect((await verifyEmail(email, await latestOtp(t, email))).json()).toEqual({ success: true, message: emailVerification.success, data: null });
    expect((await loginAs(email, pass)).statusCode).toBe(200);
  });

  it('sends at most 5 codes an hour', async () => {
    const { email } = await signUpThroughApi(t);
    for (let i = 0; i < 4; i += 1) {
      clock.advance(61 * 1000);
      expect((await resendOtp(email)).statusCode).toBe(200);
    }
    clock.advance(61 * 1000);
    expectRefusal(await resendOtp(email), 429, /^Too many codes requested\. Try again in \d+ minutes\.$/);
    clock.advance(60 * 60 * 1000);
    expect((await resendOtp(email)).statusCode).toBe(200);
  });

  it('an unknown e-mail gets the same resend answer and nothing is sent; so does a verified one (no account probing)', async () => {
    expect((await resendOtp('nobody@example.com')).json()).toEqual({ success: true, message: resend.success, data: null });
    expect(await outbox(t, 'nobody@example.com')).toEqual([]);
    expectRefusal(await verifyEmail('nobody@example.com', '123456'), 400, server.invalidOrExpiredOtp);

    const { email } = await signUpThroughApi(t);
    await verifyEmail(email, await latestOtp(t, email));
    clock.advance(61 * 1000);
    expect((await resendOtp(email)).json()).toEqual({ success: true, message: resend.success, data: null });
    expect(await outbox(t, email)).toHaveLength(1);
  });

  it('resend on the code step of an unverified account sends an e-mail code verify-email takes, even with a reset pending', async () => {
    const { email } = await signUpThroughApi(t);
    await t.app.inject({ method: 'POST', url: api('/auth/forgot-password'), payload: { email } });
    clock.advance(61 * 1000);
    expect((await resendOtp(email)).json()).toEqual({ success: true, message: resend.success, data: null });

    const [reset, verify] = await outbox(t, email);
    expect(verify.subject).toMatch(/Verify your email address/);
    expect((await verifyEmail(email, verify.otp!)).json()).toEqual({ success: true, message: emailVerification.success, data: null });
    // The reset screen's resend also got its new code, which verify-otp takes.
    expect(reset.subject).toMatch(/Reset your password/);
    const res = await t.app.inject({ method: 'POST', url: api(buildPath('verifyOtp', { email })), payload: { otp: reset.otp } });
    expect(res.statusCode).toBe(200);
  });

  it('resend for a verified account with a reset pending sends a reset code', async () => {
    const { email } = await verifiedSignUp(t);
    await t.app.inject({ method: 'POST', url: api('/auth/forgot-password'), payload: { email } });
    clock.advance(61 * 1000);
    expect((await resendOtp(email)).statusCode).toBe(200);
    const [latest] = await outbox(t, email);
    expect(latest.subject).toMatch(/Reset your password/);
    const res = await t.app.inject({ method: 'POST', url: api(buildPath('verifyOtp', { email })), payload: { otp: latest.otp } });
    expect(res.statusCode).toBe(200);
  });
});
