import { randomInt, randomUUID } from 'node:crypto';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { hashPin } from '../../src/server/modules/auth/pin';
import { signAccessToken } from '../../src/server/modules/auth/tokens';
import { createCustomerWallets } from '../../src/server/modules/ledger/customer-wallets';
import type { TestApp } from './test-app';

export interface CustomerOptions {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  emailVerified?: boolean;
  phoneVerified?: boolean;
  identityVerified?: boolean;
  /** Sets this transaction PIN. */
  pin?: string;
}

export interface Customer {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  token: string;
  sessionId: string;
  /** `{ authorization: 'Bearer …' }` for app.inject */
  headers: Record<string, string>;
}

export const DEFAULT_PASSWORD = 'Str0ng!Pass';

/**
 * A customer created straight through the server's own modules (user row, wallets, live session,
 * signed token), for tests whose subject is not sign-up itself. Fully verified with PIN 1234 by default.
 */
export async function createCustomer(t: TestApp, options: CustomerOptions = {}): Promise<Customer> {
  const email = options.email ?? `c-${randomUUID().slice(0, 8)}@example.com`;
  const password = options.password ?? DEFAULT_PASSWORD;
  const firstName = options.firstName ?? 'Ada';
  const lastName = options.lastName ?? 'Obi';
  const pin = options.pin === undefined ? '1234' : options.pin;
  const passwordHash = await hashPassword(password, t.config.passwordCost);
  const user = await t.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('users')
      .values({
        email,
        email_lower: email.toLowerCase(),
        password_hash: passwordHash,
        first_name: firstName,
        last_name: lastName,
        dob: '1990-01-15',
        nationality: 'NG',
        country_of_residence: 'CA',
        is_email_verified: options.emailVerified ?? true,
        is_phone_verified: options.phoneVerified ?? true,
        is_identity_verified: options.identityVerified ?? true,
        // A verified phone belongs to one user only (unique index), so each customer gets its own.
        phone_number: options.phoneVerified === false ? null : `+1${randomInt(2_000_000_000, 9_999_999_999)}`,
      })
      .returning(['id', 'email', 'first_name', 'last_name'])
      .executeTakeFirstOrThrow();
    if (pin) await trx.updateTable('users').set({ pin_hash: hashPin(t.config.pinSecret, row.id, pin) }).where('id', '=', row.id).execute();
    await createCustomerWallets(trx, row);
    return row;
  });
  const jti = randomUUID();
  const session = await t.db
    .insertInto('sessions')
    .values({ user_id: user.id, current_jti: jti })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = signAccessToken(t.config.jwtSecret, { sub: user.id, sid: session.id, email, jti });
  return {
    id: user.id,
    email,
    password,
    firstName,
    lastName,
    token,
    sessionId: session.id,
    headers: { authorization: `Bearer ${token}` },
  };
}
