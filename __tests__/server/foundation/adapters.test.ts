/**
 * The outside world is wired once, in app.ts, from the config (plugins/adapters.ts); a test (or a
 * deployment) swaps any adapter in there, through BuildOptions.adapters, and every route uses it.
 */
import type { MessageSender, OutgoingMessage, PayoutRails } from '../../../src/server/adapters/types';
import { fixedRateSource } from '../../../src/server/modules/fx/rate-source';
import { answers, server } from '../../../src/shared/messages';
import { api, expectRefusal, outbox, signUpBody } from '../../support/auth-flow';
import { createCustomer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';

const inbox = (): MessageSender & { sent: OutgoingMessage[] } => {
  const sent: OutgoingMessage[] = [];
  return { sent, send: async (message) => void sent.push(message) };
};

describe('adapters passed to buildApp replace the configured ones', () => {
  let t: TestApp;
  const email = inbox();
  const events: string[] = [];
  const rails: PayoutRails = { start: () => void events.push('start'), stop: async () => void events.push('stop') };

  beforeAll(async () => {
    t = await buildTestApp({}, undefined, {
      email,
      rates: fixedRateSource('1000'),
      identity: null,
      billers: { search: async () => [{ PayeeName: 'Fake Biller', PayeeCode: 'FAKE-1' }], payee: async () => undefined },
      payoutRails: rails,
    });
  });
  afterAll(() => t?.close());

  it('e-mail goes through the given sender, not the outbox', async () => {
    const body = signUpBody();
    expect((await t.app.inject({ method: 'POST', url: api('/auth/sign-up'), payload: body })).statusCode).toBe(200);
    expect(email.sent.map((message) => [message.to, typeof message.otp])).toEqual([[body.email.toLowerCase(), 'string']]);
    expect(await outbox(t, body.email)).toEqual([]);
  });

  it('rates are quoted from the given source', async () => {
    const customer = await createCustomer(t);
    const res = await t.app.inject({ method: 'GET', url: api('/wallet/get-rates?from_currency=CAD&to_currency=NGN'), headers: customer.headers });
    // Mid 1000 with the default 100 bps spread.
    expect(res.json()).toEqual({ success: true, message: answers.rate, data: { from_currency: 'CAD', to_currency: 'NGN', actual_rate: '990.00' } });
  });

  it('no identity provider: identity checks answer 503, simulators on or not', async () => {
    const customer = await createCustomer(t, { identityVerified: false });
    expectRefusal(await t.app.inject({ method: 'POST', url: api('/auth/create-veriff-session'), headers: customer.headers }), 503, server.identityUnavailable);
  });

  it('payees come from the given billers', async () => {
    const customer = await createCustomer(t);
    const res = await t.app.inject({ method: 'POST', url: api('/bills/search-payee'), headers: customer.headers, payload: { name: 'anything' } });
    expect(res.json()).toEqual({ success: true, message: answers.payees, data: [{ PayeeName: 'Fake Biller', PayeeCode: 'FAKE-1' }] });
  });

  it('the payout rails start when the app is ready and stop when it closes', async () => {
    expect(events).toEqual(['start']);
    await t.app.close();
    expect(events).toEqual(['start', 'stop']);
  });
});
