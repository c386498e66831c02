import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type Dialect, type PostgresPool } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

// bigint columns (money in minor units) come back as BigInt; dates as 'YYYY-MM-DD' strings.
const INT8 = 20;
const DATE = 1082;
pg.types.setTypeParser(INT8, (v: string) => BigInt(v));
pg.types.setTypeParser(DATE, (v: string) => v);

export interface OpenOptions {
  /** Wraps the dialect (the benchmark counts statements with it). */
  wrapDialect?: (dialect: Dialect) => Dialect;
}

/** At most this many distinct statement texts are prepared (per connection); any more run unprepared. */
const MAX_PREPARED = 500;
const statementNames = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_PREPARED) {
    name = `kudi_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * The pool as Kysely sees it, with every parameterised statement sent as a named (prepared)
 * statement: PostgreSQL parses and plans each hot query once per connection instead of on
 * every execution (the transfer path runs the same few statements over and over).
 */
function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => {
      const client = await pool.connect();
      return {
        query: ((text: unknown, values?: unknown[]) =>
          typeof text === 'string' && values?.length
            ? client.query({ name: statementName(text), text, values })
            : client.query(text as string, values)) as pg.PoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

export async function openDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema'>,
  { wrapDialect = (d) => d }: OpenOptions = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 20,
      ...(config.databaseSchema ? { options: `-c search_path=${config.databaseSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: wrapDialect(new PostgresDialect({ pool: preparingPool(pool) })) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  // One options object: PGlite ignores the second argument when the first (dataDir) is undefined.
  const pglite = new PGlite({
    dataDir: config.dataDir ?? undefined,
    parsers: { [INT8]: (v: string) => BigInt(v), [pgliteTypes.DATE]: (v: string) => v },
  });
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: wrapDialect(new PGliteDialect(pglite)) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

/** A real round trip to the database (health check). */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
