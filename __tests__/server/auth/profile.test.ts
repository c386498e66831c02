import { buildPath } from '../../../src/shared/endpoints';
import { answers, codes, help, phone, profile, server } from '../../../src/shared/messages';
import { SUPPORT_EMAIL } from '../../../src/shared/product';
import type { Req } from '../../../src/shared/types';
import { api, expectRefusal, latestOtp, outbox } from '../../support/auth-flow';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const getUser = (customer: Customer) => t.app.inject({ method: 'GET', url: api('/auth/user'), headers: customer.headers });
const post = (path: string, customer: Customer, payload: object) =>
  t.app.inject({ method: 'POST', url: api(path), headers: customer.headers, payload });
const updateProfile = (customer: Customer, changes: Partial<Req<'updateProfile'>> = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: api('/auth/update-profile'),
    headers: customer.headers,
    payload: {
      address: '12 Queen St W',
      country_of_residence: 'CA',
      dob: '15/01/1990',
      first_name: customer.firstName,
      last_name: customer.lastName,
      nationlaity: 'NG',
      ...changes,
    },
  });
const sendPhoneOtp = (customer: Customer, phoneNumber: string) => post('/auth/send-otp-phone', customer, { phone_number: phoneNumber });
const verifyPhone = (customer: Customer, phoneNumber: string, otp: string) =>
  post(buildPath('verifyPhone', { phone_number: phoneNumber }), customer, { otp });
const userRow = (customer: Customer) => t.db.selectFrom('users').selectAll().where('id', '=', customer.id).executeTakeFirstOrThrow();

describe('GET /auth/user', () => {
  it("answers the signed-in user's own fields", async () => {
    const customer = await createCustomer(t, { phoneVerified: false, identityVerified: false });
    const res = await getUser(customer);
    expect(res.json()).toEqual({
      success: true,
      message: answers.user,
      data: {
        is_email_verified: true,
        is_phone_verified: false,
        is_identity_verified: false,
        is_set_transaction_pin: true,
        first_name: 'Ada',
        last_name: 'Obi',
        email: customer.email,
        phone_number: null,
        address: '',
        nationality: 'NG',
        country_of_residence: 'CA',
        dob: '15/01/1990',
        identity_status: 'unverified',
      },
    });
  });

  it('needs a valid token', async () => {
    expectRefusal(await t.app.inject({ method: 'GET', url: api('/auth/user') }), 401, server.unauthorized);
    expectRefusal(await t.app.inject({ method: 'GET', url: api('/auth/user'), headers: { authorization: 'Bearer x.y.z' } }), 401, server.unauthorized);
  });
});

describe('update-timezone', () => {
  it('stores a real IANA zone and refuses anything else', async () => {
    const customer = await createCustomer(t);
    expect((await post('/auth/update-timezone', customer, { timezone: 'Africa/Lagos' })).json()).toEqual({ success: true, message: server.timezoneUpdated, data: null });
    expect((await userRow(customer)).timezone).toBe('Africa/Lagos');
    expectRefusal(await post('/auth/update-timezone', customer, { timezone: 'Mars/Olympus' }), 400, server.invalidTimezone);
    expectRefusal(await post('/auth/update-timezone', customer, { timezone: '' }), 400, server.invalidTimezone);
  });

  it("keeps the device's name of a zone that ICU knows by an older one, and puts a name in its case", async () => {
    const customer = await createCustomer(t);
    for (const [sent, stored] of [
      ['Europe/Kyiv', 'Europe/Kyiv'], // ICU (Node's Intl): Europe/Kiev
      ['Asia/Kolkata', 'Asia/Kolkata'], // Asia/Calcutta
      [' Asia/Kathmandu ', 'Asia/Kathmandu'], // Asia/Katmandu
      ['Asia/Calcutta', 'Asia/Calcutta'],
      ['asia/tokyo', 'Asia/Tokyo'],
      ['asia/kolkata', 'Asia/Calcutta'], // not written as a name: ICU's
    ]) {
      expect([sent, (await post('/auth/update-timezone', customer, { timezone: sent })).statusCode]).toEqual([sent, 200]);
      expect([sent, (await userRow(customer)).timezone]).toEqual([sent, stored]);
    }
  });
});

