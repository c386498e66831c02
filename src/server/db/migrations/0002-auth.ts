import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

const userId = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');
const uuidPk = sql`gen_random_uuid()`;

// Accounts module tables: OTPs, grants, throttles, outbox, contact messages, identity sessions.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('otps')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
    .addColumn('user_id', 'uuid', userId)
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('otps_user_purpose_idx').on('otps').columns(['user_id', 'purpose', 'created_at']).execute();

  await db.schema
    .createTable('auth_grants')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
    .addColumn('user_id', 'uuid', userId)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('auth_grants_user_kind_idx').on('auth_grants').columns(['user_id', 'kind']).execute();

  await db.schema
    .createTable('throttle_hits')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('throttle_hits_bucket_idx').on('throttle_hits').columns(['bucket', 'created_at']).execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('otp', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
    .execute();
  await db.schema.createIndex('outbox_recipient_idx').on('outbox').expression(sql`lower(recipient), seq`).execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
    .addColumn('user_id', 'uuid', userId)
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('complaint_category', 'text', (c) => c.notNull())
    .addColumn('complaint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('identity_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('decided_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('identity_decisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'uuid', (c) => c.notNull().references('identity_sessions.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // A phone number can be verified by one user only.
  await db.schema
    .createIndex('users_verified_phone_idx')
    .on('users')
    .column('phone_number')
    .unique()
    .where(sql.ref('is_phone_verified'), '=', true)
    .execute();
}
