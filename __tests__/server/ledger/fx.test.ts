import fc from 'fast-check';
import { quoteRate, conversionDirection } from '../../../src/server/modules/fx/quotes';
import { createRateSource, fixedRateSource, httpFeedRateSource, RATE_UNAVAILABLE } from '../../../src/server/modules/fx/rate-source';
import { convert } from '../../../src/shared/money';

describe('quoted rates: NGN per 1 CAD, 2 decimals, on the house side of the mid rate', () => {
  it('selling CAD gets mid × (1 − spread) rounded down; buying CAD costs mid × (1 + spread) rounded up', () => {
    expect(quoteRate('1050', 100, 'CAD_TO_NGN')).toBe('1,039.50');
    expect(quoteRate('1050', 100, 'NGN_TO_CAD')).toBe('1,060.50');
    expect(quoteRate('1050.123456', 37, 'CAD_TO_NGN')).toBe('1,046.23'); // 1046.2380… down
    expect(quoteRate('1050.123456', 37, 'NGN_TO_CAD')).toBe('1,054.01'); // 1054.0089… up
    expect(quoteRate('999.5', 0, 'CAD_TO_NGN')).toBe('999.50');
  });

  it('refuses a pair of one currency', () => {
    expect(() => conversionDirection('CAD', 'CAD')).toThrow('Choose two different currencies');
    expect(conversionDirection('NGN', 'CAD')).toBe('NGN_TO_CAD');
  });

  it('a round trip at the quoted rates never gains the customer anything', () => {
    const mid = fc.tuple(fc.integer({ min: 1, max: 5_000_000 }), fc.integer({ min: 0, max: 99 })).map(([w, f]) => `${w}.${String(f).padStart(2, '0')}`);
    fc.assert(
      fc.property(mid, fc.integer({ min: 0, max: 5000 }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (midRate, bps, amount) => {
        const sell = quoteRate(midRate, bps, 'CAD_TO_NGN');
        const buy = quoteRate(midRate, bps, 'NGN_TO_CAD');
        expect(convert(convert(amount, sell, 'CAD_TO_NGN'), buy, 'NGN_TO_CAD')).toBeLessThanOrEqual(amount);
        expect(convert(convert(amount, buy, 'NGN_TO_CAD'), sell, 'CAD_TO_NGN')).toBeLessThanOrEqual(amount);
      }),
    );
  });
});

describe('mid rate sources', () => {
  const feed = (responses: Array<unknown>) => {
    const calls: string[] = [];
    const fetchImpl = (async (url: string) => {
      calls.push(url);
      const next = responses.shift();
      if (next instanceof Error) throw next;
      return new Response(JSON.stringify(next), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    return { calls, fetchImpl };
  };

  it('uses the configured rate unless a feed URL is set', async () => {
    await expect(createRateSource({ fxMidRate: '1234.5', fxFeedUrl: null }).midRate()).resolves.toBe('1234.5');
    await expect(fixedRateSource('1000').midRate()).resolves.toBe('1000');
  });

  it('caches the feed, asks once for concurrent requests and refreshes after the TTL', async () => {
    let now = 0;
    const { calls, fetchImpl } = feed([{ rate: '1100.25' }, { rate: 1101 }]);
    const source = httpFeedRateSource('http://fx.test/rate', { fetch: fetchImpl, now: () => now, ttlMs: 1000 });
    await expect(Promise.all([source.midRate(), source.midRate()])).resolves.toEqual(['1100.25', '1100.25']);
    expect(calls).toHaveLength(1);
    now = 1001;
    await expect(source.midRate()).resolves.toBe('1101');
    expect(calls).toHaveLength(2);
  });

  it('falls back to the last rate for a while when the feed fails, then answers 503', async () => {
    let now = 0;
    const { fetchImpl } = feed([{ rate: '1100' }, new Error('down'), { rate: 'abc' }]);
    const source = httpFeedRateSource('http://fx.test/rate', { fetch: fetchImpl, now: () => now, ttlMs: 10, maxStaleMs: 100 });
    await source.midRate();
    now = 50;
    await expect(source.midRate()).resolves.toBe('1100');
    now = 200;
    await expect(source.midRate()).rejects.toMatchObject({ statusCode: 503, message: RATE_UNAVAILABLE });
  });
});
