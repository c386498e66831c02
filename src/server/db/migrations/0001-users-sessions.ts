import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_lower', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('dob', 'date', (c) => c.notNull())
    .addColumn('nationality', 'text', (c) => c.notNull())
    .addColumn('country_of_residence', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone_number', 'text')
    .addColumn('timezone', 'text')
    .addColumn('is_email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_phone_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_identity_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('pin_hash', 'text')
    .addColumn('pin_failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pin_locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('current_jti', 'text', (c) => c.notNull())
    .addColumn('previous_jti', 'text')
    .addColumn('rotated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('password_checked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
}
