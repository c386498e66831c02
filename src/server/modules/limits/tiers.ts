/**
 * The tiers and their sending limits (spec-next §B), in CAD minor units: the default table and
 * LIMITS_JSON, which overrides any part of it (checked when the config loads).
 */
import { TIERS, type Tier } from '../../../shared/limits';
import { parseAmount } from '../../../shared/money';
import { decimalMoney } from '../../../shared/pricing';

export type { Tier } from '../../../shared/limits';

export interface TierLimits {
  perTransfer: bigint;
  perDay: bigint;
  per30Days: bigint;
}

export type TierLimitTable = Record<Tier, TierLimits>;

export const DEFAULT_TIER_LIMITS: TierLimitTable = {
  Basic: { perTransfer: 100_000n, perDay: 100_000n, per30Days: 500_000n },
  Plus: { perTransfer: 1_000_000n, perDay: 1_000_000n, per30Days: 5_000_000n },
};

/** LIMITS_JSON's keys, as the spec names them. */
const KEYS = { per_transfer: 'perTransfer', per_day: 'perDay', per_30_days: 'per30Days' } as const satisfies Record<string, keyof TierLimits>;
/** A limit above this (1,000,000,000,000.00) is surely a typo. */
const MAX_LIMIT_MINOR = 10n ** 14n;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The table LIMITS_JSON describes: tiers and keys it leaves out keep their defaults. Each value is
 * a positive amount in CAD with at most 2 decimals (a string like "1000.00", or a number); per
 * tier, per_transfer ≤ per_day ≤ per_30_days. Throws an Error naming what is wrong.
 */
export function parseLimitsJson(raw: string | undefined): TierLimitTable {
  if (raw === undefined || raw.trim() === '') return DEFAULT_TIER_LIMITS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('LIMITS_JSON must be valid JSON, e.g. {"Basic":{"per_transfer":"1000","per_day":"1000","per_30_days":"5000"}}');
  }
  if (!isObject(parsed)) throw new Error('LIMITS_JSON must be a JSON object keyed by tier (Basic, Plus)');
  const table: TierLimitTable = { Basic: { ...DEFAULT_TIER_LIMITS.Basic }, Plus: { ...DEFAULT_TIER_LIMITS.Plus } };
  for (const [tier, limits] of Object.entries(parsed)) {
    if (!(TIERS as readonly string[]).includes(tier)) throw new Error(`LIMITS_JSON: unknown tier "${tier}" (use ${TIERS.join(' or ')})`);
    if (!isObject(limits)) throw new Error(`LIMITS_JSON: ${tier} must be an object of per_transfer, per_day and per_30_days`);
    for (const [key, value] of Object.entries(limits)) {
      if (!Object.hasOwn(KEYS, key)) throw new Error(`LIMITS_JSON: unknown limit "${tier}.${key}" (use ${Object.keys(KEYS).join(', ')})`);
      const amount = typeof value === 'string' || typeof value === 'number' ? parseAmount(value) : null;
      if (!amount?.ok || amount.minor > MAX_LIMIT_MINOR) {
        throw new Error(`LIMITS_JSON: ${tier}.${key} must be a positive CAD amount with at most 2 decimals, got ${JSON.stringify(value)}`);
      }
      table[tier as Tier][KEYS[key as keyof typeof KEYS]] = amount.minor;
    }
  }
  for (const tier of TIERS) {
    const { perTransfer, perDay, per30Days } = table[tier];
    if (perTransfer > perDay || perDay > per30Days) {
      throw new Error(`LIMITS_JSON: ${tier} needs per_transfer ≤ per_day ≤ per_30_days`);
    }
  }
  return table;
}

/** The table as the limit function takes it: Basic's three limits, then Plus's (a PostgreSQL array literal). */
export const limitArray = (table: TierLimitTable): string =>
  `{${TIERS.flatMap((tier) => [table[tier].perTransfer, table[tier].perDay, table[tier].per30Days]).join(',')}}`;

/** A tier's three limits as the API writes them (GET /limits, GET /pricing): '1000.00'. */
export const limitFields = (limits: TierLimits) => ({
  per_transfer: decimalMoney(limits.perTransfer),
  per_day: decimalMoney(limits.perDay),
  per_30_days: decimalMoney(limits.per30Days),
});
