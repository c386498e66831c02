import { settleDuePayouts } from '../../../src/server/sim/payout-rail';
import { createCustomer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { balances } from '../../support/wallets';
import { cadWithdrawal, funded, history } from '../transfers/helpers';
import { answers } from '../../../src/shared/messages';

let t: TestApp;
beforeAll(async () => {
  // A settlement delay longer than the test: nothing settles unless released.
  t = await buildTestApp({ payoutSettleMs: 600_000 });
});
afterAll(() => t.close());

const release = (email: string) => t.app.inject({ method: 'POST', url: '/api/dev/payouts/release', payload: { email } });

describe('POST /api/dev/payouts/release (simulators)', () => {
  it("makes the customer's pending payouts due at once; the rail then settles them, and only theirs", async () => {
    const sender = await funded(t, { CAD: '100.00' });
    const other = await funded(t, { CAD: '100.00' });
    expect((await cadWithdrawal(t, sender, { Amount: '10.00' })).statusCode).toBe(200);
    expect((await cadWithdrawal(t, sender, { Amount: '5.00', CustomerEmail: 'jane.fail@example.com' })).statusCode).toBe(200);
    expect((await cadWithdrawal(t, other, { Amount: '7.00' })).statusCode).toBe(200);

    expect(await settleDuePayouts(t.app)).toBe(0);
    const res = await release(sender.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: answers.devPayoutsReleased, data: { released: 2 } });
    expect(await settleDuePayouts(t.app)).toBe(2);

    const senderItems = (await history(t, sender, 'CAD')) as { amount: number; status: string }[];
    expect(senderItems.filter((item) => item.amount !== 100).map((item) => [item.amount, item.status]))
      .toEqual(expect.arrayContaining([[10, 'completed'], [5, 'failed']]));
    expect(await balances(t, sender)).toMatchObject({ CAD: 90 });
    const otherItems = (await history(t, other, 'CAD')) as { amount: number; status: string }[];
    expect(otherItems.find((item) => item.amount === 7)?.status).toBe('pending');

    // Nothing left to release for the sender; an unknown address releases nothing.
    expect((await release(sender.email)).json()).toEqual({ success: true, message: answers.devPayoutsReleased, data: { released: 0 } });
    expect((await release('nobody@example.com')).json()).toEqual({ success: true, message: answers.devPayoutsReleased, data: { released: 0 } });
  });

  it('refuses a body without an e-mail with a 400 in the API shape', async () => {
    await createCustomer(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/payouts/release', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
  });
});
