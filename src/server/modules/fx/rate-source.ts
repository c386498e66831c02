/**
 * Where the mid rate (NGN per 1 CAD, a decimal string) comes from: the configured value, or an
 * HTTP feed when FX_FEED_URL is set. Rates are never floats here: the feed's value is checked
 * and kept as text.
 */
import type { MidRateSource } from '../../adapters/types';
import type { Config } from '../../config';
import { ApiError } from '../../lib/errors';

export type { MidRateSource } from '../../adapters/types';

export const RATE_UNAVAILABLE = 'Exchange rate is unavailable. Please try again later.';
const DECIMAL_RATE = /^\d{1,9}(\.\d{1,6})?$/;

export const fixedRateSource = (rate: string): MidRateSource => ({ midRate: async () => rate });

export interface FeedOptions {
  /** A fetched rate is reused this long. */
  ttlMs?: number;
  /** When the feed fails, the last rate is still used this long after it was fetched. */
  maxStaleMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/** The feed's JSON carries `rate`: NGN per 1 CAD, as a string or a number. */
async function fetchRate(url: string, fetchImpl: typeof fetch, timeoutMs: number): Promise<string> {
  const response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`FX feed answered ${response.status}`);
  const body = (await response.json()) as { rate?: unknown };
  const rate = typeof body.rate === 'number' || typeof body.rate === 'string' ? String(body.rate) : '';
  if (!DECIMAL_RATE.test(rate) || Number(rate) <= 0) throw new Error(`FX feed sent an unusable rate: ${JSON.stringify(body.rate)}`);
  return rate;
}

/** An HTTP feed with a short cache; one fetch at a time however many requests ask. */
export function httpFeedRateSource(url: string, options: FeedOptions = {}): MidRateSource {
  const { ttlMs = 60_000, maxStaleMs = 10 * 60_000, timeoutMs = 3_000, fetch: fetchImpl = fetch, now = Date.now } = options;
  let cached: { rate: string; at: number } | null = null;
  let inFlight: Promise<string> | null = null;

  const refresh = async (): Promise<string> => {
    try {
      const rate = await fetchRate(url, fetchImpl, timeoutMs);
      cached = { rate, at: now() };
      return rate;
    } catch (err) {
      if (cached && now() - cached.at <= maxStaleMs) return cached.rate;
      const unavailable = new ApiError(503, RATE_UNAVAILABLE);
      unavailable.cause = err;
      throw unavailable;
    } finally {
      inFlight = null;
    }
  };

  return {
    midRate() {
      if (cached && now() - cached.at < ttlMs) return Promise.resolve(cached.rate);
      inFlight ??= refresh();
      return inFlight;
    },
  };
}

export const createRateSource = (config: Pick<Config, 'fxMidRate' | 'fxFeedUrl'>): MidRateSource =>
  config.fxFeedUrl ? httpFeedRateSource(config.fxFeedUrl) : fixedRateSource(config.fxMidRate);
