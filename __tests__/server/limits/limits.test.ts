/**
 * Limits by tier (spec-next §B) through HTTP: GET /limits, the exact 403s of each limit on each
 * outgoing route with nothing moved, NGN at the mid rate, days in the customer's time zone, a
 * refunded payout giving its amount back, LIMITS_JSON, and concurrent sends racing past the limit
 * (this file runs on PGlite and, in the suite's second run, on PostgreSQL).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { settleDuePayouts } from '../../../src/server/sim/payout-rail';
import type { Currency } from '../../../src/shared/types';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { balances, convert, ledgerSums } from '../../support/wallets';
import { ACCESS_ACCOUNT, bankBody, funded, get, interacBody, PIN, post, TIMEZONE } from '../transfers/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The test app's mid rate: NGN per 1 CAD (config default FX_MID_RATE). */
const MID = 1050;

async function limitsOf(customer: Customer) {
  const res = await get(t, customer, '/limits');
  expect(res.statusCode).toBe(200);
  expect(res.json().success).toBe(true);
  return res.json().data as Record<string, string>;
}

/** A customer with money in both wallets (naira wallet activated) and a recipient for user transfers. */
async function sender(): Promise<Customer> {
  return funded(t, { CAD: '20000.00', NGN: '20000000.00' });
}
let recipient: Customer;
beforeAll(async () => {
  recipient = await funded(t, { activate: true });
});

interface Route {
  name: string;
  currency: Currency;
  /** Sends `cad` CAD worth (NGN routes: that many dollars at the mid rate). */
  send(customer: Customer, cad: number, key?: string): ReturnType<typeof post>;
}

const ngnFor = (cad: number) => (cad * MID).toFixed(2);

const ROUTES: Route[] = [
  {
    name: 'CAD user transfer (one statement)',
    currency: 'CAD',
    send: (c, cad, key) => post(t, c, '/wallet/cad-wallet-transfer', { amount: cad.toFixed(2), recipient_email: recipient.email, transaction_pin: PIN, timezone: TIMEZONE }, key),
  },
  {
    name: 'CAD user transfer (checked path, Idempotency-Key)',
    currency: 'CAD',
    send: (c, cad) => post(t, c, '/wallet/cad-wallet-transfer', { amount: cad.toFixed(2), recipient_email: recipient.email, transaction_pin: PIN, timezone: TIMEZONE }, randomUUID()),
  },
  {
    name: 'NGN user transfer (one statement)',
    currency: 'NGN',
    send: (c, cad, key) => post(t, c, '/wallet/ngn-wallet-transfer', { amount: ngnFor(cad), recipient_email: recipient.email, transaction_pin: PIN, timezone: TIMEZONE }, key),
  },
  {
    name: 'NGN user transfer (checked path, Idempotency-Key)',
    currency: 'NGN',
    send: (c, cad) => post(t, c, '/wallet/ngn-wallet-transfer', { amount: ngnFor(cad), recipient_email: recipient.email, transaction_pin: PIN, timezone: TIMEZONE }, randomUUID()),
  },
  { name: 'Interac e-Transfer', currency: 'CAD', send: (c, cad, key) => post(t, c, '/wallet/cad-withdrawal', interacBody({ Amount: cad.toFixed(2) }), key) },
  { name: 'NGN bank payout', currency: 'NGN', send: (c, cad, key) => post(t, c, '/wallet/ngn-withdrawal', bankBody({ amount: ngnFor(cad) }), key) },
  {
    name: 'bill payment',
    currency: 'CAD',
    async send(c, cad, key) {
      expect((await post(t, c, '/auth/confirm-transaction-pin', { transaction_pin: PIN })).statusCode).toBe(200);
      return post(t, c, '/bills/create-bill-payment', {
        PayeeName: 'University of Toronto', PayeeCode: 'SCH-UOFT', Amount: cad.toFixed(2), PayeeAccountNumber: '1009876543', Description: 'Fall tuition',
      }, key);
    },
  },
];

