import countries from 'i18n-iso-countries';
import { server } from '../../../shared/messages';
import type { Country } from '../../../shared/types';
import { badRequest } from '../../lib/errors';
import { DIAL_CODES } from './dial-codes';

/** Canada and Nigeria lead every country list (spec §2). */
const FIRST = ['CA', 'NG'];

function buildCountryList(): Country[] {
  const names = countries.getNames('en', { select: 'official' });
  const toCountry = (value: string): Country => ({ value, label: names[value], dialCode: DIAL_CODES[value] ?? '' });
  const others = Object.keys(names)
    .filter((code) => !FIRST.includes(code))
    .map(toCountry)
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return [...FIRST.map(toCountry), ...others];
}

/** Every ISO 3166-1 country with its English name and dial code; static data, built once. */
export const COUNTRY_LIST: readonly Country[] = buildCountryList();

const CODES = new Set(COUNTRY_LIST.map((country) => country.value));

/** Refuses (400) anything but ISO 3166-1 alpha-2 codes we know ('CA', 'NG'…), upper case. */
export function assertCountryCodes(...codes: string[]): void {
  if (!codes.every((code) => CODES.has(code))) throw badRequest(server.invalidCountry);
}
