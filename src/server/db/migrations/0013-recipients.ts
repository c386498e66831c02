import { sql, type Kysely } from 'kysely';

/**
 * Saved recipients (spec-next §E): each completed send saves its recipient, in the transaction
 * that completes it (a user transfer's own; a payout's when the rail's 'completed' is applied).
 *
 * One row per customer and destination (`destination`: an Interac e-mail lower-cased, a bank code
 * and account number 'bank_code:account_number', a Kudi user's id), unique, so a repeat send
 * updates the row (name, last_used_at) instead of adding one. `account_number` is the full number
 * the payout went to: it stays on the server (answers show it masked). Rows go with their customer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('recipients')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('interac', 'ngn_bank', 'kudi_user')`))
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('bank_code', 'text')
    .addColumn('bank_name', 'text')
    .addColumn('account_number', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('recipients_user_destination_key', ['user_id', 'kind', 'destination'])
    // What each kind needs: an e-mail (Interac, Kudi user); a bank and the account's number (NGN bank).
    .addCheckConstraint(
      'recipients_kind_fields',
      sql`(kind = 'ngn_bank' and bank_code is not null and bank_name is not null and account_number is not null)
        or (kind <> 'ngn_bank' and email is not null and account_number is null)`,
    )
    .execute();
  // GET /recipients: a customer's, newest first.
  await db.schema.createIndex('recipients_user_recent_idx').on('recipients').columns(['user_id', 'last_used_at desc']).execute();
}
