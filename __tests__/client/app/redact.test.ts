import { redact, REDACTED } from '../../../src/client/app/redact';

const SECRET_KEYS = [
  'token', 'access_token', 'password', 'confirm_password', 'new_password', 'transaction_pin',
  'confirm_transaction_pin', 'new_pin', 'confirm_pin', 'pin', 'otp', 'bvn', 'NIN', 'nin',
  'security_answer', 'SecurityQuestionAnswer',
];

describe('redact (DevTools sanitizer)', () => {
  test.each(SECRET_KEYS)('replaces "%s" at any depth', (key) => {
    const value = { [key]: 'secret', nested: { list: [{ deeper: { [key]: 1234 } }] } };
    expect(redact(value)).toEqual({ [key]: REDACTED, nested: { list: [{ deeper: { [key]: REDACTED } }] } });
  });

  test.each(['account_number', 'accountNumber', 'PayeeAccountNumber'])('masks "%s" to its last 4 digits', (key) => {
    expect(redact({ receipt: [{ [key]: '0123456789' }] })).toEqual({ receipt: [{ [key]: '******6789' }] });
  });

  test('copies instead of changing the original, and keeps other values', () => {
    const state = { session: { token: 'abc', email: 'ada@example.com', expiresAt: 1 }, ui: { dialogs: { pin: true } } };
    expect(redact(state)).toEqual({ session: { token: REDACTED, email: 'ada@example.com', expiresAt: 1 }, ui: { dialogs: { pin: true } } });
    expect(state.session.token).toBe('abc');
  });

  test("redacts RTK Query cache entries' originalArgs and the arguments inside cache keys", () => {
    const key = 'nameInquiry({"accountNumber":"0123456789","nibssBankCode":"000013"})';
    const state = { api: { queries: { [key]: { originalArgs: { accountNumber: '0123456789' }, queryCacheKey: key } } } };
    const safeKey = 'nameInquiry({"accountNumber":"******6789","nibssBankCode":"000013"})';
    expect(redact(state)).toEqual({ api: { queries: { [safeKey]: { originalArgs: REDACTED, queryCacheKey: safeKey } } } });

    const action = { type: 'api/executeMutation/pending', meta: { arg: { originalArgs: { transaction_pin: '1234' } } } };
    expect(redact(action).meta.arg.originalArgs).toBe(REDACTED);
  });

  test('replaces request and response objects, which carry the bearer token', () => {
    const meta = { headers: new Headers({ Authorization: 'Bearer abc' }), response: new Response('{}') };
    expect(redact(meta)).toEqual({ headers: '[Headers]', response: '[Response]' });
  });
});
