import { type Kysely } from 'kysely';

/**
 * `idempotency_keys_user_time_idx`: every keyed money request drops its customer's expired keys
 * (older than 24 hours) before it writes its own (ledger/idempotency.repository claimKey and the
 * one-statement transfer's keyAnswered). By the primary key (user_id, key) alone that read every
 * key of the customer, so a customer sending many payments a day paid more for each; by
 * (user_id, created_at) it reads only the expired ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('idempotency_keys_user_time_idx').on('idempotency_keys').columns(['user_id', 'created_at']).execute();
}
