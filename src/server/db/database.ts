import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type Dialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from './schema';
import { DATE, INT8, isStalePlan, keepDate, localSession, MAX_PREPARED, parseInt8, PGLITE_START_PARAMS, type PgliteSession } from './pglite-session';
import { pgliteDialect } from './pglite-dialect';
import { openPgliteWorker } from './pglite-remote';
import { BEGINS, ENDS } from './transaction-text';

export { PGLITE_START_PARAMS } from './pglite-session';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  /**
   * Read-only handle on the streaming replica (DATABASE_REPLICA_URL); `db` itself when there is
   * none (unset, or PGlite). Only db/read-routing.ts decides when a read may use it.
   */
  replicaDb: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** The replica opened beside a primary handle (openDatabase), for buildApp to find without another option. */
const replicas = new WeakMap<Db, Db>();

/** The replica handle openDatabase opened beside `db`, or null (no DATABASE_REPLICA_URL, PGlite, or a handle not of openDatabase). */
export function replicaOf(db: Db): Db | null {
  return replicas.get(db) ?? null;
}

// bigint columns (money in minor units) come back as BigInt; dates as 'YYYY-MM-DD' strings (as on PGlite: pglite-session.ts).
pg.types.setTypeParser(INT8, parseInt8);
pg.types.setTypeParser(DATE, keepDate);

export interface OpenOptions {
  /** Wraps the dialect (the benchmark counts statements with it). */
  wrapDialect?: (dialect: Dialect) => Dialect;
  /**
   * PGlite only: start from this dump of a data directory (`dumpDataDir`) instead of an empty
   * cluster, which skips initdb (tests start each file from one migrated template).
   */
  pgliteTemplate?: Blob;
  /**
   * PGlite only: use this running instance, which the caller owns: closing the database leaves it
   * open (the test suite lends one instance per worker to file after file).
   */
  pglite?: PGlite;
}

