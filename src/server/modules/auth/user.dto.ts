import type { User } from '../../../shared/types';
import { parseServerDate, toServerDate } from '../../../shared/validation';
import type { UserRow } from './users.repository';

/** The User of spec §3 (GET /auth/user); dob as dd/MM/yyyy; identity_status from identity.service identityStatusOf. */
export function toUser(row: UserRow, identityStatus: User['identity_status']): User {
  return {
    is_email_verified: row.is_email_verified,
    is_phone_verified: row.is_phone_verified,
    is_identity_verified: row.is_identity_verified,
    is_set_transaction_pin: row.pin_hash !== null,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone_number: row.phone_number,
    address: row.address,
    nationality: row.nationality,
    country_of_residence: row.country_of_residence,
    dob: toServerDate(row.dob),
    identity_status: identityStatus,
  };
}

/** A dd/MM/yyyy date as a local Date and as the database's 'YYYY-MM-DD'; null when it is not a real date. */
export function readServerDate(serverDate: string): { date: Date; iso: string } | null {
  const text = serverDate.trim();
  const date = parseServerDate(text);
  if (!date) return null;
  const [day, month, year] = text.split('/');
  return { date, iso: `${year}-${month}-${day}` };
}

export const isFullyVerified = (row: Pick<UserRow, 'is_email_verified' | 'is_phone_verified' | 'is_identity_verified'>): boolean => row.is_email_verified && row.is_phone_verified && row.is_identity_verified;
