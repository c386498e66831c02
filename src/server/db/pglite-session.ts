/**
 * One PGlite instance as the app's database layer uses it: a statement with its parameters, text
 * of the simple protocol (transaction control) and closing. The same session serves a PGlite in
 * this thread (tests lend one per Jest worker) and the one of pglite-worker.ts, which runs it in a
 * worker thread of its own (pglite-remote.ts), so PostgreSQL's work there leaves this thread to
 * HTTP.
 */
import { parse as pgliteParse, PGlite, protocol, types as pgliteTypes } from '@electric-sql/pglite';

/** What a statement answers: its rows, and how many rows it changed when it changed any. */
export interface StatementResult<R> {
  rows: R[];
  numAffectedRows?: bigint;
}

export interface QueryOptions {
  /**
   * The caller's thread waits for the answer (a transaction's statement: the connection is the
   * transaction's alone until it ends, so its next statement should not wait for this thread's
   * other work). Only the worker's session (pglite-remote.ts) makes a difference.
   */
  blocking?: boolean;
}

export interface PgliteSession {
  /** Runs one statement (a named prepared statement when it has parameters, see statementRunner). */
  query<R>(text: string, parameters: readonly unknown[], options?: QueryOptions): Promise<StatementResult<R>>;
  /** Runs text of the simple protocol (BEGIN, COMMIT, ROLLBACK): one protocol exchange. */
  exec(text: string): Promise<void>;
  /** Closes the instance (and, for the worker's, ends the worker). */
  close(): Promise<void>;
}

// bigint columns (money in minor units) come back as BigInt; dates as 'YYYY-MM-DD' strings.
export const INT8 = pgliteTypes.INT8;
export const DATE = pgliteTypes.DATE;
export const parseInt8 = (v: string) => BigInt(v);
export const keepDate = (v: string) => v;

/** At most this many distinct statement texts are prepared (per connection); any more run unprepared. */
export const MAX_PREPARED = 500;

/**
 * PGlite's start parameters: its own, and no startup progress reports. A cluster that starts from
 * a data directory not shut down cleanly (a dump of a running one, as the tests load; ./data after
 * a crash) recovers first, and PostgreSQL then arms a timer that reports the progress every
 * log_startup_progress_interval (10 s). In PGlite that timer is never stopped: it fired every 10 s
 * for as long as the instance lived and kept the process from ever exiting on its own.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'log_startup_progress_interval=0'];

/**
 * PostgreSQL's "cached plan must not change result type": a statement prepared before a table it
 * reads changed shape (e.g. `select *` after a migration added a column, possibly run by another
 * process sharing the database) fails at every run until it is prepared again.
 */
export const isStalePlan = (err: unknown): boolean => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '0A000';

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
 * Runs statements on PGlite, each call queued at once, in the order of the calls, on the instance's
 * own lock (`runExclusive`), so the order in which callers call is the order in which PostgreSQL
 * runs the statements (the database layer's pipelining relies on it: database.ts pgliteDialect).
 * PGlite's own `query` and `exec` wait a turn of the event loop before they queue, so they are not
 * used here.
 *
 * A parameterised statement runs as a named prepared statement: parsed, described and planned once
 * (per PGlite instance), then each run is ONE protocol exchange (bind, describe, execute, sync)
 * instead of PGlite's `query`, which makes six (parse, describe, bind, describe, execute, sync) and
 * parses and plans the text every time. Same messages, same result parsing (PGlite's own
 * parseResults with the instance's parsers), so rows come back exactly as `query` returns them.
 * At most MAX_PREPARED texts are prepared; others run as the unnamed statement (parsed each time).
 * A statement without parameters runs in the simple protocol (as `exec` does): one exchange.
 */
function statementRunner(pglite: PGlite) {
  const statements = new Map<string, PreparedStatement>();
  let namesGiven = 0;
  const prepare = async (text: string, name: string): Promise<PreparedStatement> => {
    const { messages } = await pglite.execProtocol(
      concatMessages(protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()),
      { syncToFs: false },
    );
    const description = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined;
    return { name, paramTypes: description?.dataTypeIDs ?? [] };
  };
  const named = async (text: string): Promise<PreparedStatement> => {
    const statement = await prepare(text, `kudi_${namesGiven++}`);
    statements.set(text, statement);
    return statement;
  };
  const result = <R>(messages: Parameters<typeof pgliteParse.parseResults>[0]): StatementResult<R> => {
    const results = pgliteParse.parseResults(messages, pglite.parsers);
    const last = results.at(-1);
    const rows = (last?.rows ?? []) as R[];
    return last?.affectedRows ? { rows, numAffectedRows: BigInt(last.affectedRows) } : { rows };
  };
  const run = async <R>(statement: PreparedStatement, parameters: readonly unknown[]): Promise<StatementResult<R>> => {
    const values = parameters.map((value, i) => parameterText(pglite.serializers[statement.paramTypes[i]], value));
    const { messages } = await pglite.execProtocol(
      concatMessages(
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ),
    );
    return result<R>(messages);
  };
  const parameterised = async <R>(text: string, parameters: readonly unknown[]): Promise<StatementResult<R>> => {
    const known = statements.get(text);
    if (!known && statements.size >= MAX_PREPARED) return run<R>(await prepare(text, ''), parameters);
    const statement = known ?? (await named(text));
    try {
      return await run<R>(statement, parameters);
    } catch (err) {
      // A plan gone stale (see isStalePlan): prepared again; run again at once outside a transaction.
      if (!isStalePlan(err)) throw err;
      statements.delete(text);
      const close = concatMessages(protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync());
      await pglite.execProtocol(close, { syncToFs: false, throwOnError: false });
      if (pglite.isInTransaction()) throw err;
      return run<R>(await named(text), parameters);
    }
  };
  const simple = async <R>(text: string): Promise<StatementResult<R>> =>
    result<R>((await pglite.execProtocol(protocol.serialize.query(text))).messages);
  // Queued now; runs after every statement queued before it.
  return <R>(text: string, parameters: readonly unknown[]): Promise<StatementResult<R>> =>
    pglite.runExclusive(() => (parameters.length ? parameterised<R>(text, parameters) : simple<R>(text)));
}

/**
 * The session over a PGlite of this thread. Its parsers become only ours: PGlite copies its whole
 * parser map (316 entries, most for array types) for every result; with only our overrides in it
 * each query costs half as much. Scalar types still fall back to PGlite's built-in parsers; array
 * results would come back as text (the schema has no arrays). `close` closes the instance only
 * when `owned` (a lent instance stays open for its owner).
 */
export function localSession(pglite: PGlite, { owned }: { owned: boolean }): PgliteSession {
  pglite.parsers = { [INT8]: parseInt8, [DATE]: keepDate };
  const query = statementRunner(pglite);
  return {
    query,
    exec: async (text) => {
      await query(text, []);
    },
    close: async () => {
      if (owned) await pglite.close();
    },
  };
}
