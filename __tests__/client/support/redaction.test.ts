// The fake DevTools extension must be installed before Redux Toolkit loads (first import).
import { devTools } from './fake-devtools';
import { http, HttpResponse } from 'msw';
import { api } from '../../../src/client/api/api';
import { walletApi } from '../../../src/client/api/wallet-api';
import { maskAccountNumber, redact, REDACTED } from '../../../src/client/app/redact';
import { sessionStarted, tokenRefreshed } from '../../../src/client/app/session-slice';
import { makeStore } from '../../../src/client/app/store';
import { buildDiagnostics } from '../../../src/client/features/support/diagnostics';
import { apiPath, server, setupFakeBackend } from '../../support/server-mock';

setupFakeBackend();

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** A real-shaped JWT whose payload and signature segments are unique to it. */
const jwt = (jti: string, signature: string) =>
  `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: 'ada@example.com', jti, exp: 4102444800 })}.${signature}`;

/** Every kind of secret the issue lists, each a value that cannot appear by chance. */
const SECRETS = {
  token: jwt('login-jti-40711', 'c2lnbmF0dXJlLWxvZ2luLTQwNzEx'),
  /** The token a refresh put in the session (a real `tokenRefreshed`). */
  refreshed: jwt('refresh-jti-52208', 'c2lnbmF0dXJlLXJlZnJlc2gtNTIyMDg'),
  /** A JWT under no telling key: a bare action payload, an array item, free text. */
  bare: jwt('bare-jti-63319', 'c2lnbmF0dXJlLWJhcmUtNjMzMTk'),
  /** An opaque (non-JWT) bearer credential, only recognisable by its 'Bearer ' prefix. */
  opaque: 'opaque-bearer-credential-7741',
  password: 'Hunter#2025pw',
  pin: '9731',
  otp: '604913',
  bvn: '22298765432',
  nin: '11187654321',
  answer: 'Mother maiden name Okafor',
};
const ACCOUNT = '0123456789';

/** The parts of a JWT that identify it (every JWT's header segment looks alike). */
const tokenParts = (token: string) => {
  const [, payload, signature] = token.split('.');
  return [token, payload, signature];
};
const EVERY_SECRET = [
  ...tokenParts(SECRETS.token), ...tokenParts(SECRETS.refreshed), ...tokenParts(SECRETS.bare),
  SECRETS.opaque, SECRETS.password, SECRETS.pin, SECRETS.otp, SECRETS.bvn, SECRETS.nin, SECRETS.answer, ACCOUNT,
];

/** A mutation and a query that carry every secret in their arguments and answers, and a failing call. */
const leaky = api.injectEndpoints({
  endpoints: (build) => ({
    leakyQuery: build.query<unknown, { accountNumber: string; bvn: string }>({
      queryFn: (args) => ({
        data: {
          account: { number: args.accountNumber }, account_number: ACCOUNT, account_no: ACCOUNT, nuban: ACCOUNT,
          access_token: SECRETS.token, bvn: args.bvn,
          // Secrets under innocent keys: only their shape gives them away.
          note: `Authorization: Bearer ${SECRETS.opaque}`, sessions: [SECRETS.bare], header: `Bearer ${SECRETS.bare}`,
        },
      }),
    }),
    leakyMutation: build.mutation<unknown, Record<string, string>>({
      queryFn: () => ({ data: { token: SECRETS.token, otp: SECRETS.otp } }),
    }),
    leakyFailure: build.query<unknown, string>({ query: (account) => `/leaky/${account}` }),
  }),
});

async function storeWithEverySecret() {
  devTools.clear();
  server.use(
    http.get(apiPath('/leaky/:account'), () =>
      HttpResponse.json({ success: false, message: `Token ${SECRETS.bare} refused for Bearer ${SECRETS.opaque}` }, { status: 400 })),
  );
  const store = makeStore();
  store.dispatch(sessionStarted({ access_token: SECRETS.token, token_type: 'bearer', email: 'ada@example.com' } as never));
  // A refresh, exactly as the API layer dispatches it, through the real action-log middleware.
  store.dispatch(tokenRefreshed({ token: SECRETS.refreshed, email: 'ada@example.com' }));
  // A token as a bare string payload (as tokenRefreshed used to carry it).
  store.dispatch({ type: 'session/legacyTokenNoted', payload: SECRETS.bare });
  // The action log keeps payloads: a form's action carrying every secret, as a careless reducer might receive.
  store.dispatch({
    type: 'form/submitted',
    payload: {
      password: SECRETS.password, confirm_password: SECRETS.password, password_confirmation: SECRETS.password,
      transaction_pin: SECRETS.pin, new_pin: SECRETS.pin, pinCode: SECRETS.pin,
      otp: SECRETS.otp, otp_code: SECRETS.otp, bvn: SECRETS.bvn, NIN: SECRETS.nin, SecurityQuestionAnswer: SECRETS.answer,
      security_answer: SECRETS.answer, PayeeAccountNumber: ACCOUNT, Authorization: `Bearer ${SECRETS.token}`,
      headers: [['Authorization', `Bearer ${SECRETS.opaque}`]], list: [{ message: `refresh gave ${SECRETS.bare}` }],
    },
  });
  await store.dispatch(leaky.endpoints.leakyQuery.initiate({ accountNumber: ACCOUNT, bvn: SECRETS.bvn }));
  await store.dispatch(
    leaky.endpoints.leakyMutation.initiate({ password: SECRETS.password, transaction_pin: SECRETS.pin, otp: SECRETS.otp, nin: SECRETS.nin }),
  );
  await store.dispatch(leaky.endpoints.leakyFailure.initiate(ACCOUNT));
  return store;
}