describe('update-profile', () => {
  it('updates the address and residence', async () => {
    const customer = await createCustomer(t);
    expect((await updateProfile(customer, { country_of_residence: 'GB' })).json()).toEqual({ success: true, message: profile.updated, data: null });
    expect(await userRow(customer)).toMatchObject({ address: '12 Queen St W', country_of_residence: 'GB' });
  });

  it('fixes names and nationality once e-mail, phone and identity are verified', async () => {
    const customer = await createCustomer(t);
    expectRefusal(await updateProfile(customer, { first_name: 'Adaeze' }), 403, server.profileLocked);
    expectRefusal(await updateProfile(customer, { last_name: 'Okoro' }), 403, server.profileLocked);
    expectRefusal(await updateProfile(customer, { nationlaity: 'GH' }), 403, server.profileLocked);
    expect(await userRow(customer)).toMatchObject({ first_name: 'Ada', last_name: 'Obi', nationality: 'NG', is_identity_verified: true });
  });

  it('before the phone is verified, names and nationality may still be corrected (spec §4: fixed once all three are); a correction ends the identity check of the old names', async () => {
    const customer = await createCustomer(t, { phoneVerified: false });
    // The stored values again (any spacing or case of the country code) are no change: the check stands.
    const same = await updateProfile(customer, { first_name: ' Ada ', nationlaity: 'ng', country_of_residence: 'GB' });
    expect(same.json()).toEqual({ success: true, message: profile.updated, data: null });
    expect(await userRow(customer)).toMatchObject({ first_name: 'Ada', nationality: 'NG', address: '12 Queen St W', country_of_residence: 'GB', is_identity_verified: true });

    expect((await updateProfile(customer, { first_name: 'Adaeze', nationlaity: 'GH' })).json()).toEqual({ success: true, message: profile.updated, data: null });
    expect(await userRow(customer)).toMatchObject({ first_name: 'Adaeze', last_name: 'Obi', nationality: 'GH', is_identity_verified: false });
    const user = (await t.app.inject({ method: 'GET', url: api('/auth/user'), headers: customer.headers })).json().data;
    expect(user).toMatchObject({ first_name: 'Adaeze', nationality: 'GH', is_identity_verified: false, identity_status: 'unverified' });
  });

  it('lets a not yet verified user correct names and nationality', async () => {
    const customer = await createCustomer(t, { identityVerified: false });
    expect((await updateProfile(customer, { first_name: 'Adaeze', nationlaity: 'GH' })).statusCode).toBe(200);
    expect(await userRow(customer)).toMatchObject({ first_name: 'Adaeze', nationality: 'GH' });
  });

  it.each([
    ['an empty field', { address: '  ' }, 400, profile.fieldsRequired],
    ['a different date of birth', { dob: '16/01/1990' }, 400, server.dobUnchangeable],
    ['an impossible date of birth', { dob: '30/02/1990' }, 400, server.invalidDate],
    ['an unknown country', { country_of_residence: 'ZZ' }, 400, server.invalidCountry],
  ])('refuses %s', async (_case, changes, status, message) => {
    const customer = await createCustomer(t, { identityVerified: false });
    expectRefusal(await updateProfile(customer, changes), status, message);
  });
});

describe('contact-us', () => {
  it('stores the message and sends it to support', async () => {
    const customer = await createCustomer(t);
    const payload = { email: customer.email, phone_number: '+14165550123', complaint_category: 'Help', complaint: 'Ada Obi\n\nMy deposit is late.' };
    expect((await post('/auth/contact-us', customer, payload)).json()).toEqual({ success: true, message: help.sent, data: null });
    const stored = await t.db.selectFrom('contact_messages').selectAll().where('user_id', '=', customer.id).execute();
    expect(stored).toHaveLength(1);
    const [mail] = await outbox(t, SUPPORT_EMAIL);
    expect(mail.body).toContain('My deposit is late.');
  });

  it("stores the phone number in E.164: one without its dial code is a number of the customer's country of residence", async () => {
    const customer = await createCustomer(t); // resides in Canada
    const base = { email: customer.email, complaint_category: 'Help', complaint: 'Ada Obi\n\nHello' };
    for (const phone_number of ['(416) 555-0123', '+234 0801 234 5678']) {
      expect((await post('/auth/contact-us', customer, { ...base, phone_number })).json()).toEqual({ success: true, message: help.sent, data: null });
    }
    const stored = await t.db.selectFrom('contact_messages').select('phone_number').where('user_id', '=', customer.id).orderBy('created_at').execute();
    expect(stored.map((row) => row.phone_number).sort()).toEqual(['+14165550123', '+2348012345678']);
  });

  it('refuses an impossible phone number with 400 and stores nothing', async () => {
    const customer = await createCustomer(t);
    const base = { email: customer.email, complaint_category: 'Help', complaint: 'Hello there' };
    for (const phone_number of ['0801 234 5678', '+234 801 234', '12345', '+1416555abcd']) {
      expectRefusal(await post('/auth/contact-us', customer, { ...base, phone_number }), 400, server.invalidPhone);
    }
    expect(await t.db.selectFrom('contact_messages').select('id').where('user_id', '=', customer.id).execute()).toEqual([]);
    expect(await outbox(t, SUPPORT_EMAIL).then((mails) => mails.filter((mail) => mail.body.includes(customer.email)))).toEqual([]);
  });

  it('refuses blank fields and a bad e-mail', async () => {
    const customer = await createCustomer(t);
    const base = { email: customer.email, phone_number: '+14165550123', complaint_category: 'Help', complaint: 'Hello there' };
    expectRefusal(await post('/auth/contact-us', customer, { ...base, complaint: '  ' }), 400, profile.fieldsRequired);
    expectRefusal(await post('/auth/contact-us', customer, { ...base, email: 'nope' }), 400, server.invalidEmail);
  });
});

