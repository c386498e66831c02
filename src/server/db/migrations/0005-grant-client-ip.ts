import type { Kysely } from 'kysely';

/**
 * A password-reset grant belongs to the client address (request.ip) that verified the reset
 * code: only a reset-password from that address can use it. Grants not bound to an address (the
 * PIN step-up grant) keep client_ip null. Reset grants issued before this column existed have
 * none, so no address can use them; they lapse within their 10 minutes anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_grants').addColumn('client_ip', 'text').execute();
}
