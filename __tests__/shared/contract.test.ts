import { Value } from '@sinclair/typebox/value';
import { buildPath, endpoints } from '../../src/shared/endpoints';
import { bills, exchange, identity, server, signUp, transfers } from '../../src/shared/messages';
import { API_PREFIX } from '../../src/shared/product';
import { schemas } from '../../src/shared/schemas';
import type { Req, Res } from '../../src/shared/types';

describe('endpoints', () => {
  it('every endpoint has a schema and every schema an endpoint', () => {
    expect(Object.keys(schemas).sort()).toEqual(Object.keys(endpoints).sort());
  });

  it('no two endpoints share a method and path', () => {
    const routes = Object.values(endpoints).map(({ method, path }) => `${method} ${path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('paths are relative to the API prefix', () => {
    for (const { path } of Object.values(endpoints)) {
      expect(path.startsWith('/')).toBe(true);
      expect(path.startsWith(API_PREFIX + '/')).toBe(false);
    }
  });

  it('builds the identity paths from the provider name', () => {
    expect(endpoints.createIdentitySession.path).toBe('/auth/create-veriff-session');
    expect(endpoints.externalIdentitySession.path).toBe('/external/veriff-session');
  });
});

describe('buildPath', () => {
  it('URL-encodes every param', () => {
    expect(buildPath('verifyEmail', { email: 'a+b@x.com' })).toBe('/auth/verify-email/a%2Bb%40x.com');
    expect(buildPath('verifyPhone', { phone_number: '+2348012345678' })).toBe('/auth/verify-phone/%2B2348012345678');
    expect(buildPath('nameInquiry', { accountNumber: '0123456789', nibssBankCode: '000/1', senderAccountNumber: '9' })).toBe(
      '/wallet/get_name_inquiry/0123456789/000%2F1/9',
    );
  });

  it('takes an endpoint object too, and no params when the path has none', () => {
    expect(buildPath(endpoints.refreshToken, { email: 'x@y.z' })).toBe('/auth/refresh-token/x%40y.z');
    expect(buildPath('login')).toBe('/auth/login');
  });

  it('checks params at compile time', () => {
    // @ts-expect-error missing params
    expect(() => buildPath('verifyEmail')).toThrow('missing param "email"');
    // @ts-expect-error wrong param name
    expect(() => buildPath('refreshToken', { mail: 'x' })).toThrow();
    // @ts-expect-error the path has no params
    buildPath('login', { email: 'x' });
  });
});

describe('schemas', () => {
  it('accept the spec’s quirky field names', () => {
    const body: Req<'ngnWithdrawal'> = {
      amount: '100.50',
      account_number: '0123456789',
      account_bank: '058',
      transaction_pin: '1234',
      description: 'Transfer',
      is_benficiary: false,
      account_name: 'Ada Obi',
      timezone: 'Africa/Lagos',
    };
    expect(Value.Check(schemas.ngnWithdrawal.body, body)).toBe(true);
    expect(Value.Check(schemas.updateProfile.body, { ...body, nationality: 'NG' })).toBe(false);
  });

  it('money calls answer success as the string "true" where the spec says so', () => {
    const ok: Res<'cadWalletTransfer'> = {
      success: 'true',
      message: 'Transfer successful',
      data: { amount: 10, recipient_name: 'Ada', transaction_reference: 'R1', created_at: '2025-01-01T00:00:00.000Z' },
    };
    expect(Value.Check(schemas.cadWalletTransfer.response[200], ok)).toBe(true);
    expect(Value.Check(schemas.cadWalletTransfer.response[200], { ...ok, success: true })).toBe(false);
    const ngn: Res<'ngnWalletTransfer'> = {
      success: true,
      message: 'Transfer successful',
      data: { amount: 10, sent_to: 'ada@x.com', tx_ref: 'T1', created_at: '2025-01-01T00:00:00.000Z' },
    };
    expect(Value.Check(schemas.ngnWalletTransfer.response[200], ngn)).toBe(true);
    expect(Value.Check(schemas.ngnWalletTransfer.response[200], { ...ngn, success: 'true' })).toBe(false);
  });

  it('errors are { success: false, message }', () => {
    expect(Value.Check(schemas.login.response['4xx'], { success: false, message: 'Invalid email or password' })).toBe(true);
    expect(Value.Check(schemas.login.response['4xx'], { success: false })).toBe(false);
  });

  it('amounts may be numbers or numeric strings', () => {
    const base = { from_currency: 'CAD', to_currency: 'NGN', timezone: 'UTC' };
    expect(Value.Check(schemas.currencyConversion.body, { ...base, amount: 12.5 })).toBe(true);
    expect(Value.Check(schemas.currencyConversion.body, { ...base, amount: '12.50' })).toBe(true);
    expect(Value.Check(schemas.currencyConversion.body, { ...base, amount: null })).toBe(false);
  });
});

describe('messages', () => {
  it('fills the templates verbatim', () => {
    expect(exchange.insufficientBalanceAvailable('CAD', '12.50')).toBe('Insufficient CAD balance. Available: 12.50 CAD');
    expect(exchange.convertedSuccess('NGN', '1,000.00', 'CAD')).toBe('Successfully converted NGN 1,000.00 to CAD');
    expect(bills.billAmountTooHigh(1234.5)).toBe('Amount cannot exceed your balance of $1234.50 CAD');
    expect(transfers.insufficientWalletBalance('NGN')).toBe('Insufficient NGN balance');
    expect(bills.billAmountAndFeeTooHigh(0.25, 49.25)).toBe('Amount plus the fee of $0.25 cannot exceed your balance of $49.25 CAD');
    expect(transfers.amountAndFeeTooHigh('CAD', 0.25, 49.25)).toBe(bills.billAmountAndFeeTooHigh(0.25, 49.25));
    expect(transfers.amountAndFeeTooHigh('NGN', 50, 1234.5)).toBe('Amount plus the fee of ₦50.00 cannot exceed your balance of ₦1234.50 NGN');
    expect(identity.sessionCreatedServer).toBe('Veriff session created successfully');
  });

  it('the unverified re-sign-up refusal moves the client to the code step', () => {
    expect(server.userExistsUnverified).toContain(signUp.needsVerificationMarker);
  });
});