/** Everything a refused send must leave as it was: both balances, the sender's transfers and payouts, the usage. */
async function moneyState(customer: Customer) {
  const { rows } = await sql<{ transfers: number; payouts: number; usage: string }>`
    select
      (select count(*)::int from ledger_transfers tr join ledger_accounts a on a.id = tr.debit_account_id where a.user_id = ${customer.id}::uuid) as transfers,
      (select count(*)::int from payouts p join ledger_transfers tr on tr.id = p.transfer_id join ledger_accounts a on a.id = tr.debit_account_id
        where a.user_id = ${customer.id}::uuid) as payouts,
      (select coalesce(string_agg(bucket::text || '=' || used_minor, ',' order by bucket), '') from limit_usage where user_id = ${customer.id}::uuid) as usage`.execute(t.db);
  return { balances: await balances(t, customer), ...rows[0] };
}

/** Usage on earlier days of the customer's own calendar (as if they had sent at their start): day offset → CAD. */
async function usedBefore(customer: Customer, days: Record<number, number>) {
  for (const [back, cad] of Object.entries(days)) {
    await sql`insert into limit_usage (user_id, bucket, used_minor)
      select ${customer.id}::uuid, kudi_bucket(kudi_day_start(timezone, kudi_local_day(timezone, now()) - ${Number(back)}::int)), ${BigInt(Math.round(cad * 100))}
      from users where id = ${customer.id}::uuid`.execute(t.db);
  }
}

async function expectRefused(route: Route, customer: Customer, cad: number, message: string) {
  const before = await moneyState(customer);
  const res = await route.send(customer, cad);
  expect([res.statusCode, res.json()]).toEqual([403, { success: false, message }]);
  expect(await moneyState(customer)).toEqual(before);
}

describe('GET /limits', () => {
  it("answers a Basic customer's limits and usage as decimal strings, today ending at the customer's midnight", async () => {
    const customer = await sender();
    const data = await limitsOf(customer);
    const now = new Date();
    const midnightUtc = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
    expect(data).toEqual({
      tier: 'Basic',
      currency: 'CAD',
      per_transfer: '1000.00',
      per_day: '1000.00',
      per_30_days: '5000.00',
      used_today: '0.00',
      remaining_today: '1000.00',
      used_30_days: '0.00',
      remaining_30_days: '5000.00',
      // No time zone sent yet: the customer's day is UTC's.
      resets_at: midnightUtc,
      // What an NGN send counts at (the mid rate of FX_MID_RATE's default), so a form can say what the server will.
      ngn_mid_rate: '1050.00',
    });
  });

  it('counts every outgoing send (NGN at the mid rate), not conversions or money received', async () => {
    const customer = await sender();
    for (const [route, cad] of [[0, 100], [2, 1], [4, 50], [5, 100], [6, 25]] as const) {
      const res = await ROUTES[route].send(customer, cad);
      expect(res.statusCode).toBe(200);
    }
    // Between one's own wallets: not counted. Money received (a deposit, a transfer from a user): not counted.
    expect((await convert(t, customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '500.00' })).statusCode).toBe(200);
    const other = await funded(t, { CAD: '100.00' });
    expect((await post(t, other, '/wallet/cad-wallet-transfer', { amount: '10.00', recipient_email: customer.email, transaction_pin: PIN, timezone: TIMEZONE })).statusCode).toBe(200);
    expect(await limitsOf(customer)).toMatchObject({
      used_today: '276.00',
      remaining_today: '724.00',
      used_30_days: '276.00',
      remaining_30_days: '4724.00',
    });
    await usedBefore(customer, { 1: 300, 29: 200, 30: 1000 });
    // Yesterday and 29 days ago are in the 30 days; 30 days ago is not.
    expect(await limitsOf(customer)).toMatchObject({ used_today: '276.00', used_30_days: '776.00', remaining_30_days: '4224.00' });
  });

  it('counts naira at the mid rate, rounded up to the cent', async () => {
    const customer = await sender();
    // 10.50 NGN at 1,050 per CAD is exactly 0.01 CAD; 10.51 NGN is a little more: 0.02.
    for (const amount of ['10.50', '10.51']) {
      const res = await post(t, customer, '/wallet/ngn-wallet-transfer', { amount, recipient_email: recipient.email, transaction_pin: PIN, timezone: TIMEZONE });
      expect(res.statusCode).toBe(200);
    }
    expect((await limitsOf(customer)).used_today).toBe('0.03');
    // 1,050,000.00 NGN is exactly the per-transfer and day limit of 1,000.00 CAD: allowed.
    const another = await sender();
    expect((await ROUTES[5].send(another, 1000)).statusCode).toBe(200);
    expect((await limitsOf(another)).used_today).toBe('1000.00');
  });

  it('needs a signed-in customer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/limits' })).statusCode).toBe(401);
  });

  it.each([
    ['phone', { phoneVerified: false }],
    ['identity', { identityVerified: false }],
  ])('before the Basic tier\'s gate (%s not verified), no tier: 403 with the gate\'s text', async (_missing, options) => {
    const customer = await createCustomer(t, options);
    const res = await get(t, customer, '/limits');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: 'Please complete email, phone and identity verification first' });
  });
});

