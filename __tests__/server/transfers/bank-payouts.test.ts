import bankData from '../../../src/server/data/ngn-banks.json';
import directory from '../../../src/server/data/name-directory.json';
import { bankByCode, isAccountNumberOf } from '../../../src/server/modules/transfers/banks';
import { SIM_PARTNER_BANK } from '../../../src/server/sim/partner-bank';
import { settleDuePayouts } from '../../../src/server/sim/payout-rail';
import { expectRefusal } from '../../support/auth-flow';
import { createCustomer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { activateNairaWallet, balances, ledgerSums } from '../../support/wallets';
import { ACCESS_ACCOUNT, FAILING_ACCOUNT, funded, get, history, ngnWithdrawal } from './helpers';
import { answers } from '../../../src/shared/messages';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const inquiry = (customer: Awaited<ReturnType<typeof createCustomer>>, account: string, nibss: string, sender = '1234567890') =>
  get(t, customer, `/wallet/get_name_inquiry/${account}/${nibss}/${sender}`);

describe('GET /NGN-banks', () => {
  it('lists the Nigerian banks by name with their CBN and NIP codes, and the partner bank of Kudi accounts', async () => {
    const customer = await createCustomer(t);
    const res = await get(t, customer, '/NGN-banks');
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    const banks: { bankName: string; bankCode: string; nibssBankCode: string }[] = data.bankList;
    expect(banks.length).toBe(bankData.length + 1);
    expect(banks).toEqual(expect.arrayContaining([
      { bankName: 'Access Bank', bankCode: '044', nibssBankCode: '000014' },
      { bankName: 'Guaranty Trust Bank (GTBank)', bankCode: '058', nibssBankCode: '000013' },
      { bankName: 'Zenith Bank', bankCode: '057', nibssBankCode: '000015' },
      { bankName: 'Kuda Microfinance Bank', bankCode: '50211', nibssBankCode: '090267' },
      { bankName: 'OPay', bankCode: '999992', nibssBankCode: '100004' },
      { bankName: SIM_PARTNER_BANK.name, bankCode: SIM_PARTNER_BANK.code, nibssBankCode: SIM_PARTNER_BANK.code },
    ]));
    expect(banks.every((bank) => Object.keys(bank).length === 3)).toBe(true);
    expect(banks.map((bank) => bank.bankName)).toEqual([...banks.map((bank) => bank.bankName)].sort((a, b) => a.localeCompare(b)));
    expect(new Set(banks.map((bank) => bank.bankCode)).size).toBe(banks.length);
    expect(new Set(banks.map((bank) => bank.nibssBankCode)).size).toBe(banks.length);
    // account_bank may be either code, so no code may name two banks.
    const byCode = new Map(banks.map((bank) => [bank.bankCode, bank.bankName]));
    expect(banks.filter((bank) => (byCode.get(bank.nibssBankCode) ?? bank.bankName) !== bank.bankName)).toEqual([]);
  });

  it('every seeded name-directory account is a valid number of its bank', () => {
    for (const entry of directory) expect([entry.accountNumber, isAccountNumberOf(bankByCode(entry.bankCode)!, entry.accountNumber)]).toEqual([entry.accountNumber, true]);
  });
});

describe('GET /wallet/get_name_inquiry/{accountNumber}/{nibssBankCode}/{senderAccountNumber}', () => {
  it("answers code '00' with the holder of a seeded account", async () => {
    const customer = await createCustomer(t);
    const res = await inquiry(customer, ACCESS_ACCOUNT.number, ACCESS_ACCOUNT.nibss);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, code: '00', customer: { account: { name: ACCESS_ACCOUNT.name, number: ACCESS_ACCOUNT.number } }, message: answers.accountFound, data: { account: { name: ACCESS_ACCOUNT.name, number: ACCESS_ACCOUNT.number } } });
  });

  it("resolves a Kudi virtual account to its owner's name", async () => {
    const owner = await createCustomer(t, { firstName: 'Zainab', lastName: 'Lawal' });
    const { account_number } = await activateNairaWallet(t, owner);
    const res = await inquiry(await createCustomer(t), account_number, SIM_PARTNER_BANK.code);
    expect(res.json()).toMatchObject({ code: '00', customer: { account: { name: 'Zainab Lawal', number: account_number } } });
  });

  it("answers a non-'00' code, and a message saying which, for an account the bank does not know or could not have issued", async () => {
    const customer = await createCustomer(t);
    // 0182605790 is a valid Access Bank number; at GTBank its check digit is wrong.
    const invalid = await inquiry(customer, '0182605790', '000013');
    expect(invalid.statusCode).toBe(200);
    expect(invalid.json()).toEqual({ success: false, code: '07', customer: null, message: 'Invalid account number for this bank', data: null });
    const unknown = await inquiry(customer, '0000000000', ACCESS_ACCOUNT.nibss);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ success: false, code: '25', customer: null, message: 'Account not found at this bank. Check the bank and account number.', data: null });
  });

  it.each([
    ['a 9-digit account number', '018260579', '000014', '1234567890', 'Account number must be 10 digits'],
    ['letters', '01826057AB', '000014', '1234567890', 'Account number must be 10 digits'],
    ['an unknown bank', '0182605790', '999999', '1234567890', 'Please choose a bank from the list'],
    ['a bad sender account number', '0182605790', '000014', '12345', 'Sender account number must be 10 digits'],
  ])('refuses %s (400)', async (_case, account, nibss, sender, message) => {
    expectRefusal(await inquiry(await createCustomer(t), account, nibss, sender), 400, message);
  });
});