describe('phone verification', () => {
  it("sends an SMS code; a wrong code answers spec §8's 'Invalid OTP' (no '!'), the right code verifies the number", async () => {
    const customer = await createCustomer(t, { phoneVerified: false });
    const res = await sendPhoneOtp(customer, '+2348031234567');
    expect(res.json()).toEqual({ success: true, message: phone.otpSent, data: null });
    const code = await latestOtp(t, '+2348031234567');
    const wrong = code === '000000' ? '111111' : '000000';
    expectRefusal(await verifyPhone(customer, '+2348031234567', wrong), 400, 'Invalid OTP');
    expect((await verifyPhone(customer, '+2348031234567', code)).json()).toEqual({ success: true, message: phone.verified, data: null });
    expect(await userRow(customer)).toMatchObject({ phone_number: '+2348031234567', is_phone_verified: true });
  });

  it.each([['nothing', ''], ['spaces', '   '], ['only a dial code', '+234'], ['only a plus', '+']])('refuses %s as no number, with spec §5 text, and sends nothing', async (_case, number) => {
    const customer = await createCustomer(t, { phoneVerified: false });
    expectRefusal(await sendPhoneOtp(customer, number), 400, phone.required);
    expect(await userRow(customer)).toMatchObject({ phone_number: null, is_phone_verified: false });
  });

  it.each([['no plus sign', '2348031234567'], ['too few digits', '+1234567'], ['letters', '+1416555abcd']])('refuses a number with %s', async (_case, number) => {
    const customer = await createCustomer(t, { phoneVerified: false });
    expectRefusal(await sendPhoneOtp(customer, number), 400, server.invalidPhone);
  });

  it.each([
    ['with its trunk 0 after the dial code', '+23408031234561', '+2348031234561'],
    ['spaced, with its trunk 0', '+234 0803 123 4562', '+2348031234562'],
    ['spaced', '+234 803 123 4563', '+2348031234563'],
  ])('a Nigerian number %s (%s) is sent to, verified and answered as %s', async (_case, typed, e164) => {
    const customer = await createCustomer(t, { phoneVerified: false });
    expect((await sendPhoneOtp(customer, typed)).json()).toEqual({ success: true, message: phone.otpSent, data: null });
    const code = await latestOtp(t, e164);
    expect(await t.db.selectFrom('otps').select('recipient').where('user_id', '=', customer.id).execute()).toEqual([{ recipient: e164 }]);
    expect((await verifyPhone(customer, typed, code)).json()).toEqual({ success: true, message: phone.verified, data: null });
    expect(await userRow(customer)).toMatchObject({ phone_number: e164, is_phone_verified: true });
    expect((await getUser(customer)).json().data).toMatchObject({ phone_number: e164, is_phone_verified: true });
    // Spelled otherwise, it is still the same number: another customer cannot take it.
    const other = await createCustomer(t, { phoneVerified: false });
    expectRefusal(await sendPhoneOtp(other, e164), 409, server.phoneInUse);
    expectRefusal(await sendPhoneOtp(other, e164.replace('+234', '+2340')), 409, server.phoneInUse);
  });

  it.each([
    ['a Nigerian mobile number with a digit too many', '+234803123456789'],
    ['a Nigerian number too short', '+234803123'],
    ['a Canadian number with no such area code', '+12005550123'],
    ['no such dial code', '+99912345678'],
  ])('refuses %s with 400 and stores nothing; no code is sent', async (_case, number) => {
    const customer = await createCustomer(t, { phoneVerified: false });
    expectRefusal(await sendPhoneOtp(customer, number), 400, server.invalidPhone);
    expectRefusal(await verifyPhone(customer, number, '123456'), 400, server.invalidPhone);
    expect(await outbox(t, number)).toEqual([]);
    expect(await t.db.selectFrom('otps').select('id').where('user_id', '=', customer.id).execute()).toEqual([]);
    expect(await userRow(customer)).toMatchObject({ phone_number: null, is_phone_verified: false });
  });

  it('refuses a malformed code', async () => {
    const customer = await createCustomer(t, { phoneVerified: false });
    expectRefusal(await verifyPhone(customer, '+2348031234999', '12345'), 400, codes.invalidSixDigitOtp);
  });

  it('a number verified by another user cannot be taken', async () => {
    const owner = await createCustomer(t, { phoneVerified: false });
    const other = await createCustomer(t, { phoneVerified: false });
    await sendPhoneOtp(other, '+2348030000001');
    const otherCode = await latestOtp(t, '+2348030000001');
    await sendPhoneOtp(owner, '+2348030000001');
    await verifyPhone(owner, '+2348030000001', await latestOtp(t, '+2348030000001'));
    expectRefusal(await sendPhoneOtp(other, '+2348030000001'), 409, server.phoneInUse);
    expectRefusal(await verifyPhone(other, '+2348030000001', otherCode), 409, server.phoneInUse);
    expect((await userRow(other)).is_phone_verified).toBe(false);
  });
});

