import { sql, type Kysely } from 'kysely';

/**
 * What the database's stored secrets were made with (`secret_checks`): one row per secret whose
 * change would break what is stored, holding a digest keyed by the secret (db/secret-check.ts). A
 * server started with another PIN_SECRET (another folder's generated DATA_DIR/secrets.json, a
 * second server without the first one's environment) refuses to start instead of refusing every
 * customer's right PIN and counting it towards the lock-out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table secret_checks (
      name text primary key,
      digest text not null,
      recorded_at timestamptz not null default now()
    )
  `.execute(db);
}