describe('POST /wallet/ngn-withdrawal', () => {
  it('reserves the funds, answers the string success with a pending receipt, and completes at the rail', async () => {
    const customer = await funded(t, { NGN: '20000.00' });
    const res = await ngnWithdrawal(t, customer, { amount: '5000.75' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: 'true',
      message: 'Your transfer is on its way.',
      data: {
        amount: 5000.75,
        account_number: ACCESS_ACCOUNT.number,
        account_name: ACCESS_ACCOUNT.name,
        bank_name: 'Access Bank',
        tx_ref: expect.stringMatching(/^KD[0-9A-F]{16}$/),
        created_at: expect.any(String),
        status: 'pending',
        // spec-next §C: when it is expected to arrive (after the hold and the rail's time, both 0 here).
        arrives_by: expect.any(String),
        // spec-next §A: every outgoing call's answer gains its fee (none by default).
        fee: '0.00',
      },
    });
    expect(body.data.arrives_by).toBe(body.data.created_at);
    expect((await balances(t, customer)).NGN).toBe(14999.25);
    const pending = (await history(t, customer, 'NGN'))[0];
    expect(pending).toMatchObject({
      id: body.data.tx_ref,
      transaction_type: 'WITHDRAWAL',
      status: 'pending',
      recipient_name: ACCESS_ACCOUNT.name,
      bank_name: 'Access Bank',
      account_number: ACCESS_ACCOUNT.number,
      description: 'Kudi transfer',
    });
    await settleDuePayouts(t.app);
    expect((await history(t, customer, 'NGN'))[0]).toMatchObject({ id: body.data.tx_ref, status: 'completed' });
    expect((await balances(t, customer)).NGN).toBe(14999.25);
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it("takes the bank's NIBSS code (what name inquiry uses) as well as its bank code", async () => {
    const customer = await funded(t, { NGN: '1000.00' });
    const res = await ngnWithdrawal(t, customer, { amount: '100', account_bank: ACCESS_ACCOUNT.nibss });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: 'true', data: { bank_name: 'Access Bank', account_number: ACCESS_ACCOUNT.number, account_name: ACCESS_ACCOUNT.name } });
    expect((await history(t, customer, 'NGN'))[0]).toMatchObject({ id: res.json().data.tx_ref, bank_name: 'Access Bank', status: 'pending' });
    expect((await balances(t, customer)).NGN).toBe(900);
    // Either code names the same bank: GTBank's NIBSS code with an Access Bank account number is refused.
    expectRefusal(await ngnWithdrawal(t, customer, { amount: '100', account_bank: FAILING_ACCOUNT.nibss }), 400, 'Invalid account number for this bank');
    expect((await balances(t, customer)).NGN).toBe(900);
  });

  it("fails at the rail for an account number ending in 0000: the money is back and the history says failed", async () => {
    const customer = await funded(t, { NGN: '9000.00' });
    const res = await ngnWithdrawal(t, customer, {
      amount: '9000',
      account_number: FAILING_ACCOUNT.number,
      account_bank: FAILING_ACCOUNT.bankCode,
      account_name: FAILING_ACCOUNT.name,
    });
    expect(res.statusCode).toBe(200);
    expect((await balances(t, customer)).NGN).toBe(0);
    await settleDuePayouts(t.app);
    expect((await history(t, customer, 'NGN'))[0]).toMatchObject({ id: res.json().data.tx_ref, status: 'failed' });
    expect((await balances(t, customer)).NGN).toBe(9000);
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it("pays another customer's Kudi virtual account: the partner bank credits their wallet", async () => {
    const sender = await funded(t, { NGN: '3000.00' }, { firstName: 'Ada', lastName: 'Obi' });
    const recipient = await createCustomer(t, { firstName: 'Kemi', lastName: 'Adebayo' });
    const { account_number } = await activateNairaWallet(t, recipient);
    const res = await ngnWithdrawal(t, sender, { amount: '1200', account_number, account_bank: SIM_PARTNER_BANK.code, account_name: 'Kemi Adebayo' });
    expect(res.statusCode).toBe(200);
    await settleDuePayouts(t.app);
    expect((await history(t, sender, 'NGN'))[0]).toMatchObject({ status: 'completed', recipient_name: 'Kemi Adebayo', bank_name: SIM_PARTNER_BANK.name });
    expect(await balances(t, recipient)).toEqual({ CAD: 0, NGN: 1200 });
    expect((await history(t, recipient, 'NGN'))[0]).toMatchObject({ transaction_type: 'DEPOSIT', recieved_from: 'Ada Obi', status: 'completed' });
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it('refuses to pay your own virtual account', async () => {
    const customer = await funded(t, { NGN: '100.00' }, { firstName: 'Ada', lastName: 'Obi' });
    const { account_number } = (await get(t, customer, '/wallet/naira-wallet')).json().data;
    expectRefusal(
      await ngnWithdrawal(t, customer, { amount: '10', account_number, account_bank: SIM_PARTNER_BANK.code, account_name: 'Ada Obi' }),
      400,
      'You cannot send money to yourself',
    );
  });

  it('needs an activated naira wallet', async () => {
    expectRefusal(await ngnWithdrawal(t, await createCustomer(t), { amount: '10' }), 403, 'Your Naira wallet is not activated');
  });

  it.each([
    [{ account_bank: '999' }, 'Please choose a bank from the list'],
    [{ account_bank: '000999' }, 'Please choose a bank from the list'],
    [{ account_bank: '' }, 'Please choose a bank from the list'],
    [{ account_number: '018260579' }, 'Account number must be 10 digits'],
    [{ account_number: '0182605791' }, 'Invalid account number for this bank'],
    [{ account_number: '0000000000' }, 'Account not found at this bank. Check the bank and account number.'],
    [{ account_name: 'Somebody Else' }, 'The account name does not match this account. Please verify the account again.'],
    [{ amount: '5000000.01' }, 'Amount exceeds the transaction limit'],
  ])('refuses %p', async (overrides, message) => {
    const customer = await funded(t, { NGN: '100.00' });
    expectRefusal(await ngnWithdrawal(t, customer, { amount: '50', ...overrides }), 400, message);
    expect((await balances(t, customer)).NGN).toBe(100);
  });

  it('refuses an amount over the balance', async () => {
    const customer = await funded(t, { NGN: '100.00' });
    // The NGN withdrawal screen's text (spec §5).
    expectRefusal(await ngnWithdrawal(t, customer, { amount: '100.01' }), 422, 'Insufficient balance');
  });

  it('accepts the verified name in any case and spacing', async () => {
    const customer = await funded(t, { NGN: '100.00' });
    const res = await ngnWithdrawal(t, customer, { amount: '10', account_name: `  ${ACCESS_ACCOUNT.name.toUpperCase()} ` });
    expect(res.json().data.account_name).toBe(ACCESS_ACCOUNT.name);
  });
});
