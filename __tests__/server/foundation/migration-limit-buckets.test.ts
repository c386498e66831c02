/**
 * Migration 0023: the sending limits' day buckets become quarters of an hour, read from the
 * midnight of the zone the customer has now. On a database migrated up to 0022 and holding what the
 * old code wrote: each day's usage moves to the first quarter of that day in the customer's zone of
 * now, a payout's day to the same, and the new check counts them as the old one did.
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
import * as m0011 from '../../../src/server/db/migrations/0011-notifications';
import * as m0012 from '../../../src/server/db/migrations/0012-identity-sessions-by-user';
import * as m0013 from '../../../src/server/db/migrations/0013-recipients';
import * as m0014 from '../../../src/server/db/migrations/0014-session-devices';
import * as m0015 from '../../../src/server/db/migrations/0015-statements';
import * as m0016 from '../../../src/server/db/migrations/0016-history-checkpoints';
import * as m0017 from '../../../src/server/db/migrations/0017-idempotency-keys-by-time';
import * as m0018 from '../../../src/server/db/migrations/0018-jobs';
import * as m0019 from '../../../src/server/db/migrations/0019-reconciliations';
import * as m0020 from '../../../src/server/db/migrations/0020-read-marks';
import * as m0021 from '../../../src/server/db/migrations/0021-recipients-updated-in-place';
import * as m0022 from '../../../src/server/db/migrations/0022-value-rules-as-domains';
import * as m0023 from '../../../src/server/db/migrations/0023-limit-usage-by-quarter-hour';

let old: OldDatabase;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as they were before the migration under test
let db: Kysely<any>;

beforeAll(async () => {
  old = await oldDatabase('limit_buckets', [m0001, m0002, m0003, m0004, m0005, m0006, m0007, m0008, m0009, m0010, m0011, m0012, m0013, m0014, m0015, m0016, m0017, m0018, m0019, m0020, m0021, m0022]);
  db = old.db;
});

afterAll(() => old.close());

async function customer(name: string, timezone: string | null): Promise<{ id: string; account: string }> {
  const { rows } = await sql<{ id: string }>`
    insert into users (email, email_lower, password_hash, first_name, last_name, dob, nationality, country_of_residence, timezone)
    values (${`${name}@example.com`}, ${`${name}@example.com`}, 'x', ${name}, 'Obi', '1990-01-15', 'NG', 'CA', ${timezone})
    returning id`.execute(db);
  const id = rows[0].id;
  const account = await sql<{ id: string }>`
    insert into ledger_accounts (currency, kind, user_id, balance, pending_debits) values ('CAD', 'customer', ${id}::uuid, 100000, 5000)
    returning id::text`.execute(db);
  return { id, account: account.rows[0].id };
}

/** A payout as the old code left it, counted on a day. */
async function oldPayout(from: { account: string }, reference: string, day: string): Promise<void> {
  const { rows } = await sql<{ id: string }>`
    insert into ledger_transfers (reference, debit_account_id, credit_account_id, amount, currency, status, kind)
    select ${reference}, ${from.account}::bigint, c.id, 5000, 'CAD', 'pending', 'withdrawal'
    from ledger_accounts c where c.code = 'payouts_clearing' and c.currency = 'CAD'
    returning id::text`.execute(db);
  await sql`
    insert into payouts (transfer_id, reference, rail, destination, bank_code, settle_after, limit_day, limit_minor)
    values (${rows[0].id}::bigint, ${reference}, 'interac', 'jane@example.com', null, now(), ${day}::date, 5000)`.execute(db);
}

it("moves each day's usage and each payout's day to that day's midnight in the customer's zone of now, counted as before", async () => {
  const toronto = await customer('toronto', 'America/Toronto');
  const utc = await customer('utc', null);
  const { rows: days } = await sql<{ today: string; yesterday: string; old: string; utc_today: string }>`
    select kudi_local_day('America/Toronto', now())::text as today, (kudi_local_day('America/Toronto', now()) - 1)::text as yesterday,
      (kudi_local_day('America/Toronto', now()) - 40)::text as old, kudi_local_day(null, now())::text as utc_today`.execute(db);
  const { today, yesterday, old: longAgo, utc_today: utcToday } = days[0];
  for (const [who, day, minor] of [[toronto, today, 30000], [toronto, yesterday, 20000], [toronto, longAgo, 1000], [utc, utcToday, 7000]] as const) {
    await sql`insert into limit_usage (user_id, day, used_minor) values (${who.id}::uuid, ${day}::date, ${minor})`.execute(db);
  }
  await oldPayout(toronto, 'KDOLDLIMITDAY', today);

  await m0023.up(db);

  const usage = await sql<{ user_id: string; bucket: string; used_minor: string }>`
    select user_id::text, to_char(bucket at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as bucket, used_minor::text from limit_usage order by user_id, bucket`.execute(db);
  const midnight = async (zone: string | null, day: string) =>
    (await sql<{ at: string }>`select to_char(kudi_day_start(${zone}, ${day}::date) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as at`.execute(db)).rows[0].at;
  const expected = [
    { user_id: toronto.id, bucket: await midnight('America/Toronto', longAgo), used_minor: '1000' },
    { user_id: toronto.id, bucket: await midnight('America/Toronto', yesterday), used_minor: '20000' },
    { user_id: toronto.id, bucket: await midnight('America/Toronto', today), used_minor: '30000' },
    { user_id: utc.id, bucket: await midnight(null, utcToday), used_minor: '7000' },
  ].sort((a, b) => (a.user_id + a.bucket).localeCompare(b.user_id + b.bucket));
  expect(usage.rows).toEqual(expected);
  // Toronto's midnights are at 04:00 or 05:00 UTC.
  expect(expected.filter((row) => row.user_id === toronto.id).every((row) => /T0[45]:00$/.test(row.bucket))).toBe(true);

  const payout = await sql<{ at: string }>`select to_char(limit_bucket at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as at from payouts where reference = 'KDOLDLIMITDAY'`.execute(db);
  expect(payout.rows[0].at).toBe(await midnight('America/Toronto', today));

  // The new check reads them as the old one did: today 300.00, the 30 days 500.00 (40 days ago is out).
  const limits = '{100000,100000,500000,200000,200000,1000000}';
  const charged = await sql<{ outcome: string; used_today: string; used_30_days: string }>`
    select outcome, used_today::text, used_30_days::text from kudi_limit_charge(${toronto.id}::uuid, 70001, ${limits}::bigint[])`.execute(db);
  expect(charged.rows[0]).toEqual({ outcome: 'day', used_today: '30000', used_30_days: '50000' });
});
