import type { Country } from '../../../shared/types';
import { digitsOnly } from '../../../shared/validation';

/** The phone picker lists Nigeria and Canada first, then the others in the server's order (spec §2). */
const FIRST = ['NG', 'CA'];

export function phonePickerCountries(countries: readonly Country[]): Country[] {
  const first = FIRST.flatMap((code) => countries.filter((country) => country.value === code));
  return [...first, ...countries.filter((country) => !FIRST.includes(country.value))];
}

/** The number sent to the server: the country's dial code plus the digits typed ('+234' + '8012345678'). */
export const fullPhoneNumber = (country: Country, number: string): string => `${country.dialCode}${digitsOnly(number)}`;