const statementNames = new Map<string, string>();
let namesGiven = 0;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_PREPARED) {
    name = `kudi_${namesGiven++}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * The pool as Kysely sees it, with every parameterised statement sent as a named (prepared)
 * statement: PostgreSQL parses and plans each hot query once per connection instead of on
 * every execution (the transfer path runs the same few statements over and over). A statement
 * whose plan went stale gets a new name (so every connection prepares it again) and, outside a
 * transaction, runs again at once; inside one the error stands (the transaction is aborted).
 */
/** The pool drops a connection that ended under a request when it is released (no longer queryable). */
const ignoreLostConnection = () => undefined;

function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => {
      const client = await pool.connect();
      let inTransaction = false;
      const prepared = async (text: string, values: unknown[]) => {
        try {
          return await client.query({ name: statementName(text), text, values });
        } catch (err) {
          if (!isStalePlan(err) || !statementNames.has(text)) throw err;
          statementNames.delete(text);
          if (inTransaction) throw err;
          return client.query({ name: statementName(text), text, values });
        }
      };
      return {
        query: ((text: unknown, values?: unknown[]) => {
          if (typeof text === 'string' && values?.length) return prepared(text, values);
          if (typeof text === 'string' && BEGINS.test(text)) inTransaction = true;
          else if (typeof text === 'string' && ENDS.test(text)) inTransaction = false;
          return client.query(text as string, values);
        }) as pg.PoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

/** Where PgBouncer (transaction mode) refuses or loses what a plain connection would keep. */
export class PoolerError extends Error {
  override name = 'PoolerError';
}

type PostgresConfig = Pick<Config, 'databaseSchema'> & Partial<Pick<Config, 'databasePoolSize' | 'databasePooler'>>;

/**
 * A Kysely handle on PostgreSQL at `url`. Straight to PostgreSQL, parameterised statements are
 * named prepared statements (preparingPool). Through PgBouncer in transaction mode
 * (DATABASE_POOLER=pgbouncer) each transaction, or statement outside one, may run on another server
 * connection, so nothing may live in the session: statements go unnamed (parsed at each run, as
 * PgBouncer before 1.21 cannot carry named ones between server connections), and the search_path
 * startup option (which PgBouncer refuses) is refused here with the reason. The app keeps no other
 * session state: its advisory locks are transaction-scoped (pg_advisory_xact_lock), it sets no
 * session settings, listens to nothing and makes no temporary tables.
 */
function openPostgres(url: string, config: PostgresConfig, wrap: (dialect: Dialect) => Dialect, extra: pg.PoolConfig = {}): Db {
  const pooled = config.databasePooler === 'pgbouncer';
  if (pooled && config.databaseSchema) {
    throw new PoolerError('A database schema (search_path as a startup option) cannot pass PgBouncer in transaction mode: give the app a database of its own');
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: config.databasePoolSize ?? 10,
    ...(config.databaseSchema ? { options: `-c search_path=${config.databaseSchema}` } : {}),
    ...extra,
  });
  // A connection PostgreSQL closes (a restart, a crash, a failover, an administrator) emits 'error':
  // an idle one on the pool, which drops it and opens a new one for the next query; one a request
  // holds on the connection itself, and that request's statement fails (isDatabaseUnavailable: 503).
  // Without these listeners the event would end the process.
  pool.on('error', (err) => {
    console.warn(`PostgreSQL closed an idle connection (${err.message}); the next query opens a new one`);
  });
  pool.on('connect', (client) => {
    client.on('error', ignoreLostConnection);
  });
  return new Kysely<Database>({ dialect: wrap(new PostgresDialect({ pool: pooled ? pool : preparingPool(pool) })) });
}

/**
 * The embedded database's session. The app's own (a data directory, or memory) runs in a worker
 * thread (pglite-remote.ts); a PGlite lent by the caller, or one started from a dump, runs in this
 * thread (the tests lend one per Jest worker and load their template this way).
 */
async function pgliteSession(dataDir: string | null, { pgliteTemplate, lent }: { pgliteTemplate?: Blob; lent?: PGlite }): Promise<PgliteSession> {
  if (lent) {
    await lent.waitReady;
    return localSession(lent, { owned: false });
  }
  if (!pgliteTemplate) return openPgliteWorker({ dataDir });
  // One options object: PGlite ignores the second argument when the first (dataDir) is undefined.
  const pglite = new PGlite({ dataDir: dataDir ?? undefined, loadDataDir: pgliteTemplate, startParams: PGLITE_START_PARAMS });
  await pglite.waitReady;
  return localSession(pglite, { owned: true });
}

export async function openDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema'> &
    Partial<Pick<Config, 'databasePoolSize' | 'databasePooler' | 'databaseReplicaUrl'>>,
  { wrapDialect = (d) => d, pgliteTemplate, pglite: lent }: OpenOptions = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const db = openPostgres(config.databaseUrl, config, wrapDialect);
    if (!config.databaseReplicaUrl) return { db, replicaDb: db, kind: 'postgres', close: () => db.destroy() };
    // A hot standby runs every statement read-only: a write sent there by mistake is refused. A
    // replica that does not answer soon is given up (db/read-routing.ts then reads on the primary).
    const replicaDb = openPostgres(config.databaseReplicaUrl, config, wrapDialect, { connectionTimeoutMillis: 2_000 });
    replicas.set(db, replicaDb);
    return {
      db,
      replicaDb,
      kind: 'postgres',
      close: async () => {
        await Promise.all([db.destroy(), replicaDb.destroy()]);
      },
    };
  }
  const session = await pgliteSession(config.dataDir, { pgliteTemplate, lent });
  const db = new Kysely<Database>({ dialect: wrapDialect(pgliteDialect(session)) });
  return { db, replicaDb: db, kind: 'pglite', close: () => db.destroy() };
}

/**
 * The database could not be reached or closed the connection (a restart, a crash, a failover):
 * the same request may be tried again shortly (see UNAVAILABLE_MESSAGE in lib/errors.ts).
 * SQLSTATE class 08 (connection exception), 57P01–57P03 (shut down, crashed, cannot connect now),
 * the socket's own errors, and pg's own words for a connection that ended under it.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || ['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code))) {
    return true;
  }
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && /^(Connection terminated|Client has encountered a connection error|Connection terminated unexpectedly)/.test(message);
}

/** A real round trip to the database (health check). */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
