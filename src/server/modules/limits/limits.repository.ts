/**
 * SQL of the sending limits (migration 0009): the check-and-count of a send (kudi_limit_charge,
 * also embedded in the one-statement user transfer), what a customer used, and the give-back of a
 * refunded payout.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type { Trx } from '../ledger/accounts.repository';
import type { Tier } from './tiers';

export type ChargeOutcome = 'ok' | 'per_transfer' | 'day' | '30_days';

export interface ChargeRow {
  outcome: ChargeOutcome;
  tier: Tier;
  /** The quarter of an hour (UTC) the amount was counted in (migration 0023). */
  bucket: Date;
  used_today: bigint;
  used_30_days: bigint;
}

/**
 * The call of the limit function (for a FROM clause): locks the sender's user row, reads their
 * day and 30-day totals and counts `amount` (CAD minor units) when it is within the limits.
 */
export const limitChargeCall = (userId: RawBuilder<unknown> | string, amount: RawBuilder<unknown> | bigint, limits: RawBuilder<unknown> | string) =>
  sql`kudi_limit_charge(${typeof userId === 'string' ? sql`${userId}::uuid` : userId}, ${amount}::bigint, ${limits}::bigint[])`;

/** Checks and counts a send in the money transaction (see limitChargeCall). */
export async function chargeLimit(trx: Trx, userId: string, amount: bigint, limits: string): Promise<ChargeRow> {
  const { rows } = await sql<ChargeRow>`
    select c.outcome, c.tier, c.bucket, c.used_today, c.used_30_days
    from ${limitChargeCall(userId, amount, limits)} c`.execute(trx);
  const row = rows[0];
  if (!row) throw new Error(`No limit row for customer ${userId}`);
  return { ...row, used_today: BigInt(row.used_today), used_30_days: BigInt(row.used_30_days) };
}

export interface UsageRow {
  tier: Tier;
  /** The verification flags (user.dto isFullyVerified: the gate of the Basic tier, spec-next §B). */
  is_email_verified: boolean;
  is_phone_verified: boolean;
  is_identity_verified: boolean;
  used_today: bigint;
  used_30_days: bigint;
  resets_at: Date;
}

/**
 * What the customer sent today and in the last 30 days, as kudi_limit_charge counts them: from the
 * midnights of their time zone of now, and each send also while its own day (or 30 days) lasts in
 * the zone it was made in (migration 0026); and when today's count resets: when the last send it
 * counts stops counting (the next midnight for one made since today's midnight, its own day's end,
 * earlier or later, for one counted only while that lasts), the next midnight when none counts.
 */
export async function usageOf(db: Db, userId: string): Promise<UsageRow | undefined> {
  const { rows } = await sql<UsageRow>`
    select u.tier, u.is_email_verified, u.is_phone_verified, u.is_identity_verified,
      coalesce(max(greatest(case when l.bucket >= d.day_from then d.resets_at end, case when l.day_ends > now() then l.day_ends end))
        filter (where l.used_minor > 0 and (l.bucket >= d.day_from or l.day_ends > now())), d.resets_at) as resets_at,
      coalesce(sum(l.used_minor) filter (where l.bucket >= d.day_from or l.day_ends > now()), 0)::bigint as used_today,
      coalesce(sum(l.used_minor) filter (where l.bucket >= d.from_30 or l.days30_end > now()), 0)::bigint as used_30_days
    from users u
    cross join lateral (select kudi_local_day(u.timezone, now()) as today) t
    cross join lateral (select kudi_next_local_midnight(u.timezone, now()) as resets_at,
      kudi_bucket(kudi_day_start(u.timezone, t.today)) as day_from,
      kudi_bucket(kudi_day_start(u.timezone, t.today - 29)) as from_30) d
    left join limit_usage l on l.user_id = u.id and l.bucket >= d.from_30 - interval '2 days'
    where u.id = ${userId}::uuid
    group by u.id, d.day_from, d.resets_at`.execute(db);
  const row = rows[0];
  return row && { ...row, used_today: BigInt(row.used_today), used_30_days: BigInt(row.used_30_days) };
}

/**
 * A failed payout's amount leaves the usage it was counted in (its bucket). The sender's
 * user row is locked first, as every send locks it first, so a refund never deadlocks a send.
 */
export async function giveBackPayoutLimit(trx: Trx, transferId: bigint): Promise<void> {
  await sql`
    select u.id from users u
    join ledger_accounts a on a.user_id = u.id
    join ledger_transfers t on t.debit_account_id = a.id
    where t.id = ${transferId}
    for no key update of u`.execute(trx);
  await sql`
    update limit_usage l set used_minor = greatest(l.used_minor - p.limit_minor, 0)
    from payouts p
    join ledger_transfers t on t.id = p.transfer_id
    join ledger_accounts a on a.id = t.debit_account_id
    where p.transfer_id = ${transferId} and p.limit_minor is not null
      and l.user_id = a.user_id and l.bucket = p.limit_bucket`.execute(trx);
}
