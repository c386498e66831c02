/**
 * Migration 0010: payouts made before it were with their rail from the start, so they are handed
 * over at their creation and get their timeline from what their rows say; on a database migrated
 * up to 0009 and holding the rows the old code wrote.
 */
import { sql, type Kysely } from 'kysely';
import { oldDatabase, type OldDatabase } from '../../support/old-database';
import * as m0001 from '../../../src/server/db/migrations/0001-users-sessions';
import * as m0002 from '../../../src/server/db/migrations/0002-auth';
import * as m0003 from '../../../src/server/db/migrations/0003-ledger';
import * as m0004 from '../../../src/server/db/migrations/0004-transfers';
import * as m0005 from '../../../src/server/db/migrations/0005-grant-client-ip';
import * as m0006 from '../../../src/server/db/migrations/0006-ledger-currency-agreement';
import * as m0007 from '../../../src/server/db/migrations/0007-phone-e164';
import * as m0008 from '../../../src/server/db/migrations/0008-quotes-and-fees';
import * as m0009 from '../../../src/server/db/migrations/0009-limits-proof-of-address';
import * as m0010 from '../../../src/server/db/migrations/0010-payout-life';

let old: OldDatabase;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as they were before the migration under test
let db: Kysely<any>;

beforeAll(async () => {
  old = await oldDatabase('payout_life', [m0001, m0002, m0003, m0004, m0005, m0006, m0007, m0008, m0009]);
  db = old.db;
});

afterAll(() => old.close());

/** A payout as the old code left it: its transfer (between system accounts here) and its row. */
async function oldPayout(reference: string, rail: 'nip' | 'interac', outcome: 'completed' | 'failed' | null): Promise<bigint> {
  const { rows } = await sql<{ id: bigint }>`
    insert into ledger_transfers (reference, debit_account_id, credit_account_id, amount, currency, status, kind, posted_at, voided_at, created_at)
    select ${reference}, d.id, c.id, 500, 'CAD', ${outcome === 'completed' ? 'posted' : outcome === 'failed' ? 'voided' : 'pending'}, 'withdrawal',
      ${outcome === 'completed' ? sql`now()` : null}, ${outcome === 'failed' ? sql`now()` : null}, now() - interval '1 hour'
    from ledger_accounts d, ledger_accounts c
    where d.code = 'deposits_clearing' and d.currency = 'CAD' and c.code = 'payouts_clearing' and c.currency = 'CAD'
    returning id`.execute(db);
  const id = BigInt(rows[0].id);
  await sql`
    insert into payouts (transfer_id, reference, rail, destination, bank_code, settle_after, outcome, failure_reason, created_at, settled_at)
    values (${id}, ${reference}, ${rail}, ${rail === 'nip' ? '0182605790' : 'jane@example.com'}, ${rail === 'nip' ? '044' : null},
      now(), ${outcome}, ${outcome === 'failed' ? 'Declined' : null}, now() - interval '1 hour',
      ${outcome ? sql`now() - interval '10 minutes'` : null})`.execute(db);
  return id;
}

it('hands every earlier payout over at its creation and writes its timeline from its row', async () => {
  const pending = await oldPayout('KDOLDPENDING', 'nip', null);
  const completed = await oldPayout('KDOLDCOMPLETED', 'interac', 'completed');
  const failed = await oldPayout('KDOLDFAILED', 'nip', 'failed');
  await m0010.up(db);

  const payouts = await sql<{ transfer_id: string; handed: boolean }>`
    select transfer_id::text, handed_at = created_at as handed from payouts order by transfer_id`.execute(db);
  expect(payouts.rows.map((row) => row.handed)).toEqual([true, true, true]);

  const events = async (id: bigint) =>
    (
      await sql<{ status: string; note: string | null; at_created: boolean; at_settled: boolean }>`
        select e.status, e.note, e.at = p.created_at as at_created, e.at = p.settled_at as at_settled
        from payout_events e join payouts p on p.transfer_id = e.transfer_id
        where e.transfer_id = ${id} order by e.id`.execute(db)
    ).rows.map((row) => [row.status, row.note, row.at_created ? 'created' : row.at_settled ? 'settled' : 'other']);
  expect(await events(pending)).toEqual([
    ['created', null, 'created'],
    ['sent', 'Sent to the bank', 'created'],
  ]);
  expect(await events(completed)).toEqual([
    ['created', null, 'created'],
    ['sent', 'Sent by Interac e-Transfer', 'created'],
    ['completed', null, 'settled'],
  ]);
  expect(await events(failed)).toEqual([
    ['created', null, 'created'],
    ['sent', 'Sent to the bank', 'created'],
    ['failed', 'Declined', 'settled'],
    ['refunded', 'Refunded to your wallet', 'settled'],
  ]);

  // 'cancelled' is an outcome now, but only of a payout never handed over.
  await expect(sql`update payouts set outcome = 'cancelled', settled_at = now() where transfer_id = ${pending}`.execute(db)).rejects.toThrow(
    /payouts_cancelled_in_hold/,
  );
  await sql`update payouts set outcome = 'cancelled', settled_at = now(), handed_at = null where transfer_id = ${pending}`.execute(db);
  await expect(sql`update payouts set outcome = 'refunded' where transfer_id = ${pending}`.execute(db)).rejects.toThrow(/payouts_outcome_check/);
});
