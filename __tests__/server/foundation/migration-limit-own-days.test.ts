/**
 * Migration 0026: each limit bucket also keeps when the day and the 30 days of its sends end in the
 * zone they were made in. On a database migrated up to 0025, holding buckets as 0023's code wrote
 * them: they take the days of the customer's zone of now, and are counted as before (for a customer
 * who stays in their zone, the same totals); a bucket of a zone's day that has ended is not.
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
import * as m0024 from '../../../src/server/db/migrations/0024-sign-up-codes-bound';
import * as m0025 from '../../../src/server/db/migrations/0025-pin-confirmation-per-session';
import * as m0026 from '../../../src/server/db/migrations/0026-limit-days-of-their-own-zone';

let old: OldDatabase;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as they were before the migration under test
let db: Kysely<any>;

beforeAll(async () => {
  old = await oldDatabase('limit_own_days', [m0001, m0002, m0003, m0004, m0005, m0006, m0007, m0008, m0009, m0010, m0011, m0012, m0013, m0014, m0015, m0016, m0017, m0018, m0019, m0020, m0021, m0022, m0023, m0024, m0025]);
  db = old.db;
});

afterAll(() => old.close());

it("gives each bucket the end of its day and of its 30 days in the customer's zone of now; the totals stay", async () => {
  const { rows: users } = await sql<{ id: string }>`
    insert into users (email, email_lower, password_hash, first_name, last_name, dob, nationality, country_of_residence, timezone)
    values ('lagos@example.com', 'lagos@example.com', 'x', 'Ada', 'Obi', '1990-01-15', 'NG', 'CA', 'Africa/Lagos')
    returning id`.execute(db);
  const id = users[0].id;
  // Today's first quarter, yesterday's and 40 days ago's, in Lagos (UTC+1).
  await sql`
    insert into limit_usage (user_id, bucket, used_minor)
    select ${id}::uuid, kudi_bucket(kudi_day_start('Africa/Lagos', kudi_local_day('Africa/Lagos', now()) - d)), m
    from (values (0, 30000), (1, 20000), (40, 1000)) v(d, m)`.execute(db);

  await m0026.up(db);

  const { rows } = await sql<{ ago: number; day_ends: string; days30_end: string }>`
    select (kudi_local_day('Africa/Lagos', now()) - kudi_local_day('Africa/Lagos', bucket))::int as ago,
      to_char(day_ends at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as day_ends,
      to_char(days30_end at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as days30_end
    from limit_usage where user_id = ${id}::uuid order by bucket desc`.execute(db);
  const midnight = async (days: number) =>
    (await sql<{ at: string }>`select to_char(kudi_day_start('Africa/Lagos', kudi_local_day('Africa/Lagos', now()) + ${days}::int) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as at`.execute(db)).rows[0].at;
  expect(rows).toEqual([
    { ago: 0, day_ends: await midnight(1), days30_end: await midnight(30) },
    { ago: 1, day_ends: await midnight(0), days30_end: await midnight(29) },
    { ago: 40, day_ends: await midnight(-39), days30_end: await midnight(-10) },
  ]);
  // Lagos's midnights are at 23:00 UTC.
  expect(rows.every((row) => /T23:00$/.test(row.day_ends))).toBe(true);

  // Counted as before: today 300.00, the 30 days 500.00.
  const limits = '{100000,100000,500000,200000,200000,1000000}';
  const charged = await sql<{ outcome: string; used_today: string; used_30_days: string }>`
    select outcome, used_today::text, used_30_days::text from kudi_limit_charge(${id}::uuid, 70001, ${limits}::bigint[])`.execute(db);
  expect(charged.rows[0]).toEqual({ outcome: 'day', used_today: '30000', used_30_days: '50000' });
});
