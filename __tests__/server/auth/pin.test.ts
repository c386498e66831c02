import type { Transaction } from 'kysely';
import { pin, server } from '../../../src/shared/messages';
import type { Database } from '../../../src/server/db/schema';
import { consumeStepUpGrant, verifyTransactionPin } from '../../../src/server/modules/auth/pin.service';
import { PIN_LOCK_MS } from '../../../src/server/modules/auth/rules';
import { api, expectRefusal, fakeClock, loginThroughApi } from '../../support/auth-flow';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let clock: ReturnType<typeof fakeClock>;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  clock = fakeClock();
});
afterEach(() => clock.restore());

const post = (path: string, customer: Customer, payload: object) =>
  t.app.inject({ method: 'POST', url: api(path), headers: customer.headers, payload });
const createPin = (customer: Customer, transactionPin: string, confirm = transactionPin) =>
  post('/wallet/create-pin', customer, { transaction_pin: transactionPin, confirm_transaction_pin: confirm });
const confirmPin = (customer: Customer, transactionPin: string) => post('/auth/confirm-transaction-pin', customer, { transaction_pin: transactionPin });
const changePin = (customer: Customer, newPin: string, confirm = newPin) => post('/auth/reset-transaction-pin', customer, { new_pin: newPin, confirm_pin: confirm });
/** Moves the clock on and refreshes the (then expired) access token, as the app does. */
async function laterSignedIn(customer: Customer, ms: number): Promise<void> {
  clock.advance(ms);
  const res = await t.app.inject({ method: 'GET', url: api(`/auth/refresh-token/${customer.email}`), headers: customer.headers });
  customer.headers = { authorization: `Bearer ${res.json().data.token}` };
}
const isPinSet = async (customer: Customer) =>
  (await t.app.inject({ method: 'GET', url: api('/auth/user'), headers: customer.headers })).json().data.is_set_transaction_pin;
/** Runs `work` in a transaction and rolls it back afterwards. */
async function inRolledBackTransaction(work: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
  await t.db
    .transaction()
    .execute(async (trx) => {
      await work(trx);
      throw new Error('rollback');
    })
    .catch((err: Error) => {
      if (err.message !== 'rollback') throw err;
    });
}

describe('create-pin', () => {
  it('sets a 4-digit PIN once, answering the string success of the spec', async () => {
    const customer = await createCustomer(t, { pin: '' });
    expect(await isPinSet(customer)).toBe(false);
    const res = await createPin(customer, '4821');
    expect(res.json()).toEqual({ success: 'true', message: pin.setSuccess, data: null });
    expect(await isPinSet(customer)).toBe(true);
    expectRefusal(await createPin(customer, '1111'), 409, server.pinAlreadySet);
    expect((await confirmPin(customer, '4821')).statusCode).toBe(200);
  });

  it.each([
    ['letters', '12a4', '12a4', pin.invalidFourDigit],
    ['five digits', '12345', '12345', pin.invalidFourDigit],
    ['a different confirmation', '1234', '4321', pin.mismatch],
  ])('refuses %s', async (_case, transactionPin, confirm, message) => {
    const customer = await createCustomer(t, { pin: '' });
    expectRefusal(await createPin(customer, transactionPin, confirm), 400, message);
    expect(await isPinSet(customer)).toBe(false);
  });
});

describe('confirm-transaction-pin and its lockout', () => {
  it('counts wrong PINs down, locks PIN use for 30 minutes at the 5th, refusing even the right PIN', async () => {
    const customer = await createCustomer(t);
    for (let left = 4; left >= 1; left -= 1) expectRefusal(await confirmPin(customer, '9999'), 400, server.incorrectPinAttemptsLeft(left));
    expectRefusal(await confirmPin(customer, '9999'), 429, server.pinLockedFor(30));
    expectRefusal(await confirmPin(customer, '1234'), 429, server.pinLockedFor(30));
    await laterSignedIn(customer, 20 * 60 * 1000);
    expectRefusal(await confirmPin(customer, '1234'), 429, server.pinLockedFor(10));
    await laterSignedIn(customer, 10 * 60 * 1000 + 1000);
    expect((await confirmPin(customer, '1234')).json()).toEqual({ success: true, message: server.pinConfirmed, data: null });
    expectRefusal(await confirmPin(customer, '9999'), 400, server.incorrectPinAttemptsLeft(4));
  });

  it('says at most 30 minutes when the lock was set after the check began (a concurrent wrong PIN, on this process or another)', async () => {
    const customer = await createCustomer(t);
    // Set by a request that started later than this check's clock reading: over 30 minutes ahead of it.
    const lockFrom = async (aheadMs: number) =>
      t.db.updateTable('users').set({ pin_locked_until: new Date(Date.now() + aheadMs) }).where('id', '=', customer.id).execute();
    await lockFrom(PIN_LOCK_MS + 40 * 1000);
    expectRefusal(await confirmPin(customer, '1234'), 429, server.pinLockedFor(30));
    await lockFrom(PIN_LOCK_MS + 59 * 1000);
    expectRefusal(await confirmPin(customer, '9999'), 429, server.pinLockedFor(30));
    await lockFrom(PIN_LOCK_MS);
    expectRefusal(await confirmPin(customer, '1234'), 429, server.pinLockedFor(30));
    await lockFrom(10 * 1000);
    expectRefusal(await confirmPin(customer, '1234'), 429, server.pinLockedFor(1));
  });

  it('the right PIN resets the count', async () => {
    const customer = await createCustomer(t);
    for (let i = 0; i < 4; i += 1) await confirmPin(customer, '9999');
    expect((await confirmPin(customer, '1234')).statusCode).toBe(200);
    expectRefusal(await confirmPin(customer, '9999'), 400, server.incorrectPinAttemptsLeft(4));
  });

  it('refuses a malformed PIN without counting it, and a user without a PIN', async () => {
    const customer = await createCustomer(t);
    expectRefusal(await confirmPin(customer, '12'), 400, pin.invalidModal);
    expectRefusal(await confirmPin(customer, '9999'), 400, server.incorrectPinAttemptsLeft(4));
    expectRefusal(await confirmPin(await createCustomer(t, { pin: '' }), '1234'), 400, server.pinNotSet);
  });

  it('verifyTransactionPin (money calls) shares the count and refuses to run inside a transaction', async () => {
    const customer = await createCustomer(t);
    await expect(verifyTransactionPin(t.app, customer.id, '1234')).resolves.toBeUndefined();
    await expect(verifyTransactionPin(t.app, customer.id, '0000')).rejects.toThrow(server.incorrectPinAttemptsLeft(4));
    expectRefusal(await confirmPin(customer, '0000'), 400, server.incorrectPinAttemptsLeft(3));
    await t.db.transaction().execute(async (trx) => {
      await expect(verifyTransactionPin({ db: trx, config: t.config }, customer.id, '1234')).rejects.toThrow(/root database/);
    });
  });
});

