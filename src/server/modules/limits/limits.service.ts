/**
 * Sending limits by tier (spec-next §B). Every outgoing movement (Interac, NGN bank payouts,
 * transfers to users in either currency, bills) is counted against the sender's per-transfer,
 * day and 30-day limits in its own money transaction (countAgainstLimits, or the one-statement
 * user transfer's embedded call of the same database function); conversions between one's own
 * wallets are not. NGN counts in CAD at the mid rate of the moment, rounded up to the cent.
 * Days are the customer's own (the time zone of update-timezone; UTC until one is sent).
 */
import { server, tierLimits } from '../../../shared/messages';
import { formatMinor, ngnLimitCount } from '../../../shared/money';
import { decimalMoney } from '../../../shared/pricing';
import type { Currency, Res } from '../../../shared/types';
import type { MidRateSource } from '../../adapters/types';
import type { Db } from '../../db/database';
import { forbidden, unauthorized, type ApiError } from '../../lib/errors';
import { isFullyVerified } from '../auth/user.dto';
import type { Trx } from '../ledger/accounts.repository';
import { decimalRate } from '../fx/quotes.service';
import { chargeLimit, usageOf, type ChargeRow } from './limits.repository';
import { limitArray, limitFields, type TierLimitTable } from './tiers';

export interface LimitDeps {
  config: { limits: TierLimitTable };
  rates: MidRateSource;
}

/** What counting a send needs, gathered before its transaction (the mid rate may come from a feed). */
export interface LimitContext {
  table: TierLimitTable;
  /** The table as the database function takes it. */
  array: string;
  /** NGN per 1 CAD; null for a CAD send. */
  midRate: string | null;
}

export async function limitContext(deps: LimitDeps, currency: Currency): Promise<LimitContext> {
  const table = deps.config.limits;
  return { table, array: limitArray(table), midRate: currency === 'NGN' ? await deps.rates.midRate() : null };
}

/** The CAD minor units a send counts for: CAD as it is, NGN at the mid rate rounded up to the cent. */
export function cadEquivalent(ctx: Pick<LimitContext, 'midRate'>, currency: Currency, minor: bigint): bigint {
  if (currency === 'CAD') return minor;
  if (!ctx.midRate) throw new Error('An NGN send is counted at the mid rate: none was given');
  return ngnLimitCount(minor, ctx.midRate);
}

const positive = (value: bigint) => (value > 0n ? value : 0n);

/** The 403 of a send over a limit, with the exact text of spec-next §B. */
export function limitRefusal(row: ChargeRow, table: TierLimitTable): ApiError {
  const limits = table[row.tier];
  switch (row.outcome) {
    case 'per_transfer':
      return forbidden(tierLimits.perTransferLimit(formatMinor(limits.perTransfer)));
    case 'day':
      return forbidden(tierLimits.dailyLimit(formatMinor(positive(limits.perDay - row.used_today))));
    default:
      return forbidden(tierLimits.thirtyDayLimit(formatMinor(positive(limits.per30Days - row.used_30_days))));
  }
}

/** A send as counted: its bucket and the CAD amount (a refunded payout gives it back). */
export interface Counted {
  bucket: Date;
  amount: bigint;
}

/**
 * Counts a send against the sender's limits inside its money transaction, or refuses it (403,
 * nothing counted; the caller's transaction moves nothing either).
 */
export async function countAgainstLimits(trx: Trx, ctx: LimitContext, userId: string, currency: Currency, minor: bigint): Promise<Counted> {
  const amount = cadEquivalent(ctx, currency, minor);
  const row = await chargeLimit(trx, userId, amount, ctx.array);
  if (row.outcome !== 'ok') throw limitRefusal(row, ctx.table);
  return { bucket: row.bucket, amount };
}

/**
 * GET /limits: the customer's tier, its limits, what is used and left today and in 30 days, when
 * today ends, and the mid rate NGN sends count at now (so a form can say what the server will).
 */
export async function limitsOf(db: Db, deps: LimitDeps, userId: string): Promise<Res<'limits'>['data']> {
  const table = deps.config.limits;
  const [usage, midRate] = await Promise.all([usageOf(db, userId), deps.rates.midRate()]);
  if (!usage) throw unauthorized();
  // No tier before the gate of the first one (Basic: email, phone and identity verified).
  if (!isFullyVerified(usage)) throw forbidden(server.verificationRequired);
  const limits = table[usage.tier];
  return {
    tier: usage.tier,
    currency: 'CAD',
    ...limitFields(limits),
    used_today: decimalMoney(usage.used_today),
    remaining_today: decimalMoney(positive(limits.perDay - usage.used_today)),
    used_30_days: decimalMoney(usage.used_30_days),
    remaining_30_days: decimalMoney(positive(limits.per30Days - usage.used_30_days)),
    resets_at: usage.resets_at.toISOString(),
    ngn_mid_rate: decimalRate(midRate),
  };
}
