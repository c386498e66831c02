/**
 * Migration 0007: stored '+234 0…' numbers become E.164, on a database migrated up to 0006 and
 * holding the rows the old code wrote.
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

let old: OldDatabase;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as they were before the migration under test
let db: Kysely<any>;

beforeAll(async () => {
  old = await oldDatabase('phone', [m0001, m0002, m0003, m0004, m0005, m0006]);
  db = old.db;
});

afterAll(() => old.close());

async function user(name: string, phone: string | null, verified: boolean): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({
      email: `${name}@example.com`,
      email_lower: `${name}@example.com`,
      password_hash: 'x',
      first_name: name,
      last_name: 'Obi',
      dob: '1990-01-15',
      nationality: 'NG',
      country_of_residence: 'CA',
      phone_number: phone,
      is_phone_verified: verified,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const phoneOf = async (id: string) =>
  (await db.selectFrom('users').select(['phone_number', 'is_phone_verified']).where('id', '=', id).executeTakeFirstOrThrow()) as {
    phone_number: string | null;
    is_phone_verified: boolean;
  };

it('rewrites the numbers the old code stored with a trunk 0 to E.164, and leaves every other alone', async () => {
  const ada = await user('ada', '+23408012345678', true);
  const bayo = await user('bayo', '+23408031234567', false);
  const chidi = await user('chidi', '+2348035550000', true);
  const dayo = await user('dayo', null, false);
  const efe = await user('efe', '+14165550123', true);
  const femi = await user('femi', '+2341234', false);
  // The same number verified twice under two spellings (the bug let it happen): the E.164 owner keeps it.
  const gozie = await user('gozie', '+2348099990000', true);
  const hauwa = await user('hauwa', '+23408099990000', true);
  const now = new Date();
  await db
    .insertInto('otps')
    .values([
      { user_id: bayo, purpose: 'phone_verification', recipient: '+23408031234567', code_hash: 'h', created_at: now, expires_at: now },
      { user_id: bayo, purpose: 'email_verification', recipient: 'bayo@example.com', code_hash: 'h', created_at: now, expires_at: now },
    ])
    .execute();
  await db.insertInto('contact_messages').values([
    { user_id: ada, email: 'ada@example.com', phone_number: '+23408012345678', complaint_category: 'Help', complaint: 'x' },
    { user_id: ada, email: 'ada@example.com', phone_number: '0801 234 5678', complaint_category: 'Help', complaint: 'y' },
  ]).execute();

  await m0007.up(db);

  expect(await phoneOf(ada)).toEqual({ phone_number: '+2348012345678', is_phone_verified: true });
  expect(await phoneOf(bayo)).toEqual({ phone_number: '+2348031234567', is_phone_verified: false });
  expect(await phoneOf(chidi)).toEqual({ phone_number: '+2348035550000', is_phone_verified: true });
  expect(await phoneOf(dayo)).toEqual({ phone_number: null, is_phone_verified: false });
  expect(await phoneOf(efe)).toEqual({ phone_number: '+14165550123', is_phone_verified: true });
  expect(await phoneOf(femi)).toEqual({ phone_number: '+2341234', is_phone_verified: false });
  expect(await phoneOf(gozie)).toEqual({ phone_number: '+2348099990000', is_phone_verified: true });
  expect(await phoneOf(hauwa)).toEqual({ phone_number: '+23408099990000', is_phone_verified: true });

  const otps = await db.selectFrom('otps').select(['purpose', 'recipient']).where('user_id', '=', bayo).orderBy('purpose').execute();
  expect(otps).toEqual([
    { purpose: 'email_verification', recipient: 'bayo@example.com' },
    { purpose: 'phone_verification', recipient: '+2348031234567' },
  ]);
  const contacts = await db.selectFrom('contact_messages').select(['complaint', 'phone_number']).orderBy('complaint').execute();
  expect(contacts).toEqual([
    { complaint: 'x', phone_number: '+2348012345678' },
    { complaint: 'y', phone_number: '0801 234 5678' },
  ]);

  // Once more changes nothing.
  await m0007.up(db);
  expect(await phoneOf(hauwa)).toEqual({ phone_number: '+23408099990000', is_phone_verified: true });
  expect(await phoneOf(ada)).toEqual({ phone_number: '+2348012345678', is_phone_verified: true });
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from users where phone_number = '+2348099990000'`.execute(db);
  expect(rows[0].n).toBe(1);
});