const expectNoSecret = (exported: unknown) => {
  const text = JSON.stringify(exported);
  for (const secret of EVERY_SECRET) expect(text).not.toContain(secret);
};

test('the seeded secrets are really in the session, the action log, the RTK Query cache and the failed requests', async () => {
  const store = await storeWithEverySecret();
  const raw = JSON.stringify({ state: store.getState(), actions: store.actionLog.actions() });
  for (const secret of EVERY_SECRET) expect(raw).toContain(secret);
  expect(store.getState().session.token).toBe(SECRETS.refreshed);
  expect(store.actionLog.actions()).toContainEqual(expect.objectContaining({ type: 'session/tokenRefreshed', payload: { token: SECRETS.refreshed, email: 'ada@example.com' } }));
  // The failed call's path is redacted as it is recorded (its action reaches DevTools too); its message is not yet.
  expect(store.actionLog.failedRequests()).toEqual([expect.objectContaining({ path: apiPath('/leaky/******6789'), message: expect.stringContaining(SECRETS.bare) })]);
});

test('no secret survives in the diagnostics file, and account numbers keep their last 4 digits', async () => {
  const store = await storeWithEverySecret();
  const file = buildDiagnostics(store, { route: `/transfer-naira/${ACCOUNT}?t=${SECRETS.bare}`, viewport: { width: 390, height: 844 } });
  expectNoSecret(file);
  const text = JSON.stringify(file);
  expect(text).toContain(maskAccountNumber(ACCOUNT));
  expect(file.route).toBe(`/transfer-naira/******6789?t=${REDACTED}`);
  expect(file.actions.map(({ type }) => type)).toEqual(expect.arrayContaining(['session/tokenRefreshed', 'session/legacyTokenNoted', 'form/submitted']));
  expect(file.actions.find(({ type }) => type === 'session/tokenRefreshed')?.payload).toEqual({ token: REDACTED, email: 'ada@example.com' });
  expect(file.actions.find(({ type }) => type === 'session/legacyTokenNoted')?.payload).toBe(REDACTED);
  expect(file.failedRequests).toEqual([
    expect.objectContaining({ status: 400, path: apiPath('/leaky/******6789'), message: `Token ${REDACTED} refused for Bearer ${REDACTED}` }),
  ]);
  expect(file.state.session).toMatchObject({ email: 'ada@example.com', token: REDACTED });
});

test('no secret survives the Redux DevTools sanitizers, for any action dispatched or any state', async () => {
  const store = await storeWithEverySecret();
  // What the extension received from the real store's sanitizers: every action, middleware's included.
  const types = devTools.actions.map((action) => (action as { type: string }).type);
  expect(types).toEqual(expect.arrayContaining(['session/tokenRefreshed', 'session/legacyTokenNoted', 'form/submitted']));
  expect(types.some((type) => type.startsWith('api/'))).toBe(true);
  expect(devTools.states).toHaveLength(devTools.actions.length);
  expectNoSecret(devTools.actions);
  expectNoSecret(devTools.states);
  // And the same function applied directly to the current state and every logged action.
  expectNoSecret(redact(store.getState()));
  for (const action of store.actionLog.actions()) expectNoSecret(redact(action));
});

test('the wallets slice, filled from the wallet queries, keeps no secret in the file nor in DevTools', async () => {
  devTools.clear();
  server.use(
    http.get(apiPath('/wallet/cad-wallet'), () =>
      HttpResponse.json({ success: true, data: { balance: 10, email: 'deposit@kudi.example', security_question: 'Pet', security_answer: SECRETS.answer } })),
    http.get(apiPath('/wallet/naira-wallet'), () =>
      HttpResponse.json({
        success: true,
        data: { balance: 20, is_wallet_activated: true, bank_name: 'Bank', account_name: 'Ada Obi', account_number: ACCOUNT, tx_ref: null },
      })),
  );
  const store = makeStore();
  await store.dispatch(walletApi.endpoints.getCadWallet.initiate());
  await store.dispatch(walletApi.endpoints.getNairaWallet.initiate());
  // Seeded: the slice holds the security answer and the full account number.
  expect(store.getState().wallets.entities).toMatchObject({ CAD: { security_answer: SECRETS.answer }, NGN: { account_number: ACCOUNT } });

  const file = buildDiagnostics(store, { route: '/add-money', viewport: { width: 390, height: 844 } });
  expect(JSON.stringify(file)).not.toContain(SECRETS.answer);
  expect(JSON.stringify(file)).not.toContain(ACCOUNT);
  expect(file.state.wallets.entities).toMatchObject({
    CAD: { security_answer: REDACTED, balance: 10 },
    NGN: { account_number: maskAccountNumber(ACCOUNT), balance: 20 },
  });
  expect(devTools.states.length).toBeGreaterThan(0);
  expect(JSON.stringify(devTools.states)).not.toContain(SECRETS.answer);
  expect(JSON.stringify(devTools.states)).not.toContain(ACCOUNT);
});

test('text that only looks like dotted words, versions or e-mails is left alone', () => {
  const plain = { email: 'eyitayo.ade.x@mail.example.com', version: '1.12.0', host: 'api.kudi.example', file: 'kudi.diagnostics.json' };
  expect(redact(plain)).toEqual(plain);
  expect(redact(['a.b.c', 'mail.example.com'])).toEqual(['a.b.c', 'mail.example.com']);
});