describe('who holds a number is not for sweeping', () => {
  it('a guessed code for a number another customer holds is a wrong code (400), not "already in use"', async () => {
    const owner = await createCustomer(t, { phoneVerified: false });
    await sendPhoneOtp(owner, '+2348030000077');
    await verifyPhone(owner, '+2348030000077', await latestOtp(t, '+2348030000077'));
    const prober = await createCustomer(t, { phoneVerified: false });
    expectRefusal(await verifyPhone(prober, '+2348030000077', '123456'), 400, server.invalidOrExpiredOtp);
    expect((await userRow(prober)).is_phone_verified).toBe(false);
  });

  it('ten numbers an hour may be asked for a code; the eleventh is refused (429) whoever holds it, and nothing is sent', async () => {
    const owner = await createCustomer(t, { phoneVerified: false });
    await sendPhoneOtp(owner, '+2348030000088');
    await verifyPhone(owner, '+2348030000088', await latestOtp(t, '+2348030000088'));
    const prober = await createCustomer(t, { phoneVerified: false });
    expect((await sendPhoneOtp(prober, '+2348031000010')).statusCode).toBe(200);
    for (let n = 1; n < 10; n += 1) expectRefusal(await sendPhoneOtp(prober, '+2348030000088'), 409, server.phoneInUse);
    expectRefusal(await sendPhoneOtp(prober, '+2348030000088'), 429, 'Too many requests. Try again in 60 minutes.');
    expectRefusal(await sendPhoneOtp(prober, '+2348031000099'), 429, 'Too many requests. Try again in 60 minutes.');
    expect(await outbox(t, '+2348031000099')).toEqual([]);
  });
});

describe('one user cannot reach another user’s data', () => {
  it("a code sent to Alice's phone does not verify it for Bob", async () => {
    const alice = await createCustomer(t, { phoneVerified: false });
    const bob = await createCustomer(t, { phoneVerified: false });
    await sendPhoneOtp(alice, '+2348035550000');
    const code = await latestOtp(t, '+2348035550000');
    expectRefusal(await verifyPhone(bob, '+2348035550000', code), 400, server.invalidOrExpiredOtp);
    expect((await userRow(bob)).is_phone_verified).toBe(false);
  });

  it("Bob's wrong PINs and sign-out leave Alice's PIN and session alone", async () => {
    const alice = await createCustomer(t);
    const bob = await createCustomer(t);
    for (let i = 0; i < 5; i += 1) await post('/auth/confirm-transaction-pin', bob, { transaction_pin: '9999' });
    await post('/auth/logout', bob, {});
    expect((await post('/auth/confirm-transaction-pin', alice, { transaction_pin: '1234' })).statusCode).toBe(200);
    expect((await getUser(alice)).statusCode).toBe(200);
  });

  it('every profile call reads and writes only the caller', async () => {
    const alice = await createCustomer(t, { identityVerified: false });
    const bob = await createCustomer(t, { identityVerified: false, firstName: 'Bola' });
    expect((await getUser(bob)).json().data.email).toBe(bob.email);
    await updateProfile(bob, { first_name: 'Bolanle' });
    await post('/auth/update-timezone', bob, { timezone: 'Asia/Tokyo' });
    expect(await userRow(alice)).toMatchObject({ first_name: 'Ada', address: '', timezone: null });
  });
});
