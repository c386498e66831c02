// The server suite's test environment: Node's, plus the worker's embedded databases.
//
// A Jest worker runs many test files one after another, each in a fresh module registry, but this
// module is loaded once per worker process. So the databases made here live as long as the worker:
// a file borrows one, and when the file gives it back it is reset to the migrated template's
// contents (every table emptied and refilled from the template's rows, every sequence set back,
// prepared statements and session settings dropped).
// - PGlite: an instance loaded from the migrated data-directory dump that test-app.ts writes. This
//   replaces a fresh PGlite per file (1–3 s of loading each) with a reset of a few milliseconds.
// - PostgreSQL (the second run): a schema of TEST_DATABASE_URL, migrated by its first borrower;
//   later borrowers skip the migrations (about a second each).
const { TestEnvironment } = require('jest-environment-node');

/** Idle instances by template file; an instance is lent to one app at a time. */
const idle = new Map();
let pgliteModule;

/**
 * Keeps a copy of every table of `schema` in `seed` (the template's rows) and returns the SQL that
 * puts `schema` back as it is now: tables emptied and refilled, sequences set back. `run` runs SQL
 * and returns its rows.
 */
async function snapshot(run, schema, seed) {
  const tables = await run(
    `select quote_ident(table_name) as name from information_schema.tables
      where table_schema = '${schema}' and table_type = 'BASE TABLE' order by table_name`,
  );
  const sequences = await run(
    `select quote_ident(sequencename) as name, last_value, start_value from pg_sequences where schemaname = '${schema}'`,
  );
  const names = tables.map((t) => t.name);
  await run(`create schema ${seed};` + names.map((n) => `create table ${seed}.${n} as table ${schema}.${n};`).join(''));
  const refill = names.map((n) => `insert into ${schema}.${n} overriding system value select * from ${seed}.${n};`).join('');
  const rewind = sequences
    .map((s) => (s.last_value === null
      ? `select setval('${schema}.${s.name}', ${s.start_value}, false);`
      : `select setval('${schema}.${s.name}', ${s.last_value}, true);`))
    .join('');
  return [
    // Triggers (the append-only ones refuse TRUNCATE and DELETE) stay quiet while the tables are reset.
    'set session_replication_role = replica;',
    names.length ? `truncate ${names.map((n) => `${schema}.${n}`).join(', ')};` : '',
    refill,
    rewind,
    'reset session_replication_role;',
  ].join('');
}

const SEED = 'kudi_test_seed';

/** `startParams`: the app's own (db/database.ts PGLITE_START_PARAMS), handed by the borrower (test-app.ts). */
async function openInstance(templateFile, startParams) {
  pgliteModule ??= await import('@electric-sql/pglite');
  const { readFile } = require('node:fs/promises');
  const pglite = new pgliteModule.PGlite({ loadDataDir: new Blob([await readFile(templateFile)]), startParams });
  await pglite.waitReady;
  const reset = await snapshot(async (text) => (await pglite.exec(text)).at(-1)?.rows ?? [], 'public', SEED);
  return { pglite, reset, templateFile };
}

async function cleanUp(entry) {
  const { pglite } = entry;
  if (pglite.isInTransaction()) await pglite.exec('rollback');
  // What a test may leave behind: prepared statements, settings, listeners, objects outside public.
  await pglite.exec('deallocate all; reset all; unlisten *;');
  const { rows: schemas } = await pglite.query(
    `select quote_ident(nspname) as name from pg_namespace
      where nspname not in ('public', 'information_schema', '${SEED}') and nspname not like 'pg\\_%'`,
  );
  if (schemas.length) await pglite.exec(schemas.map((s) => `drop schema ${s.name} cascade;`).join(''));
  await pglite.exec(entry.reset);
}

// PostgreSQL: schemas of TEST_DATABASE_URL named after the worker's process, so a later run can
// drop those of workers that are gone (a run stopped before it dropped its own).
const pgIdle = [];
let pgClient;
let pgSchemas = 0;

