import { Type } from '@sinclair/typebox';
import { buildPath } from '../../../src/shared/endpoints';
import { resend } from '../../../src/shared/messages';
import { api, expectRefusal } from '../../support/auth-flow';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';

const JSON_TYPE = { 'content-type': 'application/json' };

let t: TestApp;
let alice: Customer;
let bob: Customer;
beforeAll(async () => {
  t = await buildTestApp({}, (app) => {
    app.post(
      '/api/test-choices',
      {
        schema: {
          body: Type.Object({
            method: Type.Optional(Type.Literal('EMAIL')),
            currency: Type.Optional(Type.Union([Type.Literal('CAD'), Type.Literal('NGN')])),
            kind: Type.Optional(Type.Union([Type.Union([Type.Literal('DEBIT'), Type.Literal('CREDIT')]), Type.Literal('')])),
            note: Type.Optional(Type.Union([Type.String(), Type.Null()])),
            amount: Type.Optional(Type.Union([Type.String({ maxLength: 5 }), Type.Number()])),
          }),
        },
      },
      async () => ({ success: true }),
    );
  });
  alice = await createCustomer(t);
  bob = await createCustomer(t);
});
afterAll(() => t.close());

describe('a POST whose spec payload is "none" sent with a JSON content type and no body', () => {
  it('is taken as no body: resend-otp, check-email and logout answer as without the header', async () => {
    const resendRes = await t.app.inject({ method: 'POST', url: api(buildPath('resendOtp', { email: 'nobody@example.com' })), headers: JSON_TYPE, payload: '' });
    expect(resendRes.statusCode).toBe(200);
    expect(resendRes.json()).toEqual({ success: true, message: resend.success, data: null });

    const checkUrl = `${api(buildPath('checkEmail', { email: bob.email }))}?currency_type=CAD`;
    const plain = await t.app.inject({ method: 'POST', url: checkUrl, headers: alice.headers });
    const withType = await t.app.inject({ method: 'POST', url: checkUrl, headers: { ...alice.headers, ...JSON_TYPE }, payload: '' });
    expect(withType.statusCode).toBe(plain.statusCode);
    expect(withType.json()).toEqual(plain.json());
    expect(withType.statusCode).not.toBe(400);

    const leaving = await createCustomer(t);
    const logout = await t.app.inject({ method: 'POST', url: api('/auth/logout'), headers: { ...leaving.headers, 'content-type': 'application/json; charset=utf-8' }, payload: '' });
    expect(logout.statusCode).toBe(200);
    expect(logout.json().success).toBe(true);
  });

  it('a call that needs a body still refuses an empty one clearly', async () => {
    const res = await t.app.inject({ method: 'POST', url: api('/auth/forgot-password'), headers: JSON_TYPE, payload: '' });
    expectRefusal(res, 400, 'Request body is required');
    const blank = await t.app.inject({ method: 'POST', url: api('/auth/forgot-password'), headers: JSON_TYPE, payload: '  \n' });
    expectRefusal(blank, 400, 'Request body is required');
  });

  it('malformed JSON is still a clear 400, and so is a prototype-poisoning body', async () => {
    const url = api(buildPath('resendOtp', { email: 'nobody@example.com' }));
    expectRefusal(await t.app.inject({ method: 'POST', url, headers: JSON_TYPE, payload: '{"a":' }), 400, 'Request body is not valid JSON');
    const poisoned = await t.app.inject({ method: 'POST', url: api('/auth/forgot-password'), headers: JSON_TYPE, payload: '{"email":"a@b.co","__proto__":{"x":1}}' });
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json()).toEqual({ success: false, message: expect.any(String) });
  });
});

describe('validation messages name what is allowed', () => {
  it("currency_type=cad answers 'currency_type must be one of: CAD, NGN'", async () => {
    const url = `${api(buildPath('checkEmail', { email: bob.email }))}?currency_type=cad`;
    expectRefusal(await t.app.inject({ method: 'POST', url, headers: alice.headers }), 400, 'currency_type must be one of: CAD, NGN (querystring)');
  });

  it("currency_type given twice answers 'currency_type must be one of: CAD, NGN', not also 'a string'", async () => {
    const url = `${api(buildPath('checkEmail', { email: bob.email }))}?currency_type=CAD&currency_type=NGN`;
    expectRefusal(await t.app.inject({ method: 'POST', url, headers: alice.headers }), 400, 'currency_type must be one of: CAD, NGN (querystring)');
  });

  it('login with another method answers that it must be EMAIL', async () => {
    const res = await t.app.inject({ method: 'POST', url: api('/auth/login'), payload: { email: alice.email, password: 'x', method: 'PHONE' } });
    expectRefusal(res, 400, 'method must be EMAIL');
  });

  it.each([
    ['a literal', { method: 'phone' }, 'method must be EMAIL'],
    ['a union of literals', { currency: 'USD' }, 'currency must be one of: CAD, NGN'],
    ['a union of literals given a list', { currency: ['CAD'] }, 'currency must be one of: CAD, NGN'],
    ['a union of literals given a number', { currency: 5 }, 'currency must be one of: CAD, NGN'],
    ['a nested union with an empty choice', { kind: 'x' }, "kind must be one of: DEBIT, CREDIT, '' (empty)"],
    ['a union of types', { note: 5 }, 'note must be string or null'],
    ['the branch whose type matched (too long)', { amount: 'abcdefgh' }, 'amount must NOT have more than 5 characters'],
    ['a union of types, neither matched', { amount: true }, 'amount must be string or number'],
  ])('%s', async (_case, payload, message) => {
    expectRefusal(await t.app.inject({ method: 'POST', url: '/api/test-choices', payload }), 400, message);
  });

  it('a body that is not an object says so', async () => {
    expectRefusal(await t.app.inject({ method: 'POST', url: '/api/test-choices', headers: JSON_TYPE, payload: '[]' }), 400, 'Request body must be object');
  });
});
