/**
 * The sending limits of the bank test (spec-next §B): the LIMITS_JSON of the server under test,
 * the mid rate NGN sends are counted at, the customers' days, and the limit refusals' texts. The
 * arithmetic here is the test's own (bigint, no server code), so the checks recompute what each
 * send counted for independently of the server.
 */
import { TIERS, type Tier } from '../../src/shared/limits';
import { tierLimits } from '../../src/shared/messages';

export type { Tier };

export interface TierLimits {
  perTransfer: bigint;
  perDay: bigint;
  per30Days: bigint;
}

/** CAD minor units per tier. */
export type LimitTable = Record<Tier, TierLimits>;

/** FX_MID_RATE of the server under test (NGN per 1 CAD): not round, so an NGN send's count is rounded up. */
export const MID_RATE = '1187.35';

/**
 * The share of the run after which each customer's acknowledged sends reach their day limit
 * (workload.ts sizes the sends so): the rest of the run meets the limit.
 */
export const RAMP_SHARE = 0.9;

/** What a traveller sends before the run (in their first time zone), as a share of the day limit. */
export const PRIOR_DAY_SHARE = 0.3;

/**
 * The limits of a run: Basic $40 per transfer, $10 a day per second of run (at least $200), the
 * 30-day limit a quarter above the day's; Plus twice Basic. Scaled with the run's length, which
 * the workload's sends reach late in the run (workload.ts countedAmount) from about half a send
 * per second per customer to five.
 */
export function limitsForRun(durationS: number): LimitTable {
  const perTransfer = 4_000n;
  const perDay = BigInt(Math.max(20_000, Math.round(durationS * 1_000)));
  const basic = { perTransfer, perDay, per30Days: (perDay * 5n) / 4n };
  const twice = (limits: TierLimits): TierLimits => ({ perTransfer: limits.perTransfer * 2n, perDay: limits.perDay * 2n, per30Days: limits.per30Days * 2n });
  return { Basic: basic, Plus: twice(basic) };
}

const major = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;

/** The table as LIMITS_JSON spells it (spec-next §B): CAD amounts as strings. */
export function limitsJson(table: LimitTable): string {
  return JSON.stringify(
    Object.fromEntries(
      TIERS.map((tier) => [tier, { per_transfer: major(table[tier].perTransfer), per_day: major(table[tier].perDay), per_30_days: major(table[tier].per30Days) }]),
    ),
  );
}

/** The rate as a fraction units/scale, e.g. '1187.35' → 118735/100. */
function rateFraction(rate: string): { units: bigint; scale: bigint } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate);
  if (!match) throw new Error(`not a decimal rate: ${rate}`);
  const fraction = match[2] ?? '';
  return { units: BigInt(match[1] + fraction), scale: 10n ** BigInt(fraction.length) };
}

/** What a send counts for against the limits, in CAD minor units: CAD as it is, NGN at the mid rate rounded up to the cent. */
export function cadMinorOf(currency: 'CAD' | 'NGN', minor: bigint, midRate: string): bigint {
  if (currency === 'CAD') return minor;
  const { units, scale } = rateFraction(midRate);
  // CAD cents = kobo / rate (both minor units are hundredths), rounded up.
  return (minor * scale + units - 1n) / units;
}

/** About this many CAD minor units in kobo (it counts for at most cadMinor, at least cadMinor - 1). */
export function koboFor(cadMinor: bigint, midRate: string): bigint {
  const { units, scale } = rateFraction(midRate);
  return (cadMinor * units) / scale;
}

/** A customer's time zone from a moment on (ms since the epoch); the first period starts at 0. */
export interface ZonePeriod {
  zone: string;
  fromMs: number;
}

export function zoneAt(zones: ZonePeriod[], ms: number): string {
  let zone = 'UTC';
  for (const period of zones) if (period.fromMs <= ms) zone = period.zone;
  return zone;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The date ('YYYY-MM-DD') of a moment in an IANA time zone. */
export function localDay(ms: number, zone: string): string {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Days since the epoch of a 'YYYY-MM-DD' date. */
export const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** The date `days` after (or before) a 'YYYY-MM-DD' date. */
export const shiftDay = (day: string, days: number): string => new Date((dayNumber(day) + days) * 86_400_000).toISOString().slice(0, 10);

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment's wall-clock time in a zone, read as if it were UTC (ms). */
function wallClockMs(ms: number, zone: string): number {
  let format = clockFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    clockFormats.set(zone, format);
  }
  const p = Object.fromEntries(format.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
}

/** The moment (ms) of the midnight that begins `day` in `zone` (kudi_day_start). */
export function dayStartMs(zone: string, day: string): number {
  const midnight = dayNumber(day) * 86_400_000;
  // The zone's offset at a guess, then at the moment it gives (a change of offset that day).
  let at = midnight - (wallClockMs(midnight, zone) - midnight);
  at = midnight - (wallClockMs(at, zone) - at);
  return at;
}

/** The limits count sends in quarters of an hour of UTC (kudi_bucket, migration 0023). */
export const QUARTER_MS = 15 * 60_000;
export const bucketOf = (ms: number): number => Math.floor(ms / QUARTER_MS) * QUARTER_MS;

/** The first bucket of the day (or of the 30 days) a moment is in, in the zone of then: the window kudi_limit_charge reads. */
export function windowStarts(ms: number, zone: string): { day: string; dayFrom: number; from30: number } {
  const day = localDay(ms, zone);
  return { day, dayFrom: bucketOf(dayStartMs(zone, day)), from30: bucketOf(dayStartMs(zone, shiftDay(day, -29))) };
}

export type LimitKind = 'per_transfer' | 'day' | '30_days';

const MARK = '\u0000';
const TEXTS: Array<{ kind: LimitKind; prefix: string; suffix: string }> = [
  { kind: 'per_transfer', text: tierLimits.perTransferLimit(MARK) },
  { kind: 'day', text: tierLimits.dailyLimit(MARK) },
  { kind: '30_days', text: tierLimits.thirtyDayLimit(MARK) },
].map(({ kind, text }) => {
  const [prefix, suffix] = text.split(MARK);
  return { kind: kind as LimitKind, prefix, suffix };
});
const AMOUNT = /^(\d{1,3}(?:,\d{3})*)\.(\d{2})$/;

/**
 * A 403 limit refusal's kind and the amount it names (the per-transfer limit, or what may still
 * be sent today / in 30 days), or null when the text is not exactly one of spec-next §B's.
 */
export function parseLimitRefusal(message: string | undefined): { kind: LimitKind; amount: bigint } | null {
  if (message === undefined) return null;
  for (const { kind, prefix, suffix } of TEXTS) {
    if (!message.startsWith(prefix) || !message.endsWith(suffix) || message.length <= prefix.length + suffix.length) continue;
    const amount = AMOUNT.exec(message.slice(prefix.length, message.length - suffix.length));
    if (amount) return { kind, amount: BigInt(amount[1].replace(/,/g, '') + amount[2]) };
  }
  return null;
}

/** Money amounts as the limit texts show them: '1,000.00'. */
export function formatLimit(minor: bigint): string {
  return `${(minor / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(minor % 100n).padStart(2, '0')}`;
}