describe.each(ROUTES)('limits on the $name', (route) => {
  it('refuses more than the per-transfer limit (403, exact text) and moves nothing', async () => {
    const customer = await sender();
    await expectRefused(route, customer, 1000.01, 'This exceeds your per-transfer limit of $1,000.00.');
    expect((await route.send(customer, 1000)).statusCode).toBe(200);
  });

  it("refuses more than what is left of the day's limit, and allows exactly what is left", async () => {
    const customer = await sender();
    expect((await route.send(customer, 900)).statusCode).toBe(200);
    await expectRefused(route, customer, 100.01, 'This exceeds your daily limit. You can send up to $100.00 more today.');
    expect((await route.send(customer, 100)).statusCode).toBe(200);
    await expectRefused(route, customer, 0.01, 'This exceeds your daily limit. You can send up to $0.00 more today.');
    expect(await limitsOf(customer)).toMatchObject({ used_today: '1000.00', remaining_today: '0.00' });
  });

  it('refuses more than what is left of the 30-day limit, and allows exactly what is left', async () => {
    const customer = await sender();
    await usedBefore(customer, { 1: 1000, 2: 1000, 10: 1000, 20: 1000, 29: 750 });
    await expectRefused(route, customer, 250.01, 'This exceeds your 30-day limit. You can send up to $250.00 more today.');
    expect((await route.send(customer, 250)).statusCode).toBe(200);
    expect(await limitsOf(customer)).toMatchObject({ used_today: '250.00', remaining_today: '750.00', used_30_days: '5000.00', remaining_30_days: '0.00' });
    await expectRefused(route, customer, 1, 'This exceeds your 30-day limit. You can send up to $0.00 more today.');
  });
});

describe('limits and payouts', () => {
  it('a refunded (failed) payout gives its amount back to the usage; a completed one keeps it', async () => {
    const customer = await sender();
    expect((await post(t, customer, '/wallet/cad-withdrawal', interacBody({ Amount: '300.00', CustomerEmail: 'jane.fail@example.com' }))).statusCode).toBe(200);
    expect((await post(t, customer, '/wallet/cad-withdrawal', interacBody({ Amount: '200.00' }))).statusCode).toBe(200);
    expect((await post(t, customer, '/wallet/ngn-withdrawal', bankBody({ amount: ngnFor(100), account_number: '0068700000', account_bank: '058', account_name: 'Blessing Etim' }))).statusCode).toBe(200);
    expect((await limitsOf(customer)).used_today).toBe('600.00');
    await settleDuePayouts(t.app);
    expect(await limitsOf(customer)).toMatchObject({ used_today: '200.00', remaining_today: '800.00', used_30_days: '200.00' });
    expect(Object.values(await ledgerSums(t))).toEqual(['0', '0']);
  });

  it("keeps the NGN single-payout maximum of GET /wallet/limit/NGN", async () => {
    const customer = await funded(t, { NGN: '6000000.00' });
    const res = await get(t, customer, '/wallet/limit/NGN');
    expect(res.statusCode).toBe(200);
    const refused = await post(t, customer, '/wallet/ngn-withdrawal', bankBody({ amount: '5000000.01', account_name: ACCESS_ACCOUNT.name }));
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'Amount exceeds the transaction limit']);
  });
});