async function postgres(url) {
  if (pgClient) return pgClient;
  const pg = require('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  client.on('error', () => undefined);
  // The worker's channel to Jest keeps it alive while it works; this connection must not keep it
  // alive after its last file (Jest would wait, then kill it).
  client.connection?.stream?.unref?.();
  const { rows } = await client.query(`select nspname from pg_namespace where nspname ~ '^kw_[0-9]+_'`);
  for (const { nspname } of rows) {
    const pid = Number(nspname.split('_')[1]);
    let alive = pid === process.pid;
    try {
      if (!alive) alive = process.kill(pid, 0);
    } catch {
      alive = false;
    }
    if (!alive) await client.query(`drop schema if exists ${nspname} cascade`).catch(() => undefined);
  }
  pgClient = client;
  return client;
}

const pgPool = {
  /**
   * A schema of `url` to use as search_path. `migrated` false: the borrower migrates it, then calls
   * `seal`, which keeps its rows as the template the schema is reset to on every release.
   */
  async acquire(url) {
    const ready = pgIdle.pop();
    if (ready) return ready;
    const client = await postgres(url);
    const schema = `kw_${process.pid}_${++pgSchemas}`;
    await client.query(`drop schema if exists ${schema} cascade; create schema ${schema}`);
    return { schema, migrated: false, reset: null };
  },
  async seal(entry) {
    const client = pgClient;
    entry.reset = await snapshot(async (text) => {
      const result = await client.query(text);
      return (Array.isArray(result) ? result.at(-1) : result).rows;
    }, entry.schema, `${entry.schema}_seed`);
    entry.migrated = true;
  },
  /** Takes a schema back, reset; a schema that cannot be reset (or was never sealed) is dropped. */
  async release(entry) {
    const client = pgClient;
    try {
      if (!entry.reset) throw new Error('not sealed');
      await client.query(entry.reset);
      pgIdle.push(entry);
    } catch {
      await client.query(`drop schema if exists ${entry.schema} cascade; drop schema if exists ${entry.schema}_seed cascade`).catch(() => undefined);
    }
  },
};

/**
 * An instance left idle this long is closed: after the worker's last file nothing else would close
 * it, and a 10-second timer PostgreSQL arms when it goes idle (most likely its statistics flush)
 * would keep the process alive that long (Jest waits for a lone file's process, and kills workers that do not end). The next file of
 * a busy worker takes the instance back well within it; a later one loads the template again.
 */
const IDLE_CLOSE_MS = 2000;

const pool = {
  /** A PGlite holding exactly the template's contents, lent until `release`. */
  async acquire(templateFile, startParams) {
    const list = idle.get(templateFile) ?? [];
    idle.set(templateFile, list);
    const entry = list.pop();
    if (!entry) return openInstance(templateFile, startParams);
    clearTimeout(entry.idleClose);
    return entry;
  },
  /** Takes an instance back; it is reset before it is lent again (a broken one is dropped). */
  async release(entry) {
    try {
      await cleanUp(entry);
      const list = idle.get(entry.templateFile);
      list.push(entry);
      // Unreferenced: this timer itself keeps nothing alive.
      entry.idleClose = setTimeout(() => closeIdle(entry), IDLE_CLOSE_MS);
      entry.idleClose.unref();
    } catch {
      await entry.pglite.close().catch(() => undefined);
    }
  },
};

// Fastify's compiled request validators and response serializers, by schema, for every app of the
// worker (support/test-app.ts schemaCompilers): each file builds the same app, whose ~70 routes'
// schemas otherwise compile again in every file.
const compiledSchemas = { validators: new Map(), serializers: new Map() };

/** Closes `only` if it is still idle, or every idle instance (the worker has run its last file). */
function closeIdle(only) {
  for (const list of idle.values()) {
    for (const entry of [...list]) {
      if (only && entry !== only) continue;
      list.splice(list.indexOf(entry), 1);
      clearTimeout(entry.idleClose);
      entry.pglite.close().catch(() => undefined);
    }
  }
}

// In a worker process, Jest's message that the run is over closes the idle instances at once, so
// that the worker ends within Jest's half second instead of being killed ("A worker process has
// failed to exit gracefully"). The message is jest-worker's CHILD_MESSAGE_END, [2, …] (its
// processChild.js; not exported): should that number ever mean another message, idle instances
// are only closed early and loaded again. Jest's own listener leaves on that message; this one
// leaves with it, so the message channel keeps nothing alive afterwards.
const CHILD_MESSAGE_END = 2;
if (typeof process.send === 'function') {
  const onMessage = (message) => {
    if (!Array.isArray(message) || message[0] !== CHILD_MESSAGE_END) return;
    process.removeListener('message', onMessage);
    closeIdle();
  };
  process.on('message', onMessage);
}

class KudiServerEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    this.global.__kudiPglitePool = pool;
    this.global.__kudiPostgresPool = pgPool;
    this.global.__kudiCompiledSchemas = compiledSchemas;
  }
}

module.exports = KudiServerEnvironment;
