import { sql, type Kysely } from 'kysely';

/**
 * An e-mail verification code carries the sign-up it was sent for (`otps.submission`: the
 * password's hash and the details), and using the code gives the account those details. Before,
 * a second sign-up of an unverified address with another password changed nothing for a day, so a
 * stranger who signed up first with someone's address had their password verified by the code the
 * owner found in their mailbox when the owner signed up and was sent to the code step. Now each
 * sign-up gets its own code, the codes of other sign-ups stay usable, and the one used decides.
 * Codes written before (null) verify the account as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table otps add column submission jsonb`.execute(db);
}
