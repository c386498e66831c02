import { parse as pgliteParse, PGlite, protocol, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type CompiledQuery, type DatabaseConnection, type Dialect, type PostgresPool, type QueryResult } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from './schema';
import { wrapDialect } from './wrap-dialect';

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

// bigint columns (money in minor units) come back as BigInt; dates as 'YYYY-MM-DD' strings.
const INT8 = 20;
const DATE = 1082;
const parseInt8 = (v: string) => BigInt(v);
const keepDate = (v: string) => v;
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

/** At most this many distinct statement texts are prepared (per connection); any more run unprepared. */
const MAX_PREPARED = 500;
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
 * PostgreSQL's "cached plan must not change result type": a statement prepared before a table it
 * reads changed shape (e.g. `select *` after a migration added a column, possibly run by another
 * process sharing the database) fails at every run until it is prepared again.
 */
const isStalePlan = (err: unknown): boolean => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '0A000';

/** Whether a statement without parameters opens or ends the connection's transaction (Kysely sends these). */
const BEGINS = /^\s*(begin|start\s+transaction)\b/i;
const ENDS = /^\s*(commit|rollback|end|abort)\s*;?\s*$/i;

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

function concatMessages(...messages: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((n, m) => n + m.length, 0));
  let offset = 0;
  for (const m of messages) {
    out.set(m, offset);
    offset += m.length;
  }
  return out;
}

type Serializer = (value: unknown) => string;

/**
 * A parameter's text, as pg (the PostgreSQL driver) sends it: PGlite's serializer for the
 * parameter's type when it takes the value, else the value's own text, which PostgreSQL then reads
 * as that type. PGlite's serializers refuse some values pg sends as text (a bigint or a boolean for
 * a text parameter, 'true' for a boolean one), so without this the same query failed on PGlite only.
 */
function parameterText(serializer: Serializer | undefined, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (serializer) {
    try {
      return serializer(value);
    } catch {
      // Not a value of the type's JavaScript kind: sent as text below.
    }
  }
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

interface PreparedStatement {
  name: string;
  /** Parameter type ids, as PostgreSQL inferred them when it parsed the statement. */
  paramTypes: number[];
}

/**
 * Runs a parameterised statement on PGlite as a named prepared statement: parsed, described and
 * planned once (per PGlite instance), then each run is ONE protocol exchange (bind, describe,
 * execute, sync) instead of PGlite's `query`, which makes six (parse, describe, bind, describe,
 * execute, sync) and parses and plans the text every time. Same messages, same result parsing
 * (PGlite's own parseResults with the instance's parsers), so rows come back exactly as `query`
 * returns them. At most MAX_PREPARED texts are prepared; others go through `query`.
 */
function preparedExecutor(pglite: PGlite) {
  const statements = new Map<string, PreparedStatement>();
  let namesGiven = 0;
  const prepare = async (text: string): Promise<PreparedStatement> => {
    const name = `kudi_${namesGiven++}`;
    const { messages } = await pglite.execProtocol(
      concatMessages(protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()),
      { syncToFs: false },
    );
    const description = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined;
    const statement = { name, paramTypes: description?.dataTypeIDs ?? [] };
    statements.set(text, statement);
    return statement;
  };
  return async function execute<R>(query: CompiledQuery): Promise<QueryResult<R> | undefined> {
    if (query.parameters.length === 0 || (!statements.has(query.sql) && statements.size >= MAX_PREPARED)) return undefined;
    const run = async (statement: PreparedStatement): Promise<QueryResult<R>> => {
      const values = query.parameters.map((value, i) => parameterText(pglite.serializers[statement.paramTypes[i]], value));
      const { messages } = await pglite.execProtocol(
        concatMessages(
          protocol.serialize.bind({ statement: statement.name, values }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ),
      );
      const [result] = pgliteParse.parseResults(messages, pglite.parsers);
      const rows = (result?.rows ?? []) as R[];
      return result?.affectedRows ? { rows, numAffectedRows: BigInt(result.affectedRows) } : { rows };
    };
    return pglite.runExclusive(async () => {
      const statement = statements.get(query.sql) ?? (await prepare(query.sql));
      try {
        return await run(statement);
      } catch (err) {
        // A plan gone stale (see isStalePlan): prepared again; run again at once outside a transaction.
        if (!isStalePlan(err)) throw err;
        statements.delete(query.sql);
        const close = concatMessages(protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync());
        await pglite.execProtocol(close, { syncToFs: false, throwOnError: false });
        if (pglite.isInTransaction()) throw err;
        return run(await prepare(query.sql));
      }
    });
  };
}

/**
 * PGlite's dialect, with transaction control (BEGIN, COMMIT, ROLLBACK) sent as simple-protocol
 * statements (`exec`): PGlite runs a `query` as six protocol steps (parse, describe, bind, describe,
 * execute, sync), which costs about 140 µs even for BEGIN; `exec` is one step (about 60 µs).
 * Statements with parameters run as named prepared statements (preparedExecutor).
 */
function pgliteDialect(pglite: PGlite, { closeOnDestroy }: { closeOnDestroy: boolean }): Dialect {
  const executePrepared = preparedExecutor(pglite);
  return wrapDialect(new PGliteDialect(pglite), (driver) => ({
    executeQuery: async <R>(connection: DatabaseConnection, query: CompiledQuery) =>
      (await executePrepared<R>(query)) ?? connection.executeQuery<R>(query),
    beginTransaction: async (connection, settings) => {
      if (settings.isolationLevel || settings.accessMode) return driver.beginTransaction(connection, settings);
      await pglite.exec('begin');
    },
    commitTransaction: async () => {
      await pglite.exec('commit');
    },
    rollbackTransaction: async () => {
      await pglite.exec('rollback');
    },
    destroy: async () => {
      if (closeOnDestroy) await driver.destroy();
    },
  }));
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
 * PGlite's start parameters: its own, and no startup progress reports. A cluster that starts from
 * a data directory not shut down cleanly (a dump of a running one, as the tests load; ./data after
 * a crash) recovers first, and PostgreSQL then arms a timer that reports the progress every
 * log_startup_progress_interval (10 s). In PGlite that timer is never stopped: it fired every 10 s
 * for as long as the instance lived and kept the process from ever exiting on its own.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'log_startup_progress_interval=0'];

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
  // One options object: PGlite ignores the second argument when the first (dataDir) is undefined.
  const pglite = lent ?? new PGlite({
    dataDir: config.dataDir ?? undefined,
    ...(pgliteTemplate ? { loadDataDir: pgliteTemplate } : {}),
    startParams: PGLITE_START_PARAMS,
  });
  await pglite.waitReady;
  // PGlite copies its whole parser map (316 entries, most for array types) for every result;
  // with only our overrides in it each query costs half as much. Scalar types still fall back to
  // PGlite's built-in parsers; array results would come back as text (the schema has no arrays).
  pglite.parsers = { [INT8]: parseInt8, [pgliteTypes.DATE]: keepDate };
  const dialect = pgliteDialect(pglite, { closeOnDestroy: !lent });
  const db = new Kysely<Database>({ dialect: wrapDialect(dialect) });
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
