/** Pure rules of spec §5 that both the client and the server apply. */
import {
  BILL_DESCRIPTION_MAX,
  BILL_DESCRIPTION_MIN,
  BVN_LENGTH,
  MAX_AMOUNT_MINOR,
  MIN_AGE,
  NGN_ACCOUNT_LENGTH,
  NIN_MAX_LENGTH,
  OTP_LENGTH,
  PIN_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIALS,
  STATEMENT_FIRST_DAY,
  STATEMENT_LAST_DAY,
  STATEMENT_MAX_DAYS,
} from './limits';
import { exchange, server, statements } from './messages';
import { parseAmount } from './money';

const exactDigits = (length: number) => new RegExp(`^\\d{${length}}$`);
const CODE = exactDigits(OTP_LENGTH);
const PIN = exactDigits(PIN_LENGTH);
const BVN = exactDigits(BVN_LENGTH);
const NIN = new RegExp(`^\\d{1,${NIN_MAX_LENGTH}}$`);
const NGN_ACCOUNT = exactDigits(NGN_ACCOUNT_LENGTH);
const SPECIAL = new RegExp(`[${PASSWORD_SPECIALS.replace(/[\\^\]-]/g, '\\$&')}]`);

/** The three items of the password checklist. */
export function passwordChecks(password: string): { length: boolean; uppercase: boolean; special: boolean } {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    uppercase: /[A-Z]/.test(password),
    special: SPECIAL.test(password),
  };
}

export const isStrongPassword = (password: string): boolean => Object.values(passwordChecks(password)).every(Boolean);

/** Email, reset and phone codes. */
export const isSixDigitCode = (code: string): boolean => CODE.test(code);
export const isFourDigitPin = (pin: string): boolean => PIN.test(pin);
export const isBvn = (bvn: string): boolean => BVN.test(bvn);
/** NIN is optional and digits only (spec §5): empty is fine, otherwise 1 to 11 digits. */
export const isNin = (nin: string | null | undefined): boolean => !nin || NIN.test(nin);
export const isNgnAccountNumber = (account: string): boolean => NGN_ACCOUNT.test(account);

/** Strips everything but digits, optionally capped: digitsOnly('123-45', 4) → '1234'. */
export const digitsOnly = (input: string, maxLength?: number): string => {
  const digits = input.replace(/\D/g, '');
  return maxLength === undefined ? digits : digits.slice(0, maxLength);
};

/** A plausible address: something@domain.tld, no spaces, at most 254 characters. */
export const isEmail = (email: string): boolean => email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

/** Characters as a reader counts them: 'é', '😀' and '👍🏽' are one each (grapheme clusters; code points where Intl.Segmenter is missing). */
export function characterCount(text: string): number {
  if (typeof Intl.Segmenter !== 'function') return [...text].length;
  let count = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) count += 1;
  return count;
}

/** The bill description, trimmed, has 5 to 20 characters (as a reader counts them, not UTF-16 units). */
export function billDescriptionOk(description: string): boolean {
  const length = characterCount(description.trim());
  return length >= BILL_DESCRIPTION_MIN && length <= BILL_DESCRIPTION_MAX;
}

/**
 * An amount the API accepts, in minor units, or the message to answer: the spec's own texts for
 * an invalid or non-positive amount, the server's for too many decimals or too large.
 */
export function validateAmount(input: number | string): { ok: true; minor: bigint } | { ok: false; message: string } {
  const parsed = parseAmount(input);
  if (!parsed.ok) {
    const message = {
      invalid: exchange.invalidAmount,
      not_positive: exchange.amountNotPositive,
      too_many_decimals: server.amountDecimals,
    }[parsed.reason];
    return { ok: false, message };
  }
  return parsed.minor > MAX_AMOUNT_MINOR ? { ok: false, message: server.amountTooLarge } : parsed;
}

// Calendar dates. A Date stands for its local calendar day (as a date picker gives it).

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A valid calendar date as a local-midnight Date, or null (31/02/2000 is null). */
function calendarDate(year: number, month: number, day: number): Date | null {
  const date = new Date(year, month - 1, day);
  date.setFullYear(year); // years 0-99 would otherwise map to 1900-1999
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** Completed years between the date of birth and today. */
export function ageOn(dob: Date, today: Date): number {
  const years = today.getFullYear() - dob.getFullYear();
  const beforeBirthday =
    today.getMonth() < dob.getMonth() || (today.getMonth() === dob.getMonth() && today.getDate() < dob.getDate());
  return beforeBirthday ? years - 1 : years;
}

export const isAtLeast18 = (dob: Date, today: Date = new Date()): boolean => ageOn(dob, today) >= MIN_AGE;

/** The latest date of birth allowed (the date picker's maximum): 18 years before today. */
export function latestAllowedDob(today: Date = new Date()): Date {
  const date = new Date(today.getFullYear() - MIN_AGE, today.getMonth(), today.getDate());
  // 29 Feb → 28 Feb when the year 18 years back has no 29 Feb.
  return date.getMonth() === today.getMonth() ? date : new Date(today.getFullYear() - MIN_AGE, today.getMonth() + 1, 0);
}

/** The server's date form dd/MM/yyyy, from a Date or a 'YYYY-MM-DD' string (as an input[type=date] gives). */
export function toServerDate(date: Date | string): string {
  if (typeof date === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
    if (!match || !calendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
      throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
    }
    return `${match[3]}/${match[2]}/${match[1]}`;
  }
  return `${pad2(date.getDate())}/${pad2(date.getMonth() + 1)}/${String(date.getFullYear()).padStart(4, '0')}`;
}

/** Reads dd/MM/yyyy as a local-midnight Date; null for anything else or an impossible date. */
export function parseServerDate(text: string): Date | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  return match ? calendarDate(Number(match[3]), Number(match[2]), Number(match[1])) : null;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day written YYYY-MM-DD (years 1 to 9999), as its number of days since 1970-01-01;
 * null when the text is not one ('2025-02-30', '2025-3-1', '').
 */
export function isoDayNumber(text: string): number | null {
  const match = ISO_DAY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return Math.round(date.getTime() / 86_400_000);
}

/**
 * A statement's period (spec-next §E): two real days, `to` not before `from`, at most
 * STATEMENT_MAX_DAYS days counting both. Null when it is fine, else the refusal's text.
 */
export function statementPeriodError(from: string, to: string): string | null {
  const first = isoDayNumber(from);
  if (first === null) return statements.badDate('from');
  const last = isoDayNumber(to);
  if (last === null) return statements.badDate('to');
  if (last < first) return statements.toBeforeFrom;
  if (last - first + 1 > STATEMENT_MAX_DAYS) return statements.tooLong;
  if (first < isoDayNumber(STATEMENT_FIRST_DAY)! || last > isoDayNumber(STATEMENT_LAST_DAY)!) return statements.outOfRange;
  return null;
}
