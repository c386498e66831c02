/**
 * Phone numbers, the same rules on both sides: libphonenumber-js's core with the metadata passed
 * in (`phoneRules(metadata)`), so this file loads no metadata of its own; the browser
 * (src/client/ui/phone-field.tsx) and the server (src/server/lib/phone.ts) both bind the `max`
 * set. Numbers are stored and sent in E.164 ('+2348012345678'): the country calling code, then
 * the national number without its trunk prefix (Nigeria's 0).
 */
import {
  AsYouType,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
  type MetadataJson,
} from 'libphonenumber-js/core';

export type { MetadataJson } from 'libphonenumber-js/core';

export interface PhoneRules {
  /**
   * The number in E.164, or null when it is no valid number. A number starting with '+' stands
   * on its own; any other is read as a national number of `country` (ISO 3166
   * alpha-2, e.g. 'NG'), trunk prefix included or not ('08012345678' and '8012345678' are both
   * '+2348012345678'). A '+234 0801…' number loses its trunk 0 too.
   */
  toE164(input: string, country?: string): string | null;
  /** Whether `input` is a number that can exist (toE164 gives it). */
  isValid(input: string, country?: string): boolean;
  /**
   * What a field shows while the customer types: the country's format of what is typed so far
   * ('0801 234 5' in Nigeria, '+234 801 234 5' typed with the dial code, '(416) 555-01' in Canada).
   * Only digits and a leading '+' are kept; formatting characters typed are replaced.
   */
  formatAsYouType(input: string, country?: string): string;
}

/** Digits, with a leading '+' kept: what a phone field's text means. */
export function phoneDigits(input: string): string {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

export function phoneRules(metadata: MetadataJson): PhoneRules {
  const countryOf = (country?: string): CountryCode | undefined => {
    const code = country?.trim().toUpperCase();
    return code && isSupportedCountry(code as CountryCode, metadata) ? (code as CountryCode) : undefined;
  };

  const toE164 = (input: string, country?: string): string | null => {
    // Letters are no part of a number here: libphonenumber reads '+1416555abcd' as vanity digits.
    if (/[a-z]/i.test(input)) return null;
    const defaultCountry = countryOf(country);
    const parsed = defaultCountry
      ? parsePhoneNumberFromString(input, defaultCountry, metadata)
      : parsePhoneNumberFromString(input, metadata);
    return parsed?.isValid() ? parsed.number : null;
  };

  return {
    toE164,
    isValid: (input, country) => toE164(input, country) !== null,
    formatAsYouType: (input, country) => new AsYouType(countryOf(country), metadata).input(phoneDigits(input)),
  };
}
