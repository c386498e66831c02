import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './0001-users-sessions';
import * as m0002 from './0002-auth';
import * as m0003 from './0003-ledger';
import * as m0004 from './0004-transfers';
import * as m0005 from './0005-grant-client-ip';
import * as m0006 from './0006-ledger-currency-agreement';
import * as m0007 from './0007-phone-e164';
import * as m0008 from './0008-quotes-and-fees';
import * as m0009 from './0009-limits-proof-of-address';
import * as m0010 from './0010-payout-life';
import * as m0011 from './0011-notifications';
import * as m0012 from './0012-identity-sessions-by-user';
import * as m0013 from './0013-recipients';
import * as m0014 from './0014-session-devices';
import * as m0015 from './0015-statements';
import * as m0016 from './0016-history-checkpoints';
import * as m0017 from './0017-idempotency-keys-by-time';
import * as m0018 from './0018-jobs';
import * as m0019 from './0019-reconciliations';
import * as m0020 from './0020-read-marks';
import * as m0021 from './0021-recipients-updated-in-place';
import * as m0022 from './0022-value-rules-as-domains';
import * as m0023 from './0023-limit-usage-by-quarter-hour';
import * as m0024 from './0024-sign-up-codes-bound';
import * as m0025 from './0025-pin-confirmation-per-session';
import * as m0026 from './0026-limit-days-of-their-own-zone';
import * as m0027 from './0027-contested-sign-up';
import * as m0028 from './0028-secret-checks';
import * as m0029 from './0029-zone-rules-of-the-app';

/**
 * Every migration, in order. Migrations live in code (not discovered from disk) so they work the
 * same under tsx, Jest and any bundler. Add new ones at the end; never edit an applied one.
 */
const migrations: Record<string, Migration> = {
  '0001-users-sessions': m0001,
  '0002-auth': m0002,
  '0003-ledger': m0003,
  '0004-transfers': m0004,
  '0005-grant-client-ip': m0005,
  '0006-ledger-currency-agreement': m0006,
  '0007-phone-e164': m0007,
  '0008-quotes-and-fees': m0008,
  '0009-limits-proof-of-address': m0009,
  '0010-payout-life': m0010,
  '0011-notifications': m0011,
  '0012-identity-sessions-by-user': m0012,
  '0013-recipients': m0013,
  '0014-session-devices': m0014,
  '0015-statements': m0015,
  '0016-history-checkpoints': m0016,
  '0017-idempotency-keys-by-time': m0017,
  '0018-jobs': m0018,
  '0019-reconciliations': m0019,
  '0020-read-marks': m0020,
  '0021-recipients-updated-in-place': m0021,
  '0022-value-rules-as-domains': m0022,
  '0023-limit-usage-by-quarter-hour': m0023,
  '0024-sign-up-codes-bound': m0024,
  '0025-pin-confirmation-per-session': m0025,
  '0026-limit-days-of-their-own-zone': m0026,
  '0027-contested-sign-up': m0027,
  '0028-secret-checks': m0028,
  '0029-zone-rules-of-the-app': m0029,
};

/** The names of every migration this code knows, in order (the reconcile CLI checks a database has them all). */
export const migrationNames = (): string[] => Object.keys(migrations);

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Whether the database has applied exactly the migrations above (Kysely's own table, in the
 * connection's search path): then starting needs no migrator, whose checks cost a cold start
 * about 150 ms of catalog queries. Anything else (new database, pending or unknown migrations)
 * goes through the migrator.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
async function upToDate(db: Kysely<any>): Promise<boolean> {
  const table = await sql<{ present: boolean }>`select to_regclass('kysely_migration') is not null as present`.execute(db);
  if (!table.rows[0]?.present) return false;
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const names = new Set(applied.rows.map((row) => row.name));
  return names.size === Object.keys(migrations).length && Object.keys(migrations).every((name) => names.has(name));
}

/** PostgreSQL's invalid_schema_name, about a schema other than the connection's own. */
function otherSchemaVanished(error: unknown, own: string | undefined): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '3F000' && typeof message === 'string' && !message.includes(`"${own}"`);
}

/** Applies pending migrations; throws with the failing migration's name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  if (await upToDate(db)) return;
  // Kysely's own tables in the connection's schema, named so: without a schema the migrator takes
  // another schema's tables (a second app, or a test run that was killed) for its own, and fails.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  const migrator = new Migrator({ db, provider, migrationTableSchema: schema });
  let { error, results } = await migrator.migrateToLatest();
  // The migrator's look-up of existing tables reads every schema of the database; another schema
  // dropped during that read (another app, or a test file ending beside this one) fails it with
  // "schema ... does not exist" before anything was migrated. That is no fault of ours: read again
  // (each drop can fail at most one read, so the bound is generous: many schemas may go at once).
  for (let retry = 0; retry < 50 && error && otherSchemaVanished(error, schema); retry += 1) {
    ({ error, results } = await migrator.migrateToLatest());
  }
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
}
