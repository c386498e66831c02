import { signWebhook } from '../../../src/server/lib/webhook-signature';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { activateNairaWallet, balances, ledgerSums } from '../../support/wallets';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const devDeposit = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/dev/deposits', payload });

/** Posts a webhook as a rail would, signed unless `signature` says otherwise. */
function webhook(path: 'interac' | 'bank', payload: Record<string, unknown>, signature?: string) {
  const body = JSON.stringify(payload);
  return t.app.inject({
    method: 'POST',
    url: `/api/webhooks/${path}`,
    headers: { 'content-type': 'application/json', ...(signature === '' ? {} : { 'x-kudi-signature': signature ?? signWebhook(t.config.webhookSecret, body) }) },
    payload: body,
  });
}

const cadDetails = async (customer: Customer) =>
  (await t.app.inject({ method: 'GET', url: '/api/wallet/cad-wallet', headers: customer.headers })).json().data;

const interacCredit = async (customer: Customer, reference: string, amountMinor = '2500') => ({
  reference,
  deposit_email: (await cadDetails(customer)).email,
  amount_minor: amountMinor,
  sender_name: 'Ada Obi',
});

describe('POST /dev/deposits (simulated rails)', () => {
  it('a CAD deposit arrives by Interac e-Transfer to the customer\'s deposit e-mail', async () => {
    const customer = await createCustomer(t);
    const res = await devDeposit({ email: customer.email.toUpperCase(), currency: 'CAD', amount: 250.75 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Deposit received', data: { reference: expect.stringMatching(/^CA/) } });
    expect(await balances(t, customer)).toEqual({ CAD: 250.75, NGN: 0 });
  });

  it('an NGN deposit needs an activated naira wallet, then arrives by NIP to the virtual account', async () => {
    const customer = await createCustomer(t);
    const refused = await devDeposit({ email: customer.email, currency: 'NGN', amount: '1000' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: 'Your Naira wallet is not activated' });
    await activateNairaWallet(t, customer);
    const res = await devDeposit({ email: customer.email, currency: 'NGN', amount: '1000.50' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.reference).toMatch(/^\d{30}$/);
    expect(await balances(t, customer)).toEqual({ CAD: 0, NGN: 1000.5 });
    const [line] = (await t.app.inject({ method: 'GET', url: '/api/wallet/transactions?currency=NGN', headers: customer.headers })).json().data;
    expect(line).toMatchObject({
      transaction_type: 'DEPOSIT',
      amount: 1000.5,
      recieved_from: 'Ada Obi',
      bank_name: 'Simulated Commercial Bank',
      account_number: expect.stringMatching(/^\*{6}\d{4}$/),
      description: 'Bank transfer',
    });
  });

  it('refuses an unknown customer and an invalid amount', async () => {
    const unknown = await devDeposit({ email: 'nobody@example.com', currency: 'CAD', amount: 5 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'No customer with this e-mail' });
    const customer = await createCustomer(t);
    const invalid = await devDeposit({ email: customer.email, currency: 'CAD', amount: '1.001' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Amount can have at most 2 decimal places');
  });
});

describe('deposit webhooks', () => {
  it('a replayed notification answers 200 again and credits once', async () => {
    const customer = await createCustomer(t);
    const payload = await interacCredit(customer, `replay-${customer.id}`);
    const first = await webhook('interac', payload);
    const again = await webhook('interac', payload);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, message: 'Deposit received', data: null });
    expect((await balances(t, customer)).CAD).toBe(25);
  });

  it('another deposit under a used reference is refused', async () => {
    const customer = await createCustomer(t);
    const payload = await interacCredit(customer, `dup-${customer.id}`);
    await webhook('interac', payload);
    const res = await webhook('interac', { ...payload, amount_minor: '9999' });
    expect(res.statusCode).toBe(409);
    expect((await balances(t, customer)).CAD).toBe(25);
  });

  it('refuses unsigned, wrongly signed, stale and tampered notifications with 401, changing nothing', async () => {
    const customer = await createCustomer(t);
    const payload = await interacCredit(customer, `sig-${customer.id}`);
    const body = JSON.stringify(payload);
    const stale = signWebhook(t.config.webhookSecret, body, Date.now() - 6 * 60 * 1000);
    const otherSecret = signWebhook('x'.repeat(40), body);
    const tampered = signWebhook(t.config.webhookSecret, JSON.stringify({ ...payload, amount_minor: '1' }));
    for (const signature of ['', 'garbage', otherSecret, stale, tampered]) {
      const res = await webhook('interac', payload, signature);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Invalid webhook signature' });
    }
    expect((await balances(t, customer)).CAD).toBe(0);
  });

  it('refuses an unknown deposit e-mail or account number, and a zero amount', async () => {
    const customer = await createCustomer(t);
    const unknownEmail = await webhook('interac', { ...(await interacCredit(customer, 'x-1')), deposit_email: 'nobody@pay.kudi.example' });
    expect(unknownEmail.statusCode).toBe(404);
    expect(unknownEmail.json().message).toBe('Unknown deposit e-mail');
    const bankCredit = { reference: 'x-2', account_number: '1234567890', amount_minor: '100', sender_name: 'A', sender_bank: 'B', sender_account_number: '0987654321' };
    const unknownAccount = await webhook('bank', bankCredit);
    expect(unknownAccount.statusCode).toBe(404);
    expect(unknownAccount.json().message).toBe('Unknown account number');
    const zero = await webhook('interac', await interacCredit(customer, 'x-3', '0'));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe('Amount must be greater than 0');
    expect(await balances(t, customer)).toEqual({ CAD: 0, NGN: 0 });
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it('credits a NIP notification to the activated virtual account', async () => {
    const customer = await createCustomer(t);
    const { account_number } = await activateNairaWallet(t, customer);
    const res = await webhook('bank', {
      reference: `nip-${customer.id}`,
      account_number,
      amount_minor: '123456',
      sender_name: 'Emeka Eze',
      sender_bank: 'Zenith',
      sender_account_number: '0011223344',
      narration: 'School fees',
    });
    expect(res.statusCode).toBe(200);
    expect((await balances(t, customer)).NGN).toBe(1234.56);
    // The sender's account number is theirs: the receiver sees its last four digits only.
    const history = await t.app.inject({ method: 'GET', url: '/api/wallet/transactions?currency=NGN', headers: customer.headers });
    const [item] = history.json().data;
    expect(item).toMatchObject({ direction: 'credit', recieved_from: 'Emeka Eze', bank_name: 'Zenith', account_number: '******3344' });
    const detail = await t.app.inject({ method: 'GET', url: `/api/transactions/${item.id}`, headers: customer.headers });
    expect(detail.json().data).toMatchObject({ account_number: '******3344', counterparty: { account_number_masked: '******3344' } });
  });
});
