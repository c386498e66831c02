import { randomUUID } from 'node:crypto';
import billers from '../../../src/server/data/billers.json';
import { answers, server } from '../../../src/shared/messages';
import { bearer, expectRefusal, fakeClock, loginThroughApi } from '../../support/auth-flow';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { balances, ledgerSums } from '../../support/wallets';
import { funded, history, PIN, post } from '../transfers/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const search = (customer: Customer, name: string) => post(t, customer, '/bills/search-payee', { name });
const confirmPin = (customer: Customer, pin = PIN) => post(t, customer, '/auth/confirm-transaction-pin', { transaction_pin: pin });
const BILL = { PayeeName: 'University of Toronto', PayeeCode: 'SCH-UOFT', Amount: 250.5, PayeeAccountNumber: '1009876543', Description: 'Fall tuition' };
const pay = (customer: Customer, overrides: Record<string, unknown> = {}, key?: string) =>
  post(t, customer, '/bills/create-bill-payment', { ...BILL, ...overrides }, key);

describe('POST /bills/search-payee', () => {
  it('finds payees whose name contains the text, case-insensitively', async () => {
    const customer = await createCustomer(t);
    const res = await search(customer, 'TORONTO');
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data).toEqual(expect.arrayContaining([
      { PayeeName: 'University of Toronto', PayeeCode: 'SCH-UOFT' },
      { PayeeName: 'Toronto Hydro', PayeeCode: 'ELE-TORONTOHYDRO' },
      { PayeeName: 'CampusOne Toronto Student Residence', PayeeCode: 'SCH-CAMPUSONE' },
    ]));
    expect(data.every((payee: { PayeeName: string }) => payee.PayeeName.toLowerCase().includes('toronto'))).toBe(true);
  });

  it('ignores accents, so "hydro-quebec" finds Hydro-Québec', async () => {
    const customer = await createCustomer(t);
    expect((await search(customer, 'hydro-quebec')).json().data).toEqual([{ PayeeName: 'Hydro-Québec', PayeeCode: 'ELE-HYDROQUEBEC' }]);
  });

  it('covers schools, residences, electricity and other billers', async () => {
    const customer = await createCustomer(t);
    for (const name of ['McGill', 'Seneca', 'Humber', 'Concordia', 'BC Hydro', 'ENMAX', 'Hydro One', 'Rogers', 'Bell', 'Telus', 'Residence']) {
      expect((await search(customer, name)).json().data.length).toBeGreaterThan(0);
    }
    expect(new Set(billers.map((biller) => biller.category))).toEqual(new Set(['school', 'electricity', 'bills']));
  });

  it('answers an empty list for an empty query or no match, and at most 20 payees', async () => {
    const customer = await createCustomer(t);
    expect((await search(customer, '')).json()).toEqual({ success: true, message: answers.payees, data: [] });
    expect((await search(customer, '   ')).json().data).toEqual([]);
    expect((await search(customer, 'zzz-no-such-biller')).json().data).toEqual([]);
    expect((await search(customer, 'e')).json().data).toHaveLength(20);
  });

  it("narrows the search to the screen's category: School and Electricity to theirs, Pay Bills (bills) searches every biller", async () => {
    const customer = await createCustomer(t);
    const names = async (category: string, name = 'toronto') =>
      ((await post(t, customer, '/bills/search-payee', { name, category })).json().data as { PayeeCode: string }[]).map((payee) => payee.PayeeCode);
    const categoryOf = new Map(billers.map((biller) => [biller.PayeeCode, biller.category]));
    const school = await names('school');
    expect(school).toContain('SCH-UOFT');
    expect(school).not.toContain('ELE-TORONTOHYDRO');
    expect(school.every((code) => categoryOf.get(code) === 'school')).toBe(true);
    expect(await names('electricity')).toEqual(['ELE-TORONTOHYDRO']);
    // Pay Bills is the general search (it listed only 'bills' billers, so 'hydro' typed there found nothing).
    expect(await names('bills')).toEqual(expect.arrayContaining(['BIL-TORONTO-TAX', 'BIL-TORONTO-WATER', 'ELE-TORONTOHYDRO', 'SCH-UOFT']));
    // 'hydro' is no school: the screen then shows 'No school found'.
    expect(await names('school', 'hydro')).toEqual([]);
    // Without a category (spec §7's payload) every category is searched.
    expect((await search(customer, 'toronto')).json().data.map((payee: { PayeeCode: string }) => payee.PayeeCode)).toEqual(
      expect.arrayContaining(['SCH-UOFT', 'ELE-TORONTOHYDRO']),
    );
  });

  describe('finds a biller by what a customer types', () => {
    const codes = async (customer: Customer, name: string, category?: string) =>
      ((await post(t, customer, '/bills/search-payee', { name, ...(category ? { category } : {}) })).json().data as { PayeeCode: string }[])
        .map((payee) => payee.PayeeCode);
    const electricity = new Set(billers.filter((biller) => biller.category === 'electricity').map((biller) => biller.PayeeCode));

    it('"hydro" finds the hydro companies first, on the Electricity screen and on Pay Bills alike', async () => {
      const customer = await createCustomer(t);
      for (const category of ['electricity', 'bills']) {
        const found = await codes(customer, 'hydro', category);
        expect(found.slice(0, 8)).toEqual(expect.arrayContaining(['ELE-TORONTOHYDRO', 'ELE-HYDROQUEBEC', 'ELE-BCHYDRO', 'ELE-HYDROONE', 'ELE-HYDROOTTAWA', 'ELE-MBHYDRO']));
        expect(found.every((code) => electricity.has(code))).toBe(true);
      }
    });

    it.each([
      ['electric', 'ELE-NG-IKEJA'],
      ['electricity', 'ELE-NG-EKO'],
      ['power', 'ELE-SASKPOWER'],
      ['light', 'ELE-TORONTOHYDRO'],
      ['NEPA', 'ELE-NG-IKEJA'],
      ['hydro bill', 'ELE-TORONTOHYDRO'],
      ['electricity bill', 'ELE-ENMAX'],
      ['Ikeja Electric', 'ELE-NG-IKEJA'],
      ['ikeja', 'ELE-NG-IKEJA'],
      ['IKEDC', 'ELE-NG-IKEJA'],
      ['EKEDC', 'ELE-NG-EKO'],
      ['eko electric', 'ELE-NG-EKO'],
      ['AEDC', 'ELE-NG-ABUJA'],
      ['phed', 'ELE-NG-PH'],
      ['lagos light', 'ELE-NG-EKO'],
      ['bchydro', 'ELE-BCHYDRO'],
      ['hydro quebec', 'ELE-HYDROQUEBEC'],
    ])('%s finds %s among the electricity billers', async (typed, code) => {
      const customer = await createCustomer(t);
      const found = await codes(customer, typed, 'electricity');
      expect(found).toContain(code);
      expect(found.every((found) => electricity.has(found))).toBe(true);
    });

    it('names first: a biller whose name starts with or holds the text comes before one found by another name', async () => {
      const customer = await createCustomer(t);
      expect((await codes(customer, 'power', 'electricity')).slice(0, 5)).toEqual(['ELE-SASKPOWER', 'ELE-NBPOWER', 'ELE-NSPOWER', 'ELE-NLPOWER', 'ELE-NG-ABA']);
      expect((await codes(customer, 'Ikeja Electric'))[0]).toBe('ELE-NG-IKEJA');
      expect(await codes(customer, 'EKEDC')).toEqual(['ELE-NG-EKO']);
    });

    it('Pay Bills finds phone, internet, gas and transit billers by what the bill is for', async () => {
      const customer = await createCustomer(t);
      expect(await codes(customer, 'phone', 'bills')).toEqual(expect.arrayContaining(['BIL-ROGERS', 'BIL-BELL', 'BIL-TELUS']));
      expect(await codes(customer, 'internet bill', 'bills')).toContain('BIL-COGECO');
      expect(await codes(customer, 'gas', 'bills')).toEqual(['BIL-ENBRIDGE']);
      expect(await codes(customer, 'ttc', 'bills')).toEqual(['BIL-PRESTO']);
      expect(await codes(customer, "queens", 'school')).toContain('SCH-QUEENSU');
    });
  });

  it('refuses an unknown category (400)', async () => {
    const customer = await createCustomer(t);
    const res = await post(t, customer, '/bills/search-payee', { name: 'toronto', category: 'casino' });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/bills/search-payee', payload: { name: 'x' } })).statusCode).toBe(401);
  });
});

