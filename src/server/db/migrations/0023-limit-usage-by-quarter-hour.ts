import { sql, type Kysely } from 'kysely';

/**
 * The sending limits count "today" as the customer's day in the time zone they have now, from its
 * midnight (spec-next §B: "Today is the customer's own time zone day (the one sent by
 * update-timezone)"), whatever zone each send was made in.
 *
 * Before, `limit_usage` kept one bucket per date of the zone a send was made in, and "today" read
 * the bucket of today's date in the zone of now: a customer who used their day in Toronto and then
 * said their zone was UTC found the UTC date's bucket empty and could send the day's limit again at
 * once, though every send of it was made on that UTC day.
 *
 * Now a bucket is a quarter of an hour of UTC time (`kudi_bucket`: every time zone's midnight falls
 * on one, offsets being whole quarters of an hour), and a window is every bucket from the window's
 * first midnight in the zone of now: today from today's, 30 days from the midnight 29 days before
 * it. A midnight of an offset that is no whole quarter (an offset zone such as '+05:17') is taken
 * back to its quarter, so such a window starts up to 14 minutes early (more counted, never less).
 * A payout records the bucket it was counted in (`payouts.limit_bucket`), to give it back.
 *
 * Buckets written before are moved to their day's midnight in the customer's zone of now, so what
 * was counted on a day is counted from the start of that day; so are the payouts' days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function kudi_day_start(tz text, d date) returns timestamptz
    language sql stable as $$
      select case
        when tz is null then d::timestamp at time zone 'UTC'
        when tz ~ '^[+-][0-9]{2}:[0-9]{2}$' then (d::timestamp - tz::interval) at time zone 'UTC'
        else d::timestamp at time zone tz
      end
    $$`.execute(db);
  await sql`
    create function kudi_bucket(at timestamptz) returns timestamptz
    language sql immutable as $$ select date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00') $$`.execute(db);

  await sql`alter table limit_usage add column bucket timestamptz`.execute(db);
  await sql`
    update limit_usage l set bucket = kudi_bucket(kudi_day_start(u.timezone, l.day))
    from users u where u.id = l.user_id`.execute(db);
  await sql`alter table limit_usage drop constraint limit_usage_pkey`.execute(db);
  await sql`alter table limit_usage drop column day`.execute(db);
  await sql`alter table limit_usage alter column bucket set not null`.execute(db);
  await sql`alter table limit_usage add constraint limit_usage_pkey primary key (user_id, bucket)`.execute(db);

  await sql`alter table payouts add column limit_bucket timestamptz`.execute(db);
  await sql`
    update payouts p set limit_bucket = kudi_bucket(kudi_day_start(u.timezone, p.limit_day))
    from ledger_transfers t
    join ledger_accounts a on a.id = t.debit_account_id
    join users u on u.id = a.user_id
    where t.id = p.transfer_id and p.limit_day is not null`.execute(db);
  await sql`alter table payouts drop constraint payouts_limit`.execute(db);
  await sql`alter table payouts drop column limit_day`.execute(db);
  await sql`alter table payouts add constraint payouts_limit check ((limit_bucket is null) = (limit_minor is null))`.execute(db);

  // The same check-and-count as 0009's, over the windows above; it answers the bucket it counted in.
  await sql`drop function kudi_limit_charge(uuid, bigint, bigint[])`.execute(db);
  await sql`
    create function kudi_limit_charge(p_user uuid, p_amount bigint, p_limits bigint[])
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
      select coalesce(sum(l.used_minor) filter (where l.bucket >= v_day_from), 0)::bigint,
             coalesce(sum(l.used_minor), 0)::bigint
        into used_today, used_30_days
        from limit_usage l where l.user_id = p_user and l.bucket >= v_30_from;
      v_base := case when tier = 'Plus' then 3 else 0 end;
      v_room_day := p_limits[v_base + 2] - used_today;
      v_room_30 := p_limits[v_base + 3] - used_30_days;
      if p_amount > p_limits[v_base + 1] then
        outcome := 'per_transfer';
      elsif p_amount > v_room_day or p_amount > v_room_30 then
        outcome := case when v_room_day <= v_room_30 then 'day' else '30_days' end;
      else
        outcome := 'ok';
        insert into limit_usage as l (user_id, bucket, used_minor) values (p_user, kudi_limit_charge.bucket, p_amount)
          on conflict on constraint limit_usage_pkey do update set used_minor = l.used_minor + excluded.used_minor
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
