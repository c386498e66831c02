import { sql, type Kysely } from 'kysely';

/**
 * A send counts for "today" while the day it was made on lasts, in the time zone it was made in,
 * as well as from today's midnight in the customer's zone of now; the same for the 30 days.
 *
 * Migration 0023 counted a window only from its first midnight in the zone of now. A customer
 * could then spend the day's limit, tell `update-timezone` a zone whose day had just begun (west,
 * or any zone whose midnight had just passed) and find `used_today` at 0.00: every hour some zone's
 * midnight passes, so the day's limit could be sent again every hour. Now each bucket also keeps
 * when the day (`day_ends`) and the 30 days (`days30_end`) of its sends end in the zone they were
 * made in (the latest, should one quarter of an hour hold sends of two zones), and a window counts
 * a bucket from its midnight in the zone of now OR while the bucket's own day or 30 days last.
 * For a customer who stays in one zone the two are the same; one who moves can only be counted
 * more, never less, until the days of their earlier zone end.
 *
 * Buckets written before take the days of the customer's zone of now (0023 moved them there). A
 * bucket without them (null) counts from the midnights of the zone of now only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table limit_usage add column day_ends timestamptz, add column days30_end timestamptz`.execute(db);
  await sql`
    update limit_usage l set
      day_ends = kudi_day_start(u.timezone, kudi_local_day(u.timezone, l.bucket) + 1),
      days30_end = kudi_day_start(u.timezone, kudi_local_day(u.timezone, l.bucket) + 30)
    from users u where u.id = l.user_id`.execute(db);

  // 0023's check-and-count, with each bucket also counted while its own day and 30 days last.
  await sql`
    create or replace function kudi_limit_charge(p_user uuid, p_amount bigint, p_limits bigint[])
    returns table (outcome text, tier text, bucket timestamptz, used_today bigint, used_30_days bigint)
    language plpgsql volatile as $$
    declare
      v_tz text;
      v_today date;
      v_day_from timestamptz;
      v_30_from timestamptz;
      v_base int;
      v_room_day bigint;
      v_room_30 bigint;
      v_new boolean;
    begin
      select u.tier, u.timezone into tier, v_tz from users u where u.id = p_user for no key update;
      v_today := kudi_local_day(v_tz, now());
      v_day_from := kudi_bucket(kudi_day_start(v_tz, v_today));
      v_30_from := kudi_bucket(kudi_day_start(v_tz, v_today - 29));
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
          values (p_user, kudi_limit_charge.bucket, p_amount, kudi_day_start(v_tz, v_today + 1), kudi_day_start(v_tz, v_today + 30))
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