/** The customer's calendar date in a time zone, 'YYYY-MM-DD'. */
const localDate = (timeZone: string, at = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** Of these zones (IANA or an offset such as '+05:45'), those whose local time is at least 10 minutes from a midnight. */
function zonesAwayFromMidnight(zones: string[], at = new Date()): string[] {
  const minutesOfDay = (zone: string) => {
    const offset = /^([+-])(\d{2}):(\d{2})$/.exec(zone);
    if (offset) {
      const shift = (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]));
      return (((at.getUTCHours() * 60 + at.getUTCMinutes() + shift) % 1440) + 1440) % 1440;
    }
    const [h, m] = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at).split(':').map(Number);
    return h * 60 + m;
  };
  const away = zones.filter((zone) => minutesOfDay(zone) >= 10 && minutesOfDay(zone) < 1430);
  expect(away.length).toBeGreaterThanOrEqual(zones.length - 2);
  return away;
}

/** The instant the next local midnight of the zone falls on (whole-hour zones). */
function nextMidnight(timeZone: string, offsetHours: number, at = new Date()): string {
  const [y, m, d] = localDate(timeZone, at).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1) - offsetHours * 3_600_000).toISOString();
}

describe("the day is the customer's own (the time zone of update-timezone)", () => {
  const setZone = async (customer: Customer, timezone: string) =>
    expect((await post(t, customer, '/auth/update-timezone', { timezone })).statusCode).toBe(200);

  it('counts a send in the day of its sender, and today ends at their midnight', async () => {
    // UTC+14 and UTC-11: their calendars are always at least a day apart.
    const east = await sender();
    const west = await sender();
    await setZone(east, 'Pacific/Kiritimati');
    await setZone(west, 'Pacific/Pago_Pago');
    const eastDay = localDate('Pacific/Kiritimati');
    const westDay = localDate('Pacific/Pago_Pago');
    expect(eastDay).not.toBe(westDay);
    for (const customer of [east, west]) expect((await ROUTES[0].send(customer, 10)).statusCode).toBe(200);
    // Each send is counted in the quarter of an hour it was made in; each customer's today holds it.
    const { rows } = await sql<{ user_id: string; recent: boolean; used_minor: string }>`
      select user_id, bucket <= now() and bucket > now() - interval '15 minutes' as recent, used_minor::text
      from limit_usage where user_id in (${east.id}::uuid, ${west.id}::uuid)`.execute(t.db);
    expect(rows.sort((a, b) => (a.user_id === east.id ? -1 : b.user_id === east.id ? 1 : 0))).toEqual([
      { user_id: east.id, recent: true, used_minor: '1000' },
      { user_id: west.id, recent: true, used_minor: '1000' },
    ]);
    for (const customer of [east, west]) expect(await limitsOf(customer)).toMatchObject({ used_today: '10.00', used_30_days: '10.00' });
    expect((await limitsOf(east)).resets_at).toBe(nextMidnight('Pacific/Kiritimati', 14));
    expect((await limitsOf(west)).resets_at).toBe(nextMidnight('Pacific/Pago_Pago', -11));
  });

  it("a zone whose rules changed in 2026 is counted by the app's rules: Vancouver (UTC−7 all year) and Edmonton (UTC−6) end today at their midnight", async () => {
    // The database's own tzdata (2025) puts them back to UTC−8 and UTC−7 from 2026-11-01; the app
    // and its browsers (tz 2026) do not, and neither do the customer's e-mails.
    for (const [zone, offsetHours] of [['America/Vancouver', -7], ['America/Edmonton', -6]] as const) {
      const customer = await sender();
      await setZone(customer, zone);
      expect((await ROUTES[0].send(customer, 10)).statusCode).toBe(200);
      const midnight = nextMidnight(zone, offsetHours);
      expect([zone, await limitsOf(customer)]).toEqual([zone, expect.objectContaining({ used_today: '10.00', resets_at: midnight })]);
      // The send counts while its own day lasts: to that same midnight.
      const { rows } = await sql<{ day_ends: Date }>`select day_ends from limit_usage where user_id = ${customer.id}::uuid`.execute(t.db);
      expect([zone, rows.map((row) => row.day_ends.toISOString())]).toEqual([zone, [midnight]]);
    }
  });

  it("an offset time zone ('+05:30') is read as the offset it says, not POSIX's reverse", async () => {
    const customer = await sender();
    await setZone(customer, '+05:30');
    const now = new Date();
    const local = new Date(now.getTime() + 5.5 * 3_600_000);
    const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1) - 5.5 * 3_600_000;
    expect((await limitsOf(customer)).resets_at).toBe(new Date(midnight).toISOString());
  });

  it("yesterday's sends (the customer's yesterday) no longer count for today, but do for the 30 days", async () => {
    const customer = await sender();
    await setZone(customer, 'Pacific/Kiritimati');
    await usedBefore(customer, { 1: 1000 });
    expect(await limitsOf(customer)).toMatchObject({ used_today: '0.00', remaining_today: '1000.00', used_30_days: '1000.00' });
    expect((await ROUTES[0].send(customer, 1000)).statusCode).toBe(200);
    await expectRefused(ROUTES[0], customer, 0.01, 'This exceeds your daily limit. You can send up to $0.00 more today.');
    expect((await limitsOf(customer)).used_30_days).toBe('2000.00');
  });

  it("today is the day of the zone the customer has now, from its midnight: moving to another zone starts no new day for what was just sent", async () => {
    const customer = await sender();
    await setZone(customer, 'America/Toronto');
    expect((await ROUTES[0].send(customer, 600)).statusCode).toBe(200);
    expect((await ROUTES[2].send(customer, 400)).statusCode).toBe(200);
    await expectRefused(ROUTES[0], customer, 0.01, 'This exceeds your daily limit. You can send up to $0.00 more today.');
    // Whatever zone it says next (here those whose midnight is not within minutes of now, so that
    // the sends just made fall in its today), those sends were made today there too.
    for (const zone of zonesAwayFromMidnight(['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kolkata', '+05:45', 'Africa/Lagos'])) {
      await setZone(customer, zone);
      expect([zone, await limitsOf(customer)]).toEqual([zone, expect.objectContaining({ used_today: '1000.00', remaining_today: '0.00', used_30_days: '1000.00' })]);
      await expectRefused(ROUTES[0], customer, 0.01, 'This exceeds your daily limit. You can send up to $0.00 more today.');
      await expectRefused(ROUTES[5], customer, 990, 'This exceeds your daily limit. You can send up to $0.00 more today.');
    }
  });

  it("moving to a zone whose day has just begun reopens nothing: a send counts while its own day lasts in the zone it was made in", async () => {
    // The send was made 45 minutes ago in a zone whose day it still is (more than an hour after its midnight) ...
    const minutesOfDay = (zone: string) => {
      const [h, m] = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date()).split(':').map(Number);
      return h * 60 + m;
    };
    const madeIn = ['Pacific/Kiritimati', 'Asia/Tokyo', 'America/Toronto', 'Pacific/Pago_Pago'].find((zone) => minutesOfDay(zone) >= 60 && minutesOfDay(zone) < 1430);
    if (!madeIn) throw new Error('no zone an hour past its midnight');
    const customer = await sender();
    await setZone(customer, madeIn);
    expect((await ROUTES[0].send(customer, 1000)).statusCode).toBe(200);
    await sql`update limit_usage set bucket = kudi_bucket(bucket - interval '45 minutes') where user_id = ${customer.id}::uuid`.execute(t.db);
    // ... and the customer now says their zone is one whose midnight passed 15 to 30 minutes ago.
    const utcMinutes = new Date().getUTCHours() * 60 + new Date().getUTCMinutes();
    let offset = Math.ceil((15 - utcMinutes) / 15) * 15;
    if (offset < -720) offset += 1440;
    if (offset > 840) offset -= 1440;
    const zone = `${offset < 0 ? '-' : '+'}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}:${String(Math.abs(offset) % 60).padStart(2, '0')}`;
    await setZone(customer, zone);
    const before = await balances(t, customer);

    expect([zone, await limitsOf(customer)]).toEqual([zone, expect.objectContaining({ used_today: '1000.00', remaining_today: '0.00', used_30_days: '1000.00' })]);
    await expectRefused(ROUTES[0], customer, 0.01, 'This exceeds your daily limit. You can send up to $0.00 more today.');
    await expectRefused(ROUTES[5], customer, 500, 'This exceeds your daily limit. You can send up to $0.00 more today.');
    expect(await balances(t, customer)).toEqual(before);
    // The day resets when that send stops counting: the end of its own day where it was made (within
    // the day), not the next midnight of the zone the customer has now (almost a day away).
    const { rows: [{ day_ends: dayEnds }] } = await sql<{ day_ends: Date }>`select day_ends from limit_usage where user_id = ${customer.id}::uuid`.execute(t.db);
    const resetsAt = (await limitsOf(customer)).resets_at;
    expect(resetsAt).toBe(dayEnds.toISOString());
    expect(Date.parse(resetsAt) - Date.now()).toBeLessThan(23 * 3_600_000);
  });

  it("a day ends at the customer's midnight: a send of the customer's yesterday in the zone they have now counts for the 30 days only", async () => {
    const customer = await sender();
    await setZone(customer, 'Pacific/Pago_Pago');
    // Sent 25 hours ago: before the midnight that began Pago Pago's today (UTC-11).
    await sql`insert into limit_usage (user_id, bucket, used_minor) values (${customer.id}::uuid, kudi_bucket(now() - interval '25 hours'), 100000)`.execute(t.db);
    expect(await limitsOf(customer)).toMatchObject({ used_today: '0.00', remaining_today: '1000.00', used_30_days: '1000.00' });
    expect((await ROUTES[0].send(customer, 500)).statusCode).toBe(200);
    expect(await limitsOf(customer)).toMatchObject({ used_today: '500.00', used_30_days: '1500.00' });
  });
});

