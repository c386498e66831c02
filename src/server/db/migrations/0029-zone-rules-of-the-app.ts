import { sql, type Kysely } from 'kysely';

/**
 * The customers' days by the app's own zone rules (spec-next §B: "Today is the customer's own time
 * zone day"). The browsers and the server's Intl read ICU's tzdata; PostgreSQL and PGlite read the
 * tzdata they were built or installed with, which can be older. With tzdata 2025 the database put
 * America/Vancouver back to UTC−8 on 2026-11-01, while the app (tz 2026) keeps it at UTC−7: every
 * day of a customer there began an hour late in SQL (their limits' today and resets_at, their
 * statements' days and printed times) and an hour apart from the times of their e-mails.
 *
 * - `zone_rules`: the zones whose periods were written, and from which tz release (db/zone-rules.ts
 *   writes them from ICU when a customer sets the zone and at start-up, again when ICU's release
 *   changes).
 * - `zone_offsets`: each zone's periods of one offset, [since, until), for 2000 to 2050.
 * - `kudi_local_time(tz, at)` and `kudi_day_start(tz, d)` (and so `kudi_local_day` and
 *   `kudi_next_local_midnight`) read a named zone's periods when they cover the moment
 *   (`kudi_zone_local_time`, `kudi_zone_day_start`), PostgreSQL's own rules otherwise (a zone not
 *   written yet, a moment outside the years). Offsets ('+05:30') and no zone (UTC) are read as
 *   before, inlined into the query that calls them.
 * - A day whose midnight a zone skips begins when the clocks jump; a midnight that happens twice
 *   begins the day the first time.
 * - `kudi_limit_charge` reads the zone's periods from 30 days ago to 31 days ahead in one
 *   statement (`kudi_zone_periods_near`), and takes its days from them (`kudi_local_day_in`,
 *   `kudi_day_start_in`, inlined): a midnight none of them holds (the clocks skipped it) is asked
 *   of `kudi_day_start`.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table zone_rules (
      zone text primary key,
      tz_version text not null,
      written_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table zone_offsets (
      zone text not null references zone_rules (zone) on delete cascade,
      since timestamptz not null,
      until timestamptz not null,
      utc_offset interval not null,
      primary key (zone, since),
      check (since < until)
    )`.execute(db);

  await sql`
    create function kudi_zone_local_time(tz text, at timestamptz) returns timestamp
    language sql stable as $$
      select coalesce(
        (select case when at < o.until then (at at time zone 'UTC') + o.utc_offset end
           from zone_offsets o where o.zone = tz and o.since <= at
           order by o.since desc limit 1),
        at at time zone tz)
    $$`.execute(db);
  // Of the (at most three) periods around the day: the first instant whose local time is its
  // midnight, or, where the zone skips that midnight, the instant the clocks jump.
  await sql`
    create function kudi_zone_day_start(tz text, d date) returns timestamptz
    language sql stable as $$
      select coalesce(
        (select min(greatest(o.since, (d::timestamp - o.utc_offset) at time zone 'UTC'))
           from (select o.since, o.until, o.utc_offset from zone_offsets o
                  where o.zone = tz and o.since < (d::timestamp + interval '2 days') at time zone 'UTC'
                  order by o.since desc limit 3) o
          where (d::timestamp - o.utc_offset) at time zone 'UTC' < o.until
            and case
              when (d::timestamp - o.utc_offset) at time zone 'UTC' >= o.since then true
              -- Before this period: only when the period before it ended before the midnight (skipped).
              else exists (select 1 from zone_offsets p
                            where p.zone = tz and p.until = o.since
                              and (o.since at time zone 'UTC') + p.utc_offset <= d::timestamp)
            end),
        d::timestamp at time zone tz)
    $$`.execute(db);

  await sql`
    create or replace function kudi_local_time(tz text, at timestamptz) returns timestamp
    language sql stable as $$
      select case
        when tz is null then at at time zone 'UTC'
        when tz ~ '^[+-][0-9]{2}:[0-9]{2}$' then (at at time zone 'UTC') + tz::interval
        else kudi_zone_local_time(tz, at)
      end
    $$`.execute(db);
  await sql`
    create or replace function kudi_day_start(tz text, d date) returns timestamptz
    language sql stable as $$
      select case
        when tz is null then d::timestamp at time zone 'UTC'
        when tz ~ '^[+-][0-9]{2}:[0-9]{2}$' then (d::timestamp - tz::interval) at time zone 'UTC'
        else kudi_zone_day_start(tz, d)
      end
    $$`.execute(db);
  await sql`
    create or replace function kudi_next_local_midnight(tz text, at timestamptz) returns timestamptz
    language sql stable as $$ select kudi_day_start(tz, kudi_local_day(tz, at) + 1) $$`.execute(db);
  // A zone's periods from 30 days before `at` to 31 days after it (as arrays; empty: none written).
  await sql`
    create function kudi_zone_periods_near(tz text, at timestamptz)
    returns table (since timestamptz[], until timestamptz[], off interval[])
    language sql stable as $$
      select array_agg(o.since), array_agg(o.until), array_agg(o.utc_offset)
      from (select o.since, o.until, o.utc_offset from zone_offsets o
             where o.zone = tz and o.since < at + interval '32 days'
             order by o.since desc limit 4) o
      where o.until > at - interval '31 days'
    $$`.execute(db);
  // Of the periods given (arrays, in any order, up to four; none for a zone not written): the local
  // day of `at`, and the start of day d (the earliest instant of the periods that is its midnight:
  // its first time, should it come twice), when one of them holds it; else kudi_local_day's,
  // kudi_day_start's.
  const periods = [1, 2, 3, 4];
  await sql`
    create function kudi_local_day_in(tz text, at timestamptz, since timestamptz[], until timestamptz[], off interval[]) returns date
    language sql stable as $$
      select case
        ${sql.raw(periods.map((i) => `when at >= since[${i}] and at < until[${i}] then ((at at time zone 'UTC') + off[${i}])::date`).join('\n        '))}
        else kudi_local_day(tz, at)
      end
    $$`.execute(db);
  const midnightIn = (i: number) => `(d::timestamp - off[${i}]) at time zone 'UTC'`;
  await sql`
    create function kudi_day_start_in(tz text, d date, since timestamptz[], until timestamptz[], off interval[]) returns timestamptz
    language sql stable as $$
      select coalesce(
        least(
          ${sql.raw(periods.map((i) => `case when ${midnightIn(i)} >= since[${i}] and ${midnightIn(i)} < until[${i}] then ${midnightIn(i)} end`).join(',\n          '))}),
        kudi_day_start(tz, d))
    $$`.execute(db);

  // 0026's check-and-count, its days from the zone's periods around now.
  await sql`
    create or replace function kudi_limit_charge(p_user uuid, p_amount bigint, p_limits bigint[])
    returns table (outcome text, tier text, bucket timestamptz, used_today bigint, used_30_days bigint)
    language plpgsql volatile as $$
    declare
      v_tz text;
      v_since timestamptz[];
      v_until timestamptz[];
      v_off interval[];
      v_today date;
      v_day_from timestamptz;
      v_30_from timestamptz;
      v_day_ends timestamptz;
      v_30_ends timestamptz;
      v_base int;
      v_room_day bigint;
      v_room_30 bigint;
      v_new boolean;
    begin
      select u.tier, u.timezone into tier, v_tz from users u where u.id = p_user for no key update;
      -- A named zone's periods from 30 days ago to 31 days ahead (an offset or no zone has none).
      if v_tz !~ '^[+-][0-9]{2}:[0-9]{2}$' then
        select z.since, z.until, z.off into v_since, v_until, v_off from kudi_zone_periods_near(v_tz, now()) z;
      end if;
      v_today := kudi_local_day_in(v_tz, now(), v_since, v_until, v_off);
      v_day_from := kudi_bucket(kudi_day_start_in(v_tz, v_today, v_since, v_until, v_off));
      v_30_from := kudi_bucket(kudi_day_start_in(v_tz, v_today - 29, v_since, v_until, v_off));
      v_day_ends := kudi_day_start_in(v_tz, v_today + 1, v_since, v_until, v_off);
      v_30_ends := kudi_day_start_in(v_tz, v_today + 30, v_since, v_until, v_off);
      bucket := kudi_bucket(now());
      -- A bucket's own 30 days began at most a day and a few hours before those of the zone of now.
      select coalesce(sum(l.used_minor) filter (where l.bucket >= v_day_from or l.day_ends > now()), 0)::bigint,
             coalesce(sum(l.used_minor) filter (where l.bucket >= v_30_from or l.days30_end > now()), 0)::bigint
        into used_today, used_30_days
        from limit_usage l where l.user_id = p_user and l.bucket >= v_30_from - interval '2 days';
      v_base := case when tier = 'Plus' then 3 else 0 end;
      v_room_day := p_limits[v_base + 2] - used_today;
      v_room_30 := p_limits[v_base + 3] - used_30_days;
      if p_amount > p_limits[v_base + 1] then
        outcome := 'per_transfer';
      elsif p_amount > v_room_day or p_amount > v_room_30 then
        outcome := case when v_room_day <= v_room_30 then 'day' else '30_days' end;
      else
        outcome := 'ok';
        insert into limit_usage as l (user_id, bucket, used_minor, day_ends, days30_end)
          values (p_user, kudi_limit_charge.bucket, p_amount, v_day_ends, v_30_ends)
          on conflict on constraint limit_usage_pkey do update set
            used_minor = l.used_minor + excluded.used_minor,
            day_ends = greatest(l.day_ends, excluded.day_ends),
            days30_end = greatest(l.days30_end, excluded.days30_end)
          returning (xmax = 0) into v_new;
        -- A new bucket: the ones no window reads any more go (kept 62 days, for a time zone moved back).
        if v_new then
          delete from limit_usage l where l.user_id = p_user and l.bucket < now() - interval '62 days';
        end if;
      end if;
      return next;
    end
    $$`.execute(db);
}
