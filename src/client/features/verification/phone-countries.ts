import type { Country } from '../../../shared/types';

/** The phone picker lists Nigeria and Canada first, then the others in the server's order (spec §2). */
const FIRST = ['NG', 'CA'];

export function phonePickerCountries(countries: readonly Country[]): Country[] {
  const first = FIRST.flatMap((code) => countries.filter((country) => country.value === code));
  return [...first, ...countries.filter((country) => !FIRST.includes(country.value))];
}
