/**
 * Money as integer minor units (cents, kobo) in `bigint`, and rates as decimal strings.
 * Amounts are parsed from their decimal text and all arithmetic is on bigints: no floats.
 */
import { MONEY_DECIMALS } from './limits';

const MINOR_PER_MAJOR = 10n ** BigInt(MONEY_DECIMALS);

/** An unsigned decimal: '5', '5.', '.5', '0050.10'. No sign, exponent, commas or spaces. */
const UNSIGNED_DECIMAL = /^(\d*)(?:\.(\d*))?$/;

/** value = units / scale, scale a power of ten. */
interface Decimal {
  units: bigint;
  scale: bigint;
}

function parseDecimal(text: string): Decimal | null {
  const match = UNSIGNED_DECIMAL.exec(text);
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  return { units: BigInt(whole + fraction), scale: 10n ** BigInt(fraction.length) };
}

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export type AmountError = 'invalid' | 'not_positive' | 'too_many_decimals';
export type ParsedAmount = { ok: true; minor: bigint } | { ok: false; reason: AmountError };

/**
 * Reads an amount in major units, as entered or sent ('12.5', 12.5), into minor units.
 * Numbers are read through their shortest decimal form (String(n)), so 0.1 + 0.2 is refused
 * for its 17 decimals rather than rounded. Trailing zeros are fine ('1.500').
 */
export function parseAmount(input: number | string): ParsedAmount {
  if (typeof input === 'number' ? !Number.isFinite(input) : typeof input !== 'string') {
    return { ok: false, reason: 'invalid' };
  }
  const text = String(input);
  const negative = text.startsWith('-');
  const value = parseDecimal(negative ? text.slice(1) : text);
  if (!value) return { ok: false, reason: 'invalid' };
  if (negative || value.units === 0n) return { ok: false, reason: 'not_positive' };
  const scaled = value.units * MINOR_PER_MAJOR;
  if (scaled % value.scale !== 0n) return { ok: false, reason: 'too_many_decimals' };
  return { ok: true, minor: scaled / value.scale };
}

/** '1,234.50' (or '1234.50' without commas); negatives keep their sign. */
export function formatMinor(minor: bigint, { withCommas = true }: { withCommas?: boolean } = {}): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const whole = (abs / MINOR_PER_MAJOR).toString();
  const fraction = (abs % MINOR_PER_MAJOR).toString().padStart(MONEY_DECIMALS, '0');
  return `${negative ? '-' : ''}${withCommas ? groupThousands(whole) : whole}.${fraction}`;
}

/**
 * Minor units to the major-unit number the API sends. It reads back (JSON, String) with its exact
 * 2 decimals only while the major amount is below 2^46 (about 70 trillion, where doubles are still
 * closer together than a cent); above that cents are lost, e.g. 2^53 - 1 minor units give
 * 90071992547409.9 (see MAX_BALANCE_MINOR, which keeps every balance far below the limit).
 */
export const minorToMajor = (minor: bigint): number => Number(formatMinor(minor, { withCommas: false }));

/** A major-unit number from the API, shown with 2 decimals: 1234.5 → '1,234.50'. */
export function formatMajor(major: number, { withCommas = true }: { withCommas?: boolean } = {}): string {
  const fixed = major.toFixed(MONEY_DECIMALS);
  return withCommas ? fixed.replace(/^-?\d+/, groupThousands) : fixed;
}

/** A rate with thousands commas: '1050.25' or 1050.25 → '1,050.25' (decimals kept as given). */
export function formatRate(rate: string | number): string {
  const text = String(rate).replace(/,/g, '');
  const match = /^(\d+)(\.\d+)?$/.exec(text);
  if (!match) throw new RangeError(`Not a decimal rate: ${String(rate)}`);
  return groupThousands(BigInt(match[1]).toString()) + (match[2] ?? '');
}

/** A rate string as a number, commas stripped: '1,050.25' → 1050.25; NaN when it is not a decimal. */
export function parseRate(rate: string): number {
  const text = rate.replace(/,/g, '');
  return parseDecimal(text) ? Number(text) : Number.NaN;
}

/** The rate is NGN per 1 CAD: CAD to NGN multiplies, NGN to CAD divides. */
export type ConversionDirection = 'CAD_TO_NGN' | 'NGN_TO_CAD';
export type Rounding = 'down' | 'up';

/**
 * Converts minor units at a decimal rate string (commas allowed), exactly. Rounds down by
 * default, in the house's favour: the customer receives the floor. Use 'up' for the source
 * amount needed to receive a given target.
 */
export function convert(minor: bigint, rate: string, direction: ConversionDirection, rounding: Rounding = 'down'): bigint {
  const value = parseDecimal(rate.replace(/,/g, ''));
  if (!value || value.units === 0n) throw new RangeError(`Not a positive rate: ${rate}`);
  const [numerator, denominator] =
    direction === 'CAD_TO_NGN' ? [minor * value.units, value.scale] : [minor * value.scale, value.units];
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  if (rounding === 'down') return remainder < 0n ? quotient - 1n : quotient;
  return remainder > 0n ? quotient + 1n : quotient;
}

/**
 * What an NGN amount (kobo) counts for against the sending limits, which are in CAD (spec-next §B):
 * at the mid rate (NGN per 1 CAD), rounded up to the cent. The server counts each send so, and the
 * forms say a refusal before the PIN by the same count.
 */
export const ngnLimitCount = (kobo: bigint, midRate: string): bigint => convert(kobo, midRate, 'NGN_TO_CAD', 'up');
