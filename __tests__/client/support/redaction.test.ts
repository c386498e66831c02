import { api } from '../../../src/client/api/api';
import { maskAccountNumber, redact } from '../../../src/client/app/redact';
import { sessionStarted } from '../../../src/client/app/session-slice';
import { makeStore } from '../../../src/client/app/store';
import { buildDiagnostics } from '../../../src/client/features/support/diagnostics';

/** Every kind of secret the issue lists, each a value that cannot appear by chance. */
const SECRETS = {
  token: 'eyJhbGciOiJIUzI1NiJ9.secret-token-payload.sig',
  password: 'Hunter#2025pw',
  pin: '9731',
  otp: '604913',
  bvn: '22298765432',
  nin: '11187654321',
  answer: 'Mother maiden name Okafor',
};
const ACCOUNT = '0123456789';

/** A mutation and a query that carry every secret in their arguments and answers. */
const leaky = api.injectEndpoints({
  endpoints: (build) => ({
    leakyQuery: build.query<unknown, { accountNumber: string; bvn: string }>({
      queryFn: (args) => ({ data: { account: { number: args.accountNumber }, account_number: ACCOUNT, access_token: SECRETS.token, bvn: args.bvn } }),
    }),
    leakyMutation: build.mutation<unknown, Record<string, string>>({
      queryFn: () => ({ data: { token: SECRETS.token, otp: SECRETS.otp } }),
    }),
  }),
});

async function storeWithEverySecret() {
  const store = makeStore();
  store.dispatch(sessionStarted({ access_token: SECRETS.token, token_type: 'bearer', email: 'ada@example.com' } as never));
  // The action log keeps payloads: a form's action carrying every secret, as a careless reducer might receive.
  store.dispatch({
    type: 'form/submitted',
    payload: {
      password: SECRETS.password, confirm_password: SECRETS.password, transaction_pin: SECRETS.pin, new_pin: SECRETS.pin,
      otp: SECRETS.otp, bvn: SECRETS.bvn, NIN: SECRETS.nin, SecurityQuestionAnswer: SECRETS.answer,
      security_answer: SECRETS.answer, PayeeAccountNumber: ACCOUNT, Authorization: `Bearer ${SECRETS.token}`,
    },
  });
  await store.dispatch(leaky.endpoints.leakyQuery.initiate({ accountNumber: ACCOUNT, bvn: SECRETS.bvn }));
  await store.dispatch(
    leaky.endpoints.leakyMutation.initiate({ password: SECRETS.password, transaction_pin: SECRETS.pin, otp: SECRETS.otp, nin: SECRETS.nin }),
  );
  return store;
}

const expectNoSecret = (exported: unknown) => {
  const text = JSON.stringify(exported);
  for (const secret of [...Object.values(SECRETS), ACCOUNT]) expect(text).not.toContain(secret);
};

test('the seeded secrets are really in the session, the action log and the RTK Query cache', async () => {
  const store = await storeWithEverySecret();
  const raw = JSON.stringify({ state: store.getState(), actions: store.actionLog.actions() });
  for (const secret of [...Object.values(SECRETS), ACCOUNT]) expect(raw).toContain(secret);
});

test('no secret survives in the diagnostics file, and account numbers keep their last 4 digits', async () => {
  const store = await storeWithEverySecret();
  const file = buildDiagnostics(store, { route: `/transfer-naira/${ACCOUNT}`, viewport: { width: 390, height: 844 } });
  expectNoSecret(file);
  const text = JSON.stringify(file);
  expect(text).toContain(maskAccountNumber(ACCOUNT));
  expect(file.route).toBe('/transfer-naira/******6789');
  expect(file.actions.map(({ type }) => type)).toContain('form/submitted');
  expect(file.state.session.email).toBe('ada@example.com');
});

test('no secret survives the Redux DevTools sanitizers (the same function) for state or any logged action', async () => {
  const store = await storeWithEverySecret();
  expectNoSecret(redact(store.getState()));
  for (const action of store.actionLog.actions()) expectNoSecret(redact(action));
});
