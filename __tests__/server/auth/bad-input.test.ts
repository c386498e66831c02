import type { InjectOptions } from 'fastify';
import { buildPath, endpoints, type EndpointName } from '../../../src/shared/endpoints';
import { api, signUpBody } from '../../support/auth-flow';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let customer: Customer;
beforeAll(async () => {
  t = await buildTestApp();
  customer = await createCustomer(t);
});
afterAll(() => t.close());

const EMAIL = 'someone@example.com';

/** Every call of the accounts module with a valid body; each test breaks it in one way. */
const calls: { name: string; method: InjectOptions['method']; url: string; guarded: boolean; body?: Record<string, unknown> }[] = [
  ...(
    [
      ['login', { email: EMAIL, password: 'Str0ng!Pass', method: 'EMAIL' }],
      ['signUp', signUpBody()],
      ['verifyEmail', { otp: '123456' }],
      ['forgotPassword', { email: EMAIL }],
      ['verifyOtp', { otp: '123456' }],
      ['resetPassword', { new_password: 'Str0ng!Pass', confirm_password: 'Str0ng!Pass', is_link: false }],
      ['externalIdentitySession', { first_name: 'A', last_name: 'B', key: 'k' }],
      ['resendOtp', undefined],
      ['refreshToken', undefined],
      ['countries', undefined],
    ] as [EndpointName, Record<string, unknown> | undefined][]
  ).map(([name, body]) => ({ name, method: endpoints[name].method, url: api(pathOf(name)), guarded: false, body })),
  ...(
    [
      ['updateTimezone', { timezone: 'Africa/Lagos' }],
      ['updateProfile', { address: 'a', country_of_residence: 'CA', dob: '15/01/1990', first_name: 'A', last_name: 'B', nationlaity: 'NG' }],
      ['sendOtpPhone', { phone_number: '+2348031234567' }],
      ['verifyPhone', { otp: '123456' }],
      ['confirmTransactionPin', { transaction_pin: '1234' }],
      ['resetTransactionPin', { new_pin: '1234', confirm_pin: '1234' }],
      ['contactUs', { email: EMAIL, phone_number: '+1', complaint_category: 'Help', complaint: 'x' }],
      ['createPin', { transaction_pin: '1234', confirm_transaction_pin: '1234' }],
      ['user', undefined],
      ['logout', undefined],
      ['createIdentitySession', undefined],
    ] as [EndpointName, Record<string, unknown> | undefined][]
  ).map(([name, body]) => ({ name, method: endpoints[name].method, url: api(pathOf(name)), guarded: true, body })),
  { name: 'identity webhook', method: 'POST', url: api('/webhooks/identity'), guarded: false, body: { id: 'x', session_id: 'y', status: 'approved' } },
];

function pathOf(name: EndpointName): string {
  const path = endpoints[name].path;
  if (path.includes(':email')) return buildPath({ method: 'GET', path }, { email: EMAIL } as never);
  if (path.includes(':phone_number')) return buildPath({ method: 'GET', path }, { phone_number: '+2348031234567' } as never);
  return path;
}

const WRONG_VALUES: [string, unknown][] = [
  ['a number', 123],
  ['null', null],
  ['a boolean', true],
  ['an object', { $ne: '' }],
  ['an array', ['x']],
  ['a huge string', 'x'.repeat(6000)],
];

function expect4xx(res: { statusCode: number; json(): unknown }, what: string): void {
  expect({ what, status: res.statusCode >= 400 && res.statusCode < 500 }).toEqual({ what, status: true });
  expect(res.json()).toEqual({ success: false, message: expect.any(String) });
}

const send = (call: (typeof calls)[number], options: Partial<InjectOptions>) =>
  t.app.inject({ method: call.method, url: call.url, ...options, headers: { ...(call.guarded ? customer.headers : {}), ...options.headers } });

describe.each(calls.filter((call) => call.body))('$name answers a bad body with a 4xx, never a 5xx', (call) => {
  it.each(Object.keys(call.body!))('when %s has a wrong type or size', async (field) => {
    for (const [label, value] of WRONG_VALUES) {
      expect4xx(await send(call, { payload: { ...call.body, [field]: value } }), `${call.name}.${field} = ${label}`);
    }
  });

  it('when a field is missing', async () => {
    for (const field of Object.keys(call.body!)) {
      const { [field]: _omitted, ...rest } = call.body!;
      expect4xx(await send(call, { payload: rest }), `${call.name} without ${field}`);
    }
  });

  it('when the body is absent, not an object, not JSON or not JSON at all', async () => {
    expect4xx(await send(call, {}), `${call.name} without a body`);
    for (const payload of ['[]', 'null', '"text"', '{"a":', '']) {
      expect4xx(await send(call, { payload, headers: { 'content-type': 'application/json' } }), `${call.name} with ${payload}`);
    }
    expect4xx(await send(call, { payload: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), `${call.name} as a form`);
  });
});

describe('path parameters and tokens', () => {
  it.each(calls.filter((call) => /someone|%2B234/.test(call.url)))('$name: an oversized or malformed path parameter is a 4xx', async (call) => {
    // Longer than any e-mail or phone number: the schema refuses it; broken percent-encoding: the router does.
    const oversized = call.url.replace(/someone%40example\.com|%2B2348031234567/, 'a'.repeat(300));
    expect4xx(await send(call, { url: oversized, payload: call.body }), `${call.name} with an oversized parameter`);
    const malformed = call.url.replace(/someone%40example\.com|%2B2348031234567/, '%E0%A4%A');
    const res = await send(call, { url: malformed, payload: call.body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Malformed URL' });
    // Beyond what the router reads as one parameter: a short message, not the whole address again.
    const huge = await send(call, { url: call.url.replace(/someone%40example\.com|%2B2348031234567/, 'a'.repeat(3000)), payload: call.body });
    expect({ status: huge.statusCode, body: huge.json() }).toEqual({ status: 414, body: { success: false, message: 'URL too long' } });
  });

  it.each(calls.filter((call) => call.guarded))('$name refuses a missing, malformed or foreign-signed token with 401', async (call) => {
    for (const authorization of [undefined, 'Bearer', 'Basic abc', `Bearer ${'a'.repeat(5000)}`, 'Bearer a.b.c']) {
      const res = await t.app.inject({ method: call.method, url: call.url, payload: call.body, headers: authorization ? { authorization } : {} });
      expect({ authorization, status: res.statusCode }).toEqual({ authorization, status: 401 });
    }
  });
});

describe('OpenAPI', () => {
  it('documents every route of the module with its tags', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const name of ['login', 'signUp', 'refreshToken', 'createPin', 'countries', 'externalIdentitySession'] as EndpointName[]) {
      const path = `/api${endpoints[name].path.replace(/:([a-z_]+)/gi, '{$1}')}`;
      const operation = doc.paths[path]?.[endpoints[name].method.toLowerCase()];
      expect({ name, tags: operation?.tags }).toEqual({ name, tags: [expect.any(String)] });
    }
  });
});
