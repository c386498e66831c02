import { sql } from 'kysely';
import { loadConfig } from '../../../src/server/config';
import { claimDuePayouts } from '../../../src/server/modules/transfers/payouts.repository';
import { settleDuePayouts } from '../../../src/server/sim/payout-rail';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { cadWithdrawal, funded } from '../transfers/helpers';

const LEASE_MS = 1_000;

let t: TestApp;
beforeAll(async () => {
  // No hold and no settlement delay: a due payout is settled by the first pass that takes it.
  t = await buildTestApp({ payoutHoldS: 0, payoutSettleMs: 0, payoutLeaseMs: LEASE_MS });
});
afterAll(() => t.close());

const unsettled = async () => {
  const { rows } = await sql<{ waiting: string; due: string }>`
    select count(*) filter (where settle_after > now()) as waiting, count(*) filter (where settle_after <= now()) as due
    from payouts where settled_at is null`.execute(t.db);
  return { waiting: Number(rows[0].waiting), due: Number(rows[0].due) };
};

describe('a payout taken by a process that died (PAYOUT_LEASE_MS)', () => {
  it('waits out the lease, then the next pass settles it', async () => {
    const sender = await funded(t, { CAD: '100.00' });
    expect((await cadWithdrawal(t, sender, { Amount: '10.00' })).statusCode).toBe(200);
    expect(await unsettled()).toEqual({ waiting: 0, due: 1 });

    // A process takes it for its lease and dies before settling it.
    expect(await claimDuePayouts(t.db, 25, t.config.payoutLeaseMs)).toHaveLength(1);
    expect(await unsettled()).toEqual({ waiting: 1, due: 0 });
    expect(await settleDuePayouts(t.app)).toBe(0);

    for (let waited = 0; (await unsettled()).due === 0; waited += 50) {
      if (waited > LEASE_MS * 5) throw new Error('the lease never ran out');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await settleDuePayouts(t.app)).toBe(1);
    expect(await unsettled()).toEqual({ waiting: 0, due: 0 });
  });

  it('is 30 s unless set, and at least a second', () => {
    expect(loadConfig({}, { dataDir: null }).payoutLeaseMs).toBe(30_000);
    expect(loadConfig({ PAYOUT_LEASE_MS: '5000' }, { dataDir: null }).payoutLeaseMs).toBe(5_000);
    expect(() => loadConfig({ PAYOUT_LEASE_MS: '500' }, { dataDir: null })).toThrow('PAYOUT_LEASE_MS must be between 1000 and 3600000, got 500');
  });
});