describe('LIMITS_JSON', () => {
  it('overrides the table: given values replace the defaults, the rest stay', async () => {
    const json = '{"Basic":{"per_transfer":"100000","per_day":"100000","per_30_days":"100000"}}';
    const config = loadConfig({ NODE_ENV: 'test', LIMITS_JSON: json }, { dataDir: null });
    expect(config.limits).toEqual({
      Basic: { perTransfer: 10_000_000n, perDay: 10_000_000n, per30Days: 10_000_000n },
      Plus: { perTransfer: 1_000_000n, perDay: 1_000_000n, per30Days: 5_000_000n },
    });
    const other = await buildTestApp({ limits: config.limits });
    try {
      const customer = await funded(other, { CAD: '50000.00' });
      const friend = await funded(other, {});
      const res = await post(other, customer, '/wallet/cad-wallet-transfer', { amount: '30000.00', recipient_email: friend.email, transaction_pin: PIN, timezone: TIMEZONE });
      expect(res.statusCode).toBe(200);
      const limits = (await get(other, customer, '/limits')).json().data;
      expect(limits).toMatchObject({ tier: 'Basic', per_transfer: '100000.00', per_day: '100000.00', per_30_days: '100000.00', used_today: '30000.00', remaining_today: '70000.00' });
      // The public schedule (the FAQ's source) states the table applied, both tiers.
      expect((await other.app.inject({ method: 'GET', url: '/api/pricing' })).json().data.limits).toEqual([
        { tier: 'Basic', per_transfer: '100000.00', per_day: '100000.00', per_30_days: '100000.00' },
        { tier: 'Plus', per_transfer: '10000.00', per_day: '10000.00', per_30_days: '50000.00' },
      ]);
    } finally {
      await other.close();
    }
  });

  it('is checked when the config loads', () => {
    const load = (json: string) => () => loadConfig({ LIMITS_JSON: json }, { dataDir: null });
    expect(loadConfig({ LIMITS_JSON: '{"Plus":{"per_day":"20000"}}' }, { dataDir: null }).limits.Plus).toEqual({ perTransfer: 1_000_000n, perDay: 2_000_000n, per30Days: 5_000_000n });
    expect(loadConfig({ LIMITS_JSON: '{"Basic":{"per_transfer":250.5}}' }, { dataDir: null }).limits.Basic.perTransfer).toBe(25_050n);
    expect(load('{')).toThrow(ConfigError);
    expect(load('{')).toThrow('LIMITS_JSON must be valid JSON');
    expect(load('[1]')).toThrow('LIMITS_JSON must be a JSON object keyed by tier (Basic, Plus)');
    expect(load('{"Gold":{}}')).toThrow('LIMITS_JSON: unknown tier "Gold" (use Basic or Plus)');
    expect(load('{"Basic":5}')).toThrow('LIMITS_JSON: Basic must be an object of per_transfer, per_day and per_30_days');
    expect(load('{"Basic":{"per_week":"1"}}')).toThrow('LIMITS_JSON: unknown limit "Basic.per_week"');
    for (const bad of ['"0"', '"-5"', '"1.005"', '"abc"', 'null', '"1,000"']) {
      expect(load(`{"Basic":{"per_transfer":${bad}}}`)).toThrow(`LIMITS_JSON: Basic.per_transfer must be a positive CAD amount with at most 2 decimals, got ${bad}`);
    }
    expect(load('{"Basic":{"per_transfer":"2000"}}')).toThrow('LIMITS_JSON: Basic needs per_transfer ≤ per_day ≤ per_30_days');
    expect(load('{"Plus":{"per_day":"60000"}}')).toThrow('LIMITS_JSON: Plus needs per_transfer ≤ per_day ≤ per_30_days');
  });
});

