/**
 * The customers' days by the app's own zone rules (lib/zone-periods.ts, db/zone-rules.ts,
 * migration 0029): the periods read from ICU, and the SQL of days (kudi_day_start,
 * kudi_local_time) on a real database, against the days Intl itself gives, minute by minute.
 */
import { sql } from 'kysely';
import { writeZoneRules, writeZoneRulesInUse } from '../../../src/server/db/zone-rules';
import { localDateTime } from '../../../src/server/lib/time-zone';
import { zonePeriods } from '../../../src/server/lib/zone-periods';
import { createCustomer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const iso = (at: Date) => at.toISOString();

describe('zonePeriods (ICU)', () => {
  it("gives Toronto's two changes of 2026 to the minute", () => {
    const periods = zonePeriods('America/Toronto', new Date('2026-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z'));
    expect(periods.map((p) => [iso(p.since), iso(p.until), p.offsetMinutes])).toEqual([
      ['2026-01-01T00:00:00.000Z', '2026-03-08T07:00:00.000Z', -300],
      ['2026-03-08T07:00:00.000Z', '2026-11-01T06:00:00.000Z', -240],
      ['2026-11-01T06:00:00.000Z', '2027-01-01T00:00:00.000Z', -300],
    ]);
  });

  it('keeps Vancouver at UTC−7 from March 2026, as the app and its browsers do (tz 2026)', () => {
    const periods = zonePeriods('America/Vancouver', new Date('2026-01-01T00:00:00Z'), new Date('2028-01-01T00:00:00Z'));
    expect(periods.map((p) => [iso(p.since), iso(p.until), p.offsetMinutes])).toEqual([
      ['2026-01-01T00:00:00.000Z', '2026-03-08T10:00:00.000Z', -480],
      ['2026-03-08T10:00:00.000Z', '2028-01-01T00:00:00.000Z', -420],
    ]);
  });

  it('finds changes a week apart (America/Boa_Vista kept summer time for a week in October 2000)', () => {
    const periods = zonePeriods('America/Boa_Vista', new Date('2000-10-01T00:00:00Z'), new Date('2000-11-01T00:00:00Z'));
    expect(periods.map((p) => [iso(p.since), p.offsetMinutes])).toEqual([
      ['2000-10-01T00:00:00.000Z', -240],
      ['2000-10-08T04:00:00.000Z', -180],
      ['2000-10-15T03:00:00.000Z', -240],
    ]);
  });

  it('reads offsets of half and three quarters of an hour; a zone ICU does not know throws', () => {
    const year = [new Date('2026-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z')] as const;
    expect(zonePeriods('Asia/Kathmandu', ...year).map((p) => p.offsetMinutes)).toEqual([345]);
    expect(zonePeriods('Pacific/Chatham', ...year).map((p) => p.offsetMinutes)).toEqual([825, 765, 825]);
    expect(() => zonePeriods('Mars/Olympus_Mons', ...year)).toThrow();
  });
});

describe("localDateTime (a statement's line times)", () => {
  it('reads named zones from their periods, in time order across a change, and by Intl outside the years', () => {
    const toronto = localDateTime('America/Toronto');
    const at = (iso: string) => toronto(new Date(iso));
    expect([at('2026-03-08T06:59:59.999Z'), at('2026-03-08T07:00:00Z'), at('2026-11-01T05:59:59Z'), at('2026-11-01T06:00:00Z')]).toEqual([
      '2026-03-08 01:59:59', '2026-03-08 03:00:00', '2026-11-01 01:59:59', '2026-11-01 01:00:00',
    ]);
    // Back in time, then outside the periods (2000–2050): Intl's own reading.
    expect([at('2026-01-15T12:00:00Z'), at('1999-07-01T12:00:00Z'), at('2060-01-01T12:00:00Z')]).toEqual([
      '2026-01-15 07:00:00', '1999-07-01 08:00:00', '2060-01-01 07:00:00',
    ]);
    expect(localDateTime('America/Vancouver')(new Date('2026-11-29T07:00:00Z'))).toBe('2026-11-29 00:00:00');
  });

  it('reads an offset as it says and no zone as UTC', () => {
    const moment = new Date('2026-11-29T23:45:30.900Z');
    expect([localDateTime('+05:30')(moment), localDateTime('-03:30')(moment), localDateTime(null)(moment)]).toEqual([
      '2026-11-30 05:15:30', '2026-11-29 20:15:30', '2026-11-29 23:45:30',
    ]);
  });
});

/** The local date ('YYYY-MM-DD') and time ('YYYY-MM-DD HH:MM:SS') of an instant, as Intl gives them. */
function localOf(zone: string) {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  });
  return (at: number) => {
    const p = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
    return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}` };
  };
}

/** Each local date's first instant, found by reading Intl's date every quarter of an hour (these zones change on quarters). */
function dayStartsByIntl(zone: string, from: string, to: string): Map<string, string> {
  const local = localOf(zone);
  const starts = new Map<string, string>();
  let previous = local(Date.parse(`${from}T00:00:00Z`) - 86_400_000).date;
  for (let at = Date.parse(`${from}T00:00:00Z`) - 86_400_000; at < Date.parse(`${to}T00:00:00Z`) + 2 * 86_400_000; at += 15 * 60_000) {
    const { date } = local(at);
    if (date !== previous && date >= from && date <= to) starts.set(date, new Date(at).toISOString());
    previous = date;
  }
  return starts;
}

describe('the SQL of days, by the app rules', () => {
  it.each(['America/Vancouver', 'America/Edmonton', 'America/Toronto', 'America/Santiago', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kathmandu'])(
    '%s: every day of 2026 and 2027 begins, and every quarter hour reads, as Intl says',
    async (zone) => {
      await writeZoneRules(t.db, zone);
      const expected = dayStartsByIntl(zone, '2026-01-01', '2027-12-31');
      expect(expected.size).toBe(730);
      const { rows } = await sql<{ day: string; start: Date }>`
        select to_char(d, 'YYYY-MM-DD') as day, kudi_day_start(${zone}, d::date) as start
        from generate_series(date '2026-01-01', date '2027-12-31', interval '1 day') d`.execute(t.db);
      expect(new Map(rows.map((row) => [row.day, iso(row.start)]))).toEqual(expected);

      const local = localOf(zone);
      const { rows: times } = await sql<{ at: Date; local: string }>`
        select at, to_char(kudi_local_time(${zone}, at), 'YYYY-MM-DD HH24:MI:SS') as local
        from generate_series(timestamptz '2026-01-01 00:00:00+00', timestamptz '2027-12-31 23:45:00+00', interval '15 minutes') at`.execute(t.db);
      const wrong = times.filter((row) => row.local !== local(row.at.getTime()).time);
      expect(wrong).toEqual([]);
    },
  );

  it.each(['America/Vancouver', 'America/Santiago', 'Australia/Lord_Howe'])(
    "%s: the limits' days, from the periods around every third hour of 2026 and 2027, are the days above",
    async (zone) => {
      // kudi_limit_charge reads the zone's periods around now once and takes today, its start, the
      // start of the 30 days and when both end from them (kudi_local_day_in, kudi_day_start_in).
      await writeZoneRules(t.db, zone);
      const { rows } = await sql<{ at: Date; got: string; want: string }>`
        select at, concat_ws(' ', d.today, kudi_day_start_in(${zone}, d.today, p.since, p.until, p.off),
                 kudi_day_start_in(${zone}, d.today - 29, p.since, p.until, p.off), kudi_day_start_in(${zone}, d.today + 1, p.since, p.until, p.off),
                 kudi_day_start_in(${zone}, d.today + 30, p.since, p.until, p.off)) as got,
               concat_ws(' ', w.today, kudi_day_start(${zone}, w.today), kudi_day_start(${zone}, w.today - 29),
                 kudi_day_start(${zone}, w.today + 1), kudi_day_start(${zone}, w.today + 30)) as want
        from generate_series(timestamptz '2026-01-01 00:00:00+00', timestamptz '2027-12-31 23:00:00+00', interval '3 hours') at
        cross join lateral kudi_zone_periods_near(${zone}, at) p
        cross join lateral (select kudi_local_day_in(${zone}, at, p.since, p.until, p.off) as today) d
        cross join lateral (select kudi_local_day(${zone}, at) as today) w`.execute(t.db);
      expect(rows).toHaveLength(5_840);
      expect(rows.filter((row) => row.got !== row.want)).toEqual([]);
    },
  );

  it("Santiago's skipped midnight begins the day when the clocks jump; its midnight that comes twice, the first time", async () => {
    await writeZoneRules(t.db, 'America/Santiago');
    const { rows } = await sql<{ skipped: Date; twice: Date; before: Date }>`
      select kudi_day_start('America/Santiago', date '2026-09-06') as skipped,
             kudi_day_start('America/Santiago', date '2026-04-05') as twice,
             kudi_day_start('America/Santiago', date '2026-04-04') as before`.execute(t.db);
    // 2026-09-06: 23:59:59 (UTC−4), then 01:00 (UTC−3). 2026-04-05: 23:59:59 (UTC−3), then 23:00 again (UTC−4).
    expect(rows.map((row) => [iso(row.skipped), iso(row.twice), iso(row.before)])).toEqual([
      ['2026-09-06T04:00:00.000Z', '2026-04-05T04:00:00.000Z', '2026-04-04T03:00:00.000Z'],
    ]);
  });

  it("uses the database's own rules for a zone not written yet and for days outside the years written", async () => {
    await writeZoneRules(t.db, 'America/Toronto');
    const { rows } = await sql<{ tokyo: Date; old: Date; later: string }>`
      select kudi_day_start('Asia/Tokyo', date '2026-01-01') as tokyo,
             kudi_day_start('America/Toronto', date '1999-06-01') as old,
             to_char(kudi_local_time('America/Toronto', timestamptz '2060-07-01 12:00:00+00'), 'YYYY-MM-DD HH24:MI') as later`.execute(t.db);
    expect(rows.map((row) => [iso(row.tokyo), iso(row.old), row.later])).toEqual([['2025-12-31T15:00:00.000Z', '1999-06-01T04:00:00.000Z', '2060-07-01 08:00']]);
  });

  it('writes a zone once per tz release, and at start-up the zones customers are in that were never written', async () => {
    const counts = async () =>
      (await sql<{ zone: string; periods: number }>`
        select r.zone, count(o.since)::int as periods from zone_rules r left join zone_offsets o using (zone)
        where r.zone in ('Asia/Tokyo', 'Africa/Lagos') group by r.zone order by r.zone`.execute(t.db)).rows;
    const customer = await createCustomer(t);
    await sql`update users set timezone = 'Asia/Tokyo' where id = ${customer.id}::uuid`.execute(t.db);
    expect(await counts()).toEqual([]);
    await writeZoneRulesInUse(t.db);
    expect(await counts()).toEqual([{ zone: 'Asia/Tokyo', periods: 1 }]);
    await writeZoneRules(t.db, 'Asia/Tokyo');
    await writeZoneRules(t.db, 'Africa/Lagos');
    expect(await counts()).toEqual([{ zone: 'Africa/Lagos', periods: 1 }, { zone: 'Asia/Tokyo', periods: 1 }]);
    // Another tz release wrote it (or one older than this process's): it is written again.
    await sql`update zone_rules set tz_version = '2000a' where zone = 'Asia/Tokyo'`.execute(t.db);
    await writeZoneRulesInUse(t.db);
    const { rows } = await sql<{ tz_version: string }>`select tz_version from zone_rules where zone = 'Asia/Tokyo'`.execute(t.db);
    expect(rows).toEqual([{ tz_version: process.versions.tz }]);
  });
});
