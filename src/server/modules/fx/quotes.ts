/**
 * Quoted rates. Both directions are expressed as NGN per 1 CAD with 2 decimals (spec §3), each
 * on the house's side of the mid rate by the spread: a customer selling CAD gets fewer naira
 * per dollar (mid × (1 − spread), rounded down) and one buying CAD pays more naira per dollar
 * (mid × (1 + spread), rounded up). A round trip therefore never gains the customer anything.
 */
import { formatRate, type ConversionDirection } from '../../../shared/money';
import { server } from '../../../shared/messages';
import type { Currency, Rate } from '../../../shared/types';
import { badRequest } from '../../lib/errors';
import type { MidRateSource } from '../../adapters/types';

const BPS = 10_000n;
const RATE_HUNDREDTHS = 100n;

export function conversionDirection(from: Currency, to: Currency): ConversionDirection {
  if (from === to) throw badRequest(server.sameCurrency);
  return from === 'CAD' ? 'CAD_TO_NGN' : 'NGN_TO_CAD';
}

/** The quoted rate for a direction, e.g. '1,039.50', from a mid rate like '1050' or '1050.123456'. */
export function quoteRate(midRate: string, spreadBps: number, direction: ConversionDirection): string {
  const [whole, fraction = ''] = midRate.split('.');
  const midUnits = BigInt(whole + fraction);
  const midScale = 10n ** BigInt(fraction.length);
  const factor = direction === 'CAD_TO_NGN' ? BPS - BigInt(spreadBps) : BPS + BigInt(spreadBps);
  const numerator = midUnits * factor * RATE_HUNDREDTHS;
  const denominator = midScale * BPS;
  const roundUp = direction === 'NGN_TO_CAD' && numerator % denominator !== 0n;
  const hundredths = numerator / denominator + (roundUp ? 1n : 0n);
  const cents = (hundredths % RATE_HUNDREDTHS).toString().padStart(2, '0');
  return formatRate(`${hundredths / RATE_HUNDREDTHS}.${cents}`);
}

export interface Quote extends Rate {
  direction: ConversionDirection;
}

/** Quotes a pair from the current mid rate. */
export async function quote(source: MidRateSource, spreadBps: number, from: Currency, to: Currency): Promise<Quote> {
  const direction = conversionDirection(from, to);
  const actual_rate = quoteRate(await source.midRate(), spreadBps, direction);
  return { from_currency: from, to_currency: to, actual_rate, direction };
}
