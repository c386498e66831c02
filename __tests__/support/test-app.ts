import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Adapters } from '../../src/server/adapters/types';
import { buildApp, type BuildOptions } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { openDatabase, PGLITE_START_PARAMS, type DatabaseHandle, type Db } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrations';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** 'pglite' normally; 'postgres' in the suite's second run (TEST_DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const usePostgres = process.env.KUDI_TEST_DB === 'postgres';

const ROOT = path.join(__dirname, '..', '..');
const MIGRATIONS_DIR = path.join(ROOT, 'src', 'server', 'db', 'migrations');

/**
 * The migrated PGlite every test file starts from: made once (per machine, per set of migrations
 * and PGlite version) as a dump of its data directory in the temp folder, then loaded once by each
 * Jest worker (support/server-env.js). Loading skips initdb and the migrations.
 */
async function pgliteTemplateFile(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) hash.update(name).update(readFileSync(path.join(MIGRATIONS_DIR, name)));
  const file = path.join(os.tmpdir(), `kudi-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const pglite = new PGlite();
    const template = await openDatabase({ dataDir: null, databaseUrl: null, databaseSchema: null }, { pglite });
    await migrateToLatest(template.db);
    await template.close();
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    // Written under another name, then renamed: a worker never reads a half-written template.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return file;
}

/** The worker's PGlite instances (support/server-env.js), lent to one app at a time. */
interface PglitePool {
  acquire(templateFile: string, startParams: string[]): Promise<{ pglite: PGlite }>;
  release(entry: { pglite: PGlite }): Promise<void>;
}
const workerPool = (globalThis as { __kudiPglitePool?: PglitePool }).__kudiPglitePool;

/**
 * How long a test may wait for the app's own PGlite worker thread to start (a new thread loads
 * PGlite and runs initdb): 5 s on a quiet 2-core machine, past 30 s in CI beside the journeys
 * (2026-11-27; the bank test saw the same start take 27-38 s beside the build). Jest's own limit
 * (jest.config.js) is as long now; the tests that start such threads still name this one.
 */
export const PGLITE_WORKER_START_MS = 120_000;

/**
 * The worker's PGlite itself, for a test that builds its own schema in it (a migration test starts
 * from the migrations of its time): null outside the server suite's environment. On release the
 * instance is reset as after any app (schemas other than public dropped, settings reset).
 */
export async function borrowWorkerPglite(): Promise<{ pglite: PGlite; release(): Promise<void> } | null> {
  if (!workerPool) return null;
  const entry = await workerPool.acquire(await pgliteTemplateFile(), PGLITE_START_PARAMS);
  return { pglite: entry.pglite, release: () => workerPool.release(entry) };
}

/** A schema of TEST_DATABASE_URL lent by the worker (support/server-env.js); migrated once. */
interface PostgresSchema {
  schema: string;
  migrated: boolean;
}
interface PostgresPool {
  acquire(url: string): Promise<PostgresSchema>;
  seal(entry: PostgresSchema): Promise<void>;
  release(entry: PostgresSchema): Promise<void>;
}
function postgresPool(): PostgresPool {
  const lender = (globalThis as { __kudiPostgresPool?: PostgresPool }).__kudiPostgresPool;
  if (!lender) throw new Error('The server suite runs in support/server-env.js, which lends PostgreSQL schemas');
  return lender;
}

/** An embedded database holding the migrated template: the worker's when it has one, else a new one. */
async function openPglite(config: Config) {
  const templateFile = await pgliteTemplateFile();
  if (!workerPool) return openDatabase(config, { pgliteTemplate: new Blob([readFileSync(templateFile)]) });
  const entry = await workerPool.acquire(templateFile, PGLITE_START_PARAMS);
  const database = await openDatabase(config, { pglite: entry.pglite });
  return {
    ...database,
    async close() {
      await database.close();
      await workerPool.release(entry);
    },
  };
}

/** Compiled functions by what they were compiled from, kept by the worker (support/server-env.js). */
interface CompiledSchemas {
  validators: Map<string, unknown>;
  serializers: Map<string, unknown>;
}
type CompilerFactory = (externalSchemas: unknown, options: unknown) => (route: { schema: unknown; httpPart?: string }) => unknown;

/**
 * Fastify's own schema compilers (the versions it depends on), each compiled function kept by the
 * worker under the JSON of everything it is compiled from (shared schemas, compiler options, the
 * schema, the request part): the next file's app takes it instead of compiling it again. Outside
 * the server suite's environment, Fastify's defaults.
 */
function schemaCompilers(): BuildOptions['schemaController'] {
  const compiled = (globalThis as { __kudiCompiledSchemas?: CompiledSchemas }).__kudiCompiledSchemas;
  if (!compiled) return undefined;
  const fromFastify = (name: string) => createRequire(require.resolve('fastify'))(name) as () => CompilerFactory;
  const cached = (factory: CompilerFactory, cache: Map<string, unknown>): CompilerFactory => (externalSchemas, options) => {
    const compile = factory(externalSchemas, options);
    const shared = JSON.stringify([externalSchemas, options]);
    return (route) => {
      const key = `${shared}\n${route.httpPart ?? ''}\n${JSON.stringify(route.schema)}`;
      if (!cache.has(key)) cache.set(key, compile(route));
      return cache.get(key);
    };
  };
  return {
    compilersFactory: {
      buildValidator: cached(fromFastify('@fastify/ajv-compiler')(), compiled.validators),
      buildSerializer: cached(fromFastify('@fastify/fast-json-stringify-compiler')(), compiled.serializers),
    },
  } as BuildOptions['schemaController'];
}

/**
 * The tests' configuration: a token password-hash cost, no client build, payouts settled as soon
 * as a test runs the rail; an embedded database in memory unless `overrides` say otherwise. Secrets
 * are random per call, or kept in the data directory when `overrides` give one (as the app keeps them).
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      PUBLIC_DIR: process.env.PUBLIC_DIR ?? '/nonexistent-kudi-public',
      // A token argon2 cost: tests create hundreds of customers; the cost itself is config.ts's.
      PASSWORD_HASH_MEMORY_KIB: '64',
      PASSWORD_HASH_TIME_COST: '1',
    },
    // Payouts are handed to the rail and settled as soon as the test runs the rail (settleDuePayouts);
    // the tests of the hold set payoutHoldS themselves.
    { dataDir: null, databaseUrl: null, databaseSchema: null, payoutSettleMs: 0, payoutHoldS: 0, ...overrides },
  );
}

/**
 * A fresh app on a database holding exactly the migrated template: the worker's PGlite, or (second
 * run) a schema of TEST_DATABASE_URL, each reset when the app closes (support/server-env.js).
 * Secrets are random per app.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  /** Adds test-only routes before the app is ready. */
  prepare?: (app: FastifyInstance) => void,
  /** Fakes of the outside world, in place of the adapters the config picks (BuildOptions.adapters). */
  adapters?: Partial<Adapters>,
): Promise<TestApp> {
  let databaseUrl: string | null = null;
  let lent: PostgresSchema | null = null;
  if (usePostgres) {
    databaseUrl = process.env.TEST_DATABASE_URL ?? null;
    if (!databaseUrl) throw new Error('KUDI_TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
    lent = await postgresPool().acquire(databaseUrl);
  }
  const config = testConfig({ databaseUrl, databaseSchema: lent?.schema ?? null, ...overrides });
  const database = usePostgres ? await openDatabase(config) : await openPglite(config);
  if (!lent?.migrated) await migrateToLatest(database.db);
  if (lent && !lent.migrated) await postgresPool().seal(lent);
  return testAppOn(config, database, { adapters, prepare, after: lent ? () => postgresPool().release(lent) : undefined });
}

/**
 * The app over `database` (migrated already): close() closes the app, then the database, then runs
 * `after`. The workers' compiled schemas are shared as in every test app.
 */
export async function testAppOn(
  config: Config,
  database: DatabaseHandle,
  { adapters, prepare, after }: { adapters?: Partial<Adapters>; prepare?: (app: FastifyInstance) => void; after?: () => Promise<void> } = {},
): Promise<TestApp> {
  const app = await buildApp({ config, db: database.db, adapters, schemaController: schemaCompilers() });
  prepare?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    kind: database.kind,
    async close() {
      await app.close();
      await database.close();
      await after?.();
    },
  };
}
