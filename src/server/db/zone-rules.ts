import { sql, type Kysely } from 'kysely';
import { offsetMinutesOf } from '../lib/time-zone';
import { knownZonePeriods } from '../lib/zone-periods';

/**
 * Writes the app's rules of the customers' time zones into the database (zone_rules and
 * zone_offsets, migration 0029), so that the SQL of days counts them as the app and its browsers
 * do (lib/zone-periods.ts says why). A zone is written before the first customer is stored with
 * it (update-timezone) and again when this process's ICU has another tz release than the one it
 * was written from (at start-up, for every zone in use).
 */

/** The tz release of this process's ICU, e.g. '2026c'. */
const TZ_VERSION = process.versions.tz ?? 'unknown';

/** The zones each database handle already holds at this release. */
const written = new WeakMap<object, Set<string>>();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
type AnyDb = Kysely<any>;

/**
 * Makes sure the database holds the zone's periods of this process's tz release: one transaction,
 * under a lock on the zone's name, so that servers sharing the database write it once.
 */
export async function writeZoneRules(db: AnyDb, zone: string): Promise<void> {
  // Offsets ('+05:30') are counted in SQL as they are; only named zones have rules.
  if (offsetMinutesOf(zone) !== null) return;
  const known = written.get(db) ?? new Set<string>();
  written.set(db, known);
  if (known.has(zone)) return;
  const periods = knownZonePeriods(zone);
  if (!periods) return;
  const rows = periods.map((p) => ({ since: p.since.toISOString(), until: p.until.toISOString(), seconds: Math.round(p.offsetMinutes * 60) }));
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`zone rules ${zone}`}, 0))`.execute(trx);
    const { rows: held } = await sql<{ tz_version: string }>`select tz_version from zone_rules where zone = ${zone}`.execute(trx);
    if (held[0]?.tz_version === TZ_VERSION) return;
    await sql`delete from zone_rules where zone = ${zone}`.execute(trx);
    await sql`insert into zone_rules (zone, tz_version) values (${zone}, ${TZ_VERSION})`.execute(trx);
    await sql`
      insert into zone_offsets (zone, since, until, utc_offset)
      select ${zone}, r.since, r.until, make_interval(secs => r.seconds)
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r (since timestamptz, until timestamptz, seconds int)`.execute(trx);
  });
  known.add(zone);
}

/** At start-up: the zones customers are in whose periods are missing or of another tz release. */
export async function writeZoneRulesInUse(db: AnyDb): Promise<void> {
  const { rows } = await sql<{ zone: string }>`
    select distinct u.timezone as zone from users u
    left join zone_rules r on r.zone = u.timezone
    where u.timezone is not null and r.tz_version is distinct from ${TZ_VERSION}`.execute(db);
  for (const { zone } of rows) {
    // Held before, by this process's count: another release wrote it since.
    written.get(db)?.delete(zone);
    await writeZoneRules(db, zone);
  }
}