describe('POST /bills/create-bill-payment', () => {
  it('after a PIN confirmation, debits CAD to the biller and answers the payment result', async () => {
    const customer = await funded(t, { CAD: '300.00' });
    expect((await confirmPin(customer)).statusCode).toBe(200);
    const res = await pay(customer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Payment made successfully',
      // spec-next §A: every outgoing call's answer gains its fee (none by default).
      data: { Amount: 250.5, TransactionNumber: expect.stringMatching(/^KD[0-9A-F]{16}$/), Description: 'Fall tuition', fee: '0.00' },
    });
    expect((await balances(t, customer)).CAD).toBe(49.5);
    expect((await history(t, customer, 'CAD'))[0]).toMatchObject({
      id: res.json().data.TransactionNumber,
      transaction_type: 'WITHDRAWAL',
      status: 'completed',
      recipient_name: 'University of Toronto',
      account_number: '1009876543',
      description: 'Fall tuition',
    });
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });

    // Its detail (spec-next §C) names the biller and the account with it, masked.
    const detail = await t.app.inject({ method: 'GET', url: `/api/transactions/${res.json().data.TransactionNumber}`, headers: customer.headers });
    expect(detail.json().data.counterparty).toEqual({ name: 'University of Toronto', bank_name: null, account_number_masked: '******6543', email: null });
  });

  it('is refused without a PIN confirmation, and a confirmation pays one bill only', async () => {
    const customer = await funded(t, { CAD: '300.00' });
    expectRefusal(await pay(customer), 403, 'Please confirm your transaction PIN first');
    await confirmPin(customer);
    expect((await pay(customer, { Amount: 10 })).statusCode).toBe(200);
    expectRefusal(await pay(customer, { Amount: 10 }), 403, 'Please confirm your transaction PIN first');
    expect((await balances(t, customer)).CAD).toBe(290);
  });

  it('confirmations do not pile up: a new one replaces one left unused, so each pays one bill after its own PIN', async () => {
    const customer = await funded(t, { CAD: '300.00' });
    // Three confirmations whose payments were refused (here: never sent) before the next one.
    for (let i = 0; i < 3; i += 1) expect((await confirmPin(customer)).statusCode).toBe(200);

    expect((await pay(customer, { Amount: 10 })).statusCode).toBe(200);
    expectRefusal(await pay(customer, { Amount: 10 }), 403, 'Please confirm your transaction PIN first');
    expect((await balances(t, customer)).CAD).toBe(290);
  });

  it('is refused with an expired confirmation (5 minutes)', async () => {
    const clock = fakeClock();
    try {
      const customer = await funded(t, { CAD: '300.00' });
      await confirmPin(customer);
      clock.advance(5 * 60 * 1000 + 1000);
      expectRefusal(await pay(customer), 403, 'Please confirm your transaction PIN first');
    } finally {
      clock.restore();
    }
  });

  it('a wrong PIN gives no confirmation', async () => {
    const customer = await funded(t, { CAD: '300.00' });
    expectRefusal(await confirmPin(customer, '9999'), 400, server.incorrectPinAttemptsLeft(4));
    expectRefusal(await pay(customer), 403, 'Please confirm your transaction PIN first');
  });

  it('PIN use locked after the confirmation: the confirmation no longer pays, and nothing moves', async () => {
    const customer = await funded(t, { CAD: '300.00' });
    expect((await confirmPin(customer)).statusCode).toBe(200);
    // Five wrong PINs (someone else at the keyboard, or a stolen session guessing) lock PIN use.
    for (let left = 4; left >= 1; left -= 1) expectRefusal(await confirmPin(customer, '9999'), 400, server.incorrectPinAttemptsLeft(left));
    expectRefusal(await confirmPin(customer, '9999'), 429, server.pinLockedFor(30));
    expectRefusal(await pay(customer, { Amount: 10 }), 403, 'Please confirm your transaction PIN first');
    expectRefusal(await confirmPin(customer), 429, server.pinLockedFor(30));
    expect((await balances(t, customer)).CAD).toBe(300);
  });

  it('a PIN change ends the confirmations given with the old PIN, in every session: they pay no bill, and nothing moves', async () => {
    const customer = await funded(t, { CAD: '300.00' });
    const { access_token: token } = await loginThroughApi(t, customer.email, customer.password);
    const otherSession: Customer = { ...customer, token, headers: bearer(token) };
    expect((await confirmPin(customer)).statusCode).toBe(200);
    expect((await confirmPin(otherSession)).statusCode).toBe(200);
    // The PIN changed in this session, after its password check.
    await loginThroughApi(t, customer.email, customer.password, customer.headers);
    const change = await post(t, customer, '/auth/reset-transaction-pin', { new_pin: '5678', confirm_pin: '5678' });
    expect(change.json()).toMatchObject({ success: true, message: 'PIN changed successfully!' });
    expectRefusal(await pay(customer, { Amount: 20 }), 403, 'Please confirm your transaction PIN first');
    expectRefusal(await pay(otherSession, { Amount: 20 }), 403, 'Please confirm your transaction PIN first');
    expect((await balances(t, customer)).CAD).toBe(300);
    // A confirmation with the new PIN pays.
    expect((await confirmPin(customer, '5678')).statusCode).toBe(200);
    expect((await pay(customer, { Amount: 20 })).statusCode).toBe(200);
    expect((await balances(t, customer)).CAD).toBe(280);
  });

  it("a PIN confirmed in one session pays no bill in another: the customer's other browser, or a stolen token that never knew the PIN", async () => {
    const customer = await funded(t, { CAD: '300.00' });
    const { access_token: token } = await loginThroughApi(t, customer.email, customer.password);
    const otherSession: Customer = { ...customer, token, headers: bearer(token) };
    expect((await confirmPin(customer)).statusCode).toBe(200);
    expectRefusal(await pay(otherSession), 403, 'Please confirm your transaction PIN first');
    expect((await balances(t, customer)).CAD).toBe(300);
    // The confirmation is still the confirming session's own.
    expect((await pay(customer)).statusCode).toBe(200);
    expect((await balances(t, customer)).CAD).toBe(49.5);

    // A refused payment keeps it for that session only.
    expect((await confirmPin(customer)).statusCode).toBe(200);
    expectRefusal(await pay(customer, { Amount: 100 }), 422, 'Amount cannot exceed your balance of $49.50 CAD');
    expectRefusal(await pay(otherSession, { Amount: 10 }), 403, 'Please confirm your transaction PIN first');
    expect((await balances(t, customer)).CAD).toBe(49.5);
    expect((await pay(customer, { Amount: 10 })).statusCode).toBe(200);
    expect((await balances(t, customer)).CAD).toBe(39.5);
  });

  it('a payment refused for its amount keeps the confirmation for the corrected one', async () => {
    const customer = await funded(t, { CAD: '100.00' });
    await confirmPin(customer);
    // The bill form's text (spec §5), the balance to 2 decimals.
    expectRefusal(await pay(customer, { Amount: 100.01 }), 422, 'Amount cannot exceed your balance of $100.00 CAD');
    expect((await pay(customer, { Amount: 100 })).statusCode).toBe(200);
    expect((await balances(t, customer)).CAD).toBe(0);
  });

  it.each([
    [{ PayeeCode: 'SCH-NOPE' }, 404, 'Payee not found'],
    [{ PayeeName: 'McGill University' }, 404, 'Payee not found'],
    [{ PayeeAccountNumber: '  ' }, 400, 'Payee account number is required'],
    [{ Description: 'Fee' }, 400, 'Description must be 5 to 20 characters'],
    [{ Description: 'Tuition for the year!' }, 400, 'Description must be 5 to 20 characters'],
    // Three characters, though six UTF-16 units.
    [{ Description: '😀😀😀' }, 400, 'Description must be 5 to 20 characters'],
    [{ Amount: 0 }, 400, 'Please enter an amount greater than 0'],
    [{ Amount: -1 }, 400, 'Please enter an amount greater than 0'],
    [{ Amount: 1.234 }, 400, 'Amount can have at most 2 decimal places'],
    [{ Amount: 'ten' }, 400, 'Please enter a valid amount'],
  ])('refuses %p', async (overrides, status, message) => {
    const customer = await funded(t, { CAD: '300.00' });
    await confirmPin(customer);
    expectRefusal(await pay(customer, overrides), status, message);
    expect((await balances(t, customer)).CAD).toBe(300);
  });

  it('counts the description in characters as a reader does: 20 emoji are fine', async () => {
    const customer = await funded(t, { CAD: '300.00' });
    await confirmPin(customer);
    const res = await pay(customer, { Description: '👍🏽'.repeat(20) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.Description).toBe('👍🏽'.repeat(20));
  });

  it.each([
    ['not fully verified', { identityVerified: false }, server.verificationRequired],
    ['without a PIN', { pin: '' }, server.pinNotSet],
  ])('refuses a customer %s (403)', async (_case, options, message) => {
    expectRefusal(await pay(await createCustomer(t, options)), 403, message);
  });

  it('honours Idempotency-Key: a double submit pays once and answers the same', async () => {
    const customer = await funded(t, { CAD: '300.00' });
    await confirmPin(customer);
    const key = randomUUID();
    const [first, second] = [await pay(customer, {}, key), await pay(customer, {}, key)];
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect((await balances(t, customer)).CAD).toBe(49.5);
  });

  it('20 parallel copies of one submission pay once', async () => {
    const customer = await funded(t, { CAD: '300.00' });
    await confirmPin(customer);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(customer, {}, key)));
    expect(answers.every((res) => res.statusCode === 200 || res.statusCode === 409)).toBe(true);
    expect(new Set(answers.filter((res) => res.statusCode === 200).map((res) => res.body)).size).toBe(1);
    expect((await balances(t, customer)).CAD).toBe(49.5);
  });
});
