import { sql, type Kysely } from 'kysely';

/**
 * Limits by tier and the proof of address that raises a customer to Plus (spec-next §B).
 *
 * - `users.tier`: 'Basic' until a proof of address is approved, then 'Plus' (only an approval
 *   changes it).
 * - `limit_usage`: the running total of what a customer sent (CAD minor units, NGN at the mid
 *   rate of the day it was sent) per day of their own time zone. A send adds to the bucket of its
 *   day inside its money transaction; a refunded payout gives its amount back to the bucket it
 *   was counted in (`payouts.limit_day`, `payouts.limit_minor`). The day and the 30-day window
 *   are read from at most 30 rows of the primary key, never from the history.
 * - `kudi_limit_charge(...)`: the one check-and-count of a send, used by every outgoing route and
 *   by the one-statement user transfer alike. It locks the sender's user row (FOR NO KEY UPDATE,
 *   the lock every money call of the sender already takes first), then reads the buckets in a
 *   statement of its own: being VOLATILE, it sees what a send committed while it waited for the
 *   lock, so two sends racing past the remaining limit cannot both pass. It counts the amount
 *   only when it is within the per-transfer, day and 30-day limits of the sender's tier.
 * - `kudi_local_day(tz, at)` / `kudi_next_local_midnight(tz, at)`: the customer's day as
 *   update-timezone stored it: an IANA name, or an offset like '+05:30' (which PostgreSQL's
 *   AT TIME ZONE would read as POSIX, the sign reversed), UTC when none.
 * - `address_proofs`: the uploaded documents (bytea, never returned by a route) and their review.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column tier text not null default 'Basic' check (tier in ('Basic', 'Plus'))`.execute(db);

  await db.schema
    .createTable('limit_usage')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('used_minor', 'bigint', (c) => c.notNull().check(sql`used_minor >= 0`))
    .addPrimaryKeyConstraint('limit_usage_pkey', ['user_id', 'day'])
    .execute();

  await sql`alter table payouts add column limit_day date, add column limit_minor bigint,
    add constraint payouts_limit check ((limit_day is null) = (limit_minor is null))`.execute(db);

  await db.schema
    .createTable('address_proofs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'rejected')`))
    .addColumn('reason', 'text')
    .addColumn('content_type', 'text', (c) => c.notNull().check(sql`content_type in ('application/pdf', 'image/png', 'image/jpeg')`))
    .addColumn('size_bytes', 'integer', (c) => c.notNull().check(sql`size_bytes > 0`))
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // When the simulated reviewer may decide it.
    .addColumn('review_after', 'timestamptz', (c) => c.notNull())
    .addColumn('decided_at', 'timestamptz')
    .addCheckConstraint('address_proofs_decided', sql`(status = 'pending') = (decided_at is null)`)
    .execute();
  await db.schema.createIndex('address_proofs_user_idx').on('address_proofs').columns(['user_id', 'created_at']).execute();
  // One document under review per customer at a time.
  await sql`create unique index address_proofs_one_pending on address_proofs (user_id) where status = 'pending'`.execute(db);
  await sql`create index address_proofs_due_idx on address_proofs (review_after) where status = 'pending'`.execute(db);

  await sql`
    create function kudi_local_time(tz text, at timestamptz) returns timestamp
    language sql stable as $$
      select case
        when tz is null then at at time zone 'UTC'
        when tz ~ '^[+-][0-9]{2}:[0-9]{2}$' then (at at time zone 'UTC') + tz::interval
        else at at time zone tz
      end
    $$`.execute(db);
  await sql`
    create function kudi_local_day(tz text, at timestamptz) returns date
    language sql stable as $$ select kudi_local_time(tz, at)::date $$`.execute(db);
  await sql`
    create function kudi_next_local_midnight(tz text, at timestamptz) returns timestamptz
    language sql stable as $$
      select case
        when tz is null then (kudi_local_day(tz, at) + 1)::timestamp at time zone 'UTC'
        when tz ~ '^[+-][0-9]{2}:[0-9]{2}$' then ((kudi_local_day(tz, at) + 1)::timestamp - tz::interval) at time zone 'UTC'
        else (kudi_local_day(tz, at) + 1)::timestamp at time zone tz
      end
    $$`.execute(db);

  // p_limits: per transfer, per day, per 30 days of Basic, then of Plus (CAD minor units).
  // outcome: 'ok' (counted), 'per_transfer', 'day' or '30_days' (the limit that binds; nothing counted).
  await sql`
    create function kudi_limit_charge(p_user uuid, p_amount bigint, p_limits bigint[])
    returns table (outcome text, tier text, day date, used_today bigint, used_30_days bigint)
    language plpgsql volatile as $$
    declare
      v_tz text;
      v_base int;
      v_room_day bigint;
      v_room_30 bigint;
      v_new boolean;
    begin
      select u.tier, u.timezone into tier, v_tz from users u where u.id = p_user for no key update;
      day := kudi_local_day(v_tz, now());
      select coalesce(sum(l.used_minor) filter (where l.day = kudi_limit_charge.day), 0)::bigint,
             coalesce(sum(l.used_minor), 0)::bigint
        into used_today, used_30_days
        from limit_usage l where l.user_id = p_user and l.day > kudi_limit_charge.day - 30;
      v_base := case when tier = 'Plus' then 3 else 0 end;
      v_room_day := p_limits[v_base + 2] - used_today;
      v_room_30 := p_limits[v_base + 3] - used_30_days;
      if p_amount > p_limits[v_base + 1] then
        outcome := 'per_transfer';
      elsif p_amount > v_room_day or p_amount > v_room_30 then
        outcome := case when v_room_day <= v_room_30 then 'day' else '30_days' end;
      else
        outcome := 'ok';
        insert into limit_usage as l (user_id, day, used_minor) values (p_user, kudi_limit_charge.day, p_amount)
          on conflict on constraint limit_usage_pkey do update set used_minor = l.used_minor + excluded.used_minor
          returning (xmax = 0) into v_new;
        -- A new day's bucket: the ones no window reads any more go (kept 60 days, for a time zone moved back).
        if v_new then
          delete from limit_usage l where l.user_id = p_user and l.day < kudi_limit_charge.day - 60;
        end if;
      end if;
      return next;
    end
    $$`.execute(db);
}
