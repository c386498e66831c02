import type { Config } from '../../src/server/config';
import { parseLimitsJson } from '../../src/server/modules/limits/tiers';

/**
 * LIMITS_JSON far above what any test sends (1,000,000,000.00 CAD per transfer, day and 30 days,
 * for both tiers): for the tests whose subject is not the limits and whose customers send more
 * than the default Basic limits allow. `buildTestApp(highLimits)`.
 */
export const HIGH_LIMITS_JSON = JSON.stringify(
  Object.fromEntries(['Basic', 'Plus'].map((tier) => [tier, { per_transfer: '1000000000', per_day: '1000000000', per_30_days: '1000000000' }])),
);

export const highLimits: Partial<Config> = { limits: parseLimitsJson(HIGH_LIMITS_JSON) };
