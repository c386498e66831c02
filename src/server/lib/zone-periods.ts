/**
 * A time zone's offsets from UTC as this process's ICU knows them (the same rules as the app's
 * browsers and every date the server writes with Intl), period by period. The database's own zone
 * rules can be older: PostgreSQL and PGlite read theirs from the tzdata they were built or
 * installed with, so a zone whose rules changed since (America/Vancouver keeps UTC−7 all year
 * from March 2026 in the 2026 tz releases) would begin its days an hour apart there.
 * db/zone-rules.ts gives the database these periods, and the SQL of days (kudi_local_time,
 * kudi_day_start, migration 0029) reads them.
 */

/** A stretch of time with one offset: [since, until), offset in minutes east of UTC. */
export interface ZonePeriod {
  since: Date;
  until: Date;
  offsetMinutes: number;
}

/** The years the periods cover: a customer's days are only ever counted, or printed, within them. */
const ZONE_PERIODS_FROM = new Date('2000-01-01T00:00:00Z');
const ZONE_PERIODS_UNTIL = new Date('2050-01-01T00:00:00Z');

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** 'GMT', 'GMT+05:30', 'GMT-07:00' (Intl's longOffset), as minutes east of UTC. */
function minutesOf(name: string): number {
  const match = /^GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(name);
  if (!match) throw new Error(`Unexpected offset ${name}`);
  if (!match[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]) + Number(match[4] ?? 0) / 60;
  return match[1] === '-' ? -minutes : minutes;
}

/** The offset of a zone at an instant, by a formatter of that zone. */
function offsetAt(format: Intl.DateTimeFormat, at: number): number {
  const part = format.formatToParts(at).find((p) => p.type === 'timeZoneName');
  if (!part) throw new Error('Intl gave no offset');
  return minutesOf(part.value);
}

/**
 * The zone's periods from `from` to `until`: read once a day, and where two readings
 * differ, the minute of the change found by halving (zones change on whole minutes). Two changes
 * within one day that undo each other would be missed: read every six hours instead, each of the
 * 418 zones of ICU 2026c gave the same periods (once a week missed changes a week apart, as
 * America/Boa_Vista's summer time of October 2000). A zone takes about 30 ms, once per process.
 * Throws when ICU does not know the zone.
 */
export function zonePeriods(zone: string, from = ZONE_PERIODS_FROM, until = ZONE_PERIODS_UNTIL): ZonePeriod[] {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
  const periods: ZonePeriod[] = [];
  let since = from.getTime();
  let offset = offsetAt(format, since);
  for (let at = since; at < until.getTime(); ) {
    const next = Math.min(at + DAY, until.getTime());
    if (offsetAt(format, next) !== offset) {
      // The first minute in (at, next] with another offset.
      let low = at;
      let high = next;
      while (high - low > MINUTE) {
        const middle = low + Math.floor((high - low) / (2 * MINUTE)) * MINUTE;
        if (offsetAt(format, middle) === offset) low = middle;
        else high = middle;
      }
      periods.push({ since: new Date(since), until: new Date(high), offsetMinutes: offset });
      since = high;
      offset = offsetAt(format, high);
      at = high;
    } else {
      at = next;
    }
  }
  periods.push({ since: new Date(since), until: new Date(until), offsetMinutes: offset });
  return periods;
}

/** The periods this process computed, by zone (null: ICU does not know it). */
const computed = new Map<string, ZonePeriod[] | null>();

/** zonePeriods of the years written, computed once per process; null for a zone ICU does not know. */
export function knownZonePeriods(zone: string): ZonePeriod[] | null {
  if (!computed.has(zone)) {
    try {
      computed.set(zone, zonePeriods(zone));
    } catch {
      computed.set(zone, null);
    }
  }
  return computed.get(zone) ?? null;
}
