import { sql, type Kysely } from 'kysely';

/**
 * E-mail notifications (spec-next §D), recorded with their event and sent by a job:
 *
 * - `notifications`: one row per event to tell a customer about, inserted in the event's own
 *   transaction (so it exists exactly when the event committed) and unique by `dedupe_key`
 *   (e.g. 'money_sent:<transfer id>': a replayed webhook or a retried request records nothing
 *   new). `payload` holds what the e-mail needs that the database does not keep (the transfer's
 *   id, a browser, a time); the e-mail itself is rendered when it is sent. The sending job claims
 *   due rows (`send_after`, pushed forward by each claim as a lease, as `payouts.settle_after`)
 *   and marks `sent_at` once the mail adapter took the message.
 * - `sign_in_devices`: the User-Agents each account has signed in with, for the new-device e-mail.
 * - `outbox.message_id`: the message's own id (a notification's); the outbox keeps one message per
 *   id, so a notification sent again after a crash between the send and `sent_at` is not
 *   delivered twice. `outbox.html`: the HTML part of the message, when it has one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('send_after', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`create index notifications_due_idx on notifications (send_after) where sent_at is null`.execute(db);
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('sign_in_devices')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sign_in_devices_pkey', ['user_id', 'user_agent'])
    .execute();

  await sql`alter table outbox add column message_id text unique, add column html text`.execute(db);
}
