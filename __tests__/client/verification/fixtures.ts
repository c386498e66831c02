// Fake-backend pieces shared by the verification, identity, PIN, profile and about tests.
import { http, HttpResponse } from 'msw';
import { endpoints } from '../../../src/shared/endpoints';
import type { Country, User } from '../../../src/shared/types';
import { apiPath, authed, server, TEST_EMAIL } from '../../support/server-mock';

/** identity_status follows is_identity_verified (approved or unverified) unless given. */
export const makeUser = (overrides: Partial<User> = {}): User => {
  const user = {
    is_email_verified: true,
    is_phone_verified: false,
    is_identity_verified: false,
    is_set_transaction_pin: false,
    first_name: 'Ada',
    last_name: 'Obi',
    email: TEST_EMAIL,
    phone_number: null,
    address: '12 Marina Road',
    nationality: 'NG',
    country_of_residence: 'CA',
    dob: '14/02/1990',
    ...overrides,
  };
  return { ...user, identity_status: overrides.identity_status ?? (user.is_identity_verified ? 'approved' : 'unverified') };
};

/** GET /auth/user answers `next()` each time (so a test can change the user between calls). */
export function serveUser(next: () => User): void {
  server.use(http.get(apiPath(endpoints.user.path), authed(() => HttpResponse.json({ success: true, data: next() }))));
}

export const COUNTRIES: Country[] = [
  { value: 'CA', label: 'Canada', dialCode: '+1' },
  { value: 'NG', label: 'Nigeria', dialCode: '+234' },
  { value: 'GH', label: 'Ghana', dialCode: '+233' },
  { value: 'US', label: 'United States of America', dialCode: '+1' },
];

export function serveCountries(): void {
  server.use(http.get(apiPath(endpoints.countries.path), () => HttpResponse.json({ success: true, data: COUNTRIES })));
}

/** Records the JSON bodies a handler receives. */
export function bodies<T = Record<string, unknown>>() {
  const seen: T[] = [];
  return { seen, record: async (request: Request) => { seen.push((await request.clone().json()) as T); } };
}
