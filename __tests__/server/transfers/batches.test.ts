/**
 * One-statement transfers that arrive together (transfers/user-transfer.batches.ts) run as one
 * statement: each moves exactly as it would alone, one after another in the order they came, on
 * the balances and the limits the ones before it left; one refused writes nothing and leaves the
 * others to go ahead; a batch that fails runs each transfer again on its own.
 */
import { sql } from 'kysely';
import { newReference } from '../../../src/server/modules/ledger/ledger.service';
import { transferInOneStatement } from '../../../src/server/modules/transfers/user-transfer.batches';
import type { OneStatementTransfer } from '../../../src/server/modules/transfers/user-transfer.one-statement';
import { limitArray } from '../../../src/server/modules/limits/tiers';
import type { Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { balances, ledgerSums } from '../../support/wallets';
import { funded, PIN, userTransfer } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A CAD transfer for the one statement, as the route builds it (no fee), with the test's limits or `limits`. */
function transfer(sender: Customer, recipient: Customer, minor: bigint, { pin = PIN, limits = limitArray(t.config.limits) } = {}): OneStatementTransfer {
  return {
    senderId: sender.id,
    pinSecret: t.config.pinSecret,
    pin,
    order: { currency: 'CAD', amount: minor, fee: 0n, recipientEmail: recipient.email },
    reference: newReference(),
    description: 'Wallet transfer',
    limit: { amount: minor, array: limits },
  };
}

/** The transfers, handed over in one turn of the event loop (so they go in one batch), and their outcomes. */
const together = (transfers: OneStatementTransfer[]) => Promise.all(transfers.map((one) => transferInOneStatement(t.db, one)));

/** An account's entries in the order written: each amount with the balance after it. */
async function entries(customer: Customer) {
  const { rows } = await sql<{ amount: string; balance_after: string }>`
    select e.amount::text, e.balance_after::text from ledger_entries e join ledger_accounts a on a.id = e.account_id
    where a.user_id = ${customer.id} and a.currency = 'CAD' order by e.id`.execute(t.db);
  return rows.map((row) => [row.amount, row.balance_after]);
}

/** What the customer's sends have counted against their limits (CAD minor units). */
async function limitUsage(customer: Customer): Promise<string> {
  const { rows } = await sql<{ used: string }>`select coalesce(sum(used_minor), 0)::text as used from limit_usage where user_id = ${customer.id}`.execute(t.db);
  return rows[0].used;
}

describe('transfers that arrive together', () => {
  it('move one after another, in the order they came, each on the balances the ones before it left', async () => {
    const [a, b, c] = [await funded(t, { CAD: '20.00' }), await funded(t), await funded(t)];
    const outcomes = await together([
      transfer(a, b, 1000n),
      // Covered only by the 10.00 b has just received.
      transfer(b, c, 600n),
      // More than the 10.00 a has left: refused, nothing written.
      transfer(a, c, 1500n),
      transfer(a, c, 500n),
      // Covered by what c received in the two before it.
      transfer(c, a, 1100n),
    ]);
    expect(outcomes.map((o) => o && o.row.amount)).toEqual([1000n, 600n, null, 500n, 1100n]);
    const name = (x: Customer) => `${x.firstName} ${x.lastName}`;
    expect(outcomes.map((o) => o?.recipientName ?? null)).toEqual([name(b), name(c), null, name(c), name(a)]);
    // One statement: one transaction's time on each.
    expect(new Set(outcomes.filter((o) => o !== null).map((o) => o.row.created_at.getTime())).size).toBe(1);

    expect([await balances(t, a), await balances(t, b), await balances(t, c)].map((w) => w.CAD)).toEqual([16, 4, 0]);
    expect(await entries(a)).toEqual([['2000', '2000'], ['-1000', '1000'], ['-500', '500'], ['1100', '1600']]);
    expect(await entries(b)).toEqual([['1000', '1000'], ['-600', '400']]);
    expect(await entries(c)).toEqual([['600', '600'], ['500', '1100'], ['-1100', '0']]);
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
    // Only what moved counts against the senders' limits (the refused 15.00 of a's counts nothing).
    expect(await limitUsage(a)).toBe('1500');
    expect(await limitUsage(b)).toBe('600');
    expect(await limitUsage(c)).toBe('1100');
  });

  it("count each send against the sender's limits after the ones before it: a second send over the day's limit is refused", async () => {
    const [a, b] = [await funded(t, { CAD: '100.00' }), await funded(t)];
    // Basic: 20.00 a transfer, 25.00 a day, 1,000.00 in 30 days (the Plus tier's as the test's).
    const limits = `{2000,2500,100000,${limitArray(t.config.limits).slice(1, -1).split(',').slice(3).join(',')}}`;
    const outcomes = await together([transfer(a, b, 1500n, { limits }), transfer(a, b, 1500n, { limits }), transfer(a, b, 1000n, { limits })]);
    expect(outcomes.map((o) => o && o.row.amount)).toEqual([1500n, null, 1000n]);
    expect(await limitUsage(a)).toBe('2500');
    expect((await balances(t, a)).CAD).toBe(75);
  });

  it("leave a transfer with a wrong PIN to the checked path (which counts the try) and move the others", async () => {
    const [a, b] = [await funded(t, { CAD: '10.00' }), await funded(t)];
    const outcomes = await together([transfer(a, b, 100n), transfer(a, b, 100n, { pin: '9999' }), transfer(a, b, 100n)]);
    expect(outcomes.map((o) => o && o.row.amount)).toEqual([100n, null, 100n]);
    const { rows } = await sql<{ pin_failed_count: number }>`select pin_failed_count from users where id = ${a.id}`.execute(t.db);
    expect(rows[0].pin_failed_count).toBe(0);
    expect((await balances(t, b)).CAD).toBe(2);
  });

  it('run each transfer again on its own when the batch fails, so only the one at fault is left to the checked path', async () => {
    const [a, b, c] = [await funded(t, { CAD: '10.00' }), await funded(t, { CAD: '10.00' }), await funded(t)];
    // A figure no bigint holds: the whole statement fails (22003), nothing written.
    const outcomes = await together([transfer(a, c, 100n), transfer(b, c, 10n ** 20n), transfer(b, c, 200n)]);
    expect(outcomes.map((o) => o && o.row.amount)).toEqual([100n, null, 200n]);
    expect((await balances(t, c)).CAD).toBe(3);
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });

  it("through the API: many customers' keyed payments at once each move once, with their own answer", async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => funded(t, { CAD: '50.00' })));
    const sends = Array.from({ length: 24 }, (_, i) => ({ from: people[i % 6], to: people[(i * 5 + 1) % 6], amount: `${(i % 4) + 1}.00`, key: `batch-${i}` }));
    const answers = await Promise.all(sends.map((s) => userTransfer(t, s.from, 'CAD', { amount: s.amount, recipient_email: s.to.email }, s.key)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(24).fill(200));
    expect(new Set(answers.map((res) => res.json().data.transaction_reference)).size).toBe(24);
    const expected = new Map(people.map((p) => [p.id, 5000]));
    for (const s of sends) {
      const cents = Number(s.amount) * 100;
      expected.set(s.from.id, (expected.get(s.from.id) ?? 0) - cents);
      expected.set(s.to.id, (expected.get(s.to.id) ?? 0) + cents);
    }
    for (const p of people) expect({ who: p.email, CAD: (await balances(t, p)).CAD }).toEqual({ who: p.email, CAD: (expected.get(p.id) ?? 0) / 100 });
    // Replays answer what was answered, and move nothing again.
    const again = await userTransfer(t, sends[0].from, 'CAD', { amount: sends[0].amount, recipient_email: sends[0].to.email }, sends[0].key);
    expect(again.json()).toEqual(answers[0].json());
    expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
  });
});