describe('concurrent sends racing past the limit', () => {
  /** Five sends of 300.00 at once with 1,000.00 left: at most three may pass. */
  async function race(send: (customer: Customer, i: number) => ReturnType<typeof post>) {
    const customer = await sender();
    const start = await balances(t, customer);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => send(customer, i)));
    const ok = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode !== 200);
    // Each send is decided on the usage every other one committed: three fit, then 100.00 is left.
    expect(ok.length).toBe(3);
    expect(refused.map((res) => [res.statusCode, res.json()])).toEqual(
      Array(2).fill([403, { success: false, message: 'This exceeds your daily limit. You can send up to $100.00 more today.' }]),
    );
    const limits = await limitsOf(customer);
    expect(limits.used_today).toBe(`${ok.length * 300}.00`);
    const spent = (start.CAD - (await balances(t, customer)).CAD) + (start.NGN - (await balances(t, customer)).NGN) / MID;
    expect(Math.round(spent * 100)).toBe(ok.length * 30_000);
    expect(Math.round(spent * 100)).toBeLessThanOrEqual(100_000);
    return ok.length;
  }

  it('user transfers in one statement: the sum that succeeded never exceeds the limit', async () => {
    await race((customer) => ROUTES[0].send(customer, 300));
  });

  it('user transfers on the checked path (Idempotency-Keys), CAD and NGN mixed', async () => {
    await race((customer, i) => ROUTES[i % 2 === 0 ? 1 : 3].send(customer, 300));
  });

  it('Interac and NGN bank payouts mixed', async () => {
    await race((customer, i) => ROUTES[[4, 5, 4, 5, 4][i]].send(customer, 300));
  });

  it('one-statement transfers and payouts mixed', async () => {
    await race((customer, i) => ROUTES[[0, 4, 2, 5, 0][i]].send(customer, 300));
  });
});
