import { sql, type Kysely } from 'kysely';

/**
 * A PIN confirmation (POST /auth/confirm-transaction-pin, the bill payment's step-up) belongs to
 * the session that confirmed the PIN (`auth_grants.session_id`). Before, it belonged to the
 * customer: another of their sessions (a second browser, a stolen token that never knew the PIN)
 * could pay a bill with it, and one refused payment left it usable by any session for 5 minutes.
 * Grants written before (null) are usable by no session: a customer confirms the PIN again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table auth_grants add column session_id uuid references sessions(id) on delete cascade`.execute(db);
}
