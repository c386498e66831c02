import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { cadWithdrawal, funded } from '../transfers/helpers';
import { answers } from '../../../src/shared/messages';

let t: TestApp;
beforeAll(async () => {
  // The background rail runs here, as in a server; payouts wait (in their hold) until released.
  t = await buildTestApp({ payoutHoldS: 600, payoutSettleMs: 600_000, payoutJob: true });
});
afterAll(() => t.close());

const counts = async () => {
  const row = await sql<{ settled: string; waiting: string; due: string }>`
    select count(*) filter (where settled_at is not null) as settled,
           count(*) filter (where settled_at is null and settle_after > now()) as waiting,
           count(*) filter (where settled_at is null and settle_after <= now()) as due
    from payouts`.execute(t.db);
  const { settled, waiting, due } = row.rows[0]!;
  return { settled: Number(settled), waiting: Number(waiting), due: Number(due) };
};

describe('the simulated payout rail when its server closes', () => {
  it('hands back the payouts it claimed and did not settle, due at once, instead of holding them for its lease', async () => {
    const sender = await funded(t, { CAD: '1000.00' });
    const total = 60;
    for (let i = 0; i < total; i += 1) {
      expect((await cadWithdrawal(t, sender, { Amount: '1.00' })).statusCode).toBe(200);
    }
    expect(await counts()).toEqual({ settled: 0, waiting: total, due: 0 });

    const released = await t.app.inject({ method: 'POST', url: '/api/dev/payouts/release', payload: { email: sender.email } });
    expect(released.json()).toEqual({ success: true, message: answers.devPayoutsReleased, data: { released: total } });
    // Close while the rail is settling: some are settled, the rest must be due, none held back.
    for (let waited = 0; (await counts()).settled === 0; waited += 10) {
      if (waited > 20_000) throw new Error('the rail settled nothing');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await t.app.close();

    const after = await counts();
    expect(after.settled).toBeGreaterThan(0);
    expect(after.settled).toBeLessThan(total);
    expect(after).toEqual({ settled: after.settled, waiting: 0, due: total - after.settled });
  });
});