describe('step-up grant for bill payment', () => {
  it('a confirmed PIN allows exactly one payment within 5 minutes; a rolled-back payment keeps it', async () => {
    const customer = await createCustomer(t);
    await inRolledBackTransaction((trx) => expect(consumeStepUpGrant(trx, { userId: customer.id, sessionId: customer.sessionId })).rejects.toThrow(server.pinConfirmationRequired));
    await confirmPin(customer, '1234');
    await inRolledBackTransaction((trx) => expect(consumeStepUpGrant(trx, { userId: customer.id, sessionId: customer.sessionId })).resolves.toBeUndefined());
    await t.db.transaction().execute((trx) => consumeStepUpGrant(trx, { userId: customer.id, sessionId: customer.sessionId }));
    await expect(t.db.transaction().execute((trx) => consumeStepUpGrant(trx, { userId: customer.id, sessionId: customer.sessionId }))).rejects.toThrow(server.pinConfirmationRequired);

    await confirmPin(customer, '1234');
    clock.advance(5 * 60 * 1000 + 1000);
    await expect(t.db.transaction().execute((trx) => consumeStepUpGrant(trx, { userId: customer.id, sessionId: customer.sessionId }))).rejects.toThrow(server.pinConfirmationRequired);
  });

  it('two payments racing for one grant: exactly one gets it', async () => {
    const customer = await createCustomer(t);
    await confirmPin(customer, '1234');
    const race = await Promise.allSettled([1, 2].map(() => t.db.transaction().execute((trx) => consumeStepUpGrant(trx, { userId: customer.id, sessionId: customer.sessionId }))));
    expect(race.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it("one user's grant is not another's", async () => {
    const alice = await createCustomer(t);
    const bob = await createCustomer(t);
    await confirmPin(alice, '1234');
    await expect(t.db.transaction().execute((trx) => consumeStepUpGrant(trx, { userId: bob.id, sessionId: bob.sessionId }))).rejects.toThrow(server.pinConfirmationRequired);
  });
});

describe('reset-transaction-pin (change PIN)', () => {
  it('is refused without a fresh password check in this session, or after a wrong password', async () => {
    const customer = await createCustomer(t);
    expectRefusal(await changePin(customer, '5678'), 403, server.passwordCheckRequired);
    const wrong = await t.app.inject({
      method: 'POST',
      url: api('/auth/login'),
      headers: customer.headers,
      payload: { email: customer.email, password: 'Wrong!Pass1', method: 'EMAIL' },
    });
    expect(wrong.statusCode).toBe(401);
    expectRefusal(await changePin(customer, '5678'), 403, server.passwordCheckRequired);
  });

  it('after the check it changes the PIN once; the check goes stale after 5 minutes', async () => {
    const customer = await createCustomer(t);
    await loginThroughApi(t, customer.email, customer.password, customer.headers);
    expect((await changePin(customer, '5678')).json()).toEqual({ success: true, message: pin.changeSuccess, data: null });
    expect((await confirmPin(customer, '5678')).statusCode).toBe(200);
    expectRefusal(await confirmPin(customer, '1234'), 400, server.incorrectPinAttemptsLeft(4));
    expectRefusal(await changePin(customer, '2468'), 403, server.passwordCheckRequired);

    await loginThroughApi(t, customer.email, customer.password, customer.headers);
    clock.advance(5 * 60 * 1000 + 1000);
    expectRefusal(await changePin(customer, '2468'), 403, server.passwordCheckRequired);
  });

  it('a check in another session does not count', async () => {
    const customer = await createCustomer(t);
    await loginThroughApi(t, customer.email, customer.password);
    expectRefusal(await changePin(customer, '5678'), 403, server.passwordCheckRequired);
  });

  it.each([
    ['a short PIN', '123', '123', pin.changeInvalid],
    ['a different confirmation', '1234', '4321', pin.changeMismatch],
  ])('refuses %s', async (_case, newPin, confirm, message) => {
    const customer = await createCustomer(t);
    await loginThroughApi(t, customer.email, customer.password, customer.headers);
    expectRefusal(await changePin(customer, newPin, confirm), 400, message);
  });
});
