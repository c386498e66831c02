/**
 * Kysely's dialect for the embedded PGlite, over a PgliteSession (pglite-session.ts): PostgreSQL's
 * SQL, with statements PIPELINED on PGlite's one connection. A statement outside any transaction is
 * handed to the session at once, without waiting for the statements before it to finish: the
 * session runs them in the order they were handed over. So while PGlite (in its worker thread,
 * pglite-remote.ts) runs one payment's statement, the next ones are already on their way, instead of
 * each waiting for the server's thread to take the previous answer and hand over the connection.
 *
 * A transaction has the connection to itself: from its BEGIN until its COMMIT or ROLLBACK has been
 * handed over, every other caller's statement (and BEGIN) waits, and is then handed over in the
 * order it came. The check and the hand-over happen in one synchronous step, so nothing of another
 * caller can land between a transaction's statements. The transaction's own statements are run
 * blocking (the server's thread waits for each answer, as it did when PGlite ran on it): PGlite
 * would otherwise sit idle, holding the transaction, until the busy server thread took each answer
 * and sent the next statement.
 */
import {
  PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler,
  type CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type QueryResult, type TransactionSettings,
} from 'kysely';
import type { PgliteSession } from './pglite-session';

interface Waiting {
  connection: DatabaseConnection;
  /** A BEGIN: the connection owns the session from when it is handed over. */
  begins: boolean;
  /** Hands the call over to the session (synchronously). */
  go(): void;
}

/** BEGIN, or START TRANSACTION with Kysely's settings (isolation level, access mode). */
function beginText(settings: TransactionSettings): string {
  const modes = [
    ...(settings.isolationLevel ? [`isolation level ${settings.isolationLevel}`] : []),
    ...(settings.accessMode ? [settings.accessMode] : []),
  ];
  return modes.length ? `start transaction ${modes.join(', ')}` : 'begin';
}

class PipelinedDriver implements Driver {
  /** The connection whose transaction is open (its BEGIN handed over, its end not yet). */
  #owner: DatabaseConnection | null = null;
  readonly #waiting: Waiting[] = [];

  constructor(private readonly session: PgliteSession) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection: DatabaseConnection = {
      // A statement of the open transaction waits for its answer (QueryOptions.blocking); any other is pipelined.
      executeQuery: <R>(query: CompiledQuery) =>
        this.#submit<QueryResult<R>>(connection, false, () => this.session.query<R>(query.sql, query.parameters, { blocking: this.#owner === connection })),
      // The whole result read, then handed out in chunks (nothing of ours streams on PGlite).
      async *streamQuery<R>(query: CompiledQuery, chunkSize = 100) {
        const { rows } = await connection.executeQuery<R>(query);
        for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
      },
    };
    return connection;
  }

  async releaseConnection(): Promise<void> {}

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.#submit(connection, true, () => this.session.exec(beginText(settings)));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection, 'commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection, 'rollback');
  }

  async destroy(): Promise<void> {
    await this.session.close();
  }

  /** Hands `call` over now when no other connection's transaction is open, else when it ends. */
  #submit<T>(connection: DatabaseConnection, begins: boolean, call: () => Promise<T>): Promise<T> {
    if (this.#owner === null || this.#owner === connection) {
      if (begins) this.#owner = connection;
      return this.#handOver(connection, begins, call);
    }
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push({ connection, begins, go: () => this.#handOver(connection, begins, call).then(resolve, reject) });
    });
  }

  /** A BEGIN that fails opens nothing: the connection gives its turn back. */
  #handOver<T>(connection: DatabaseConnection, begins: boolean, call: () => Promise<T>): Promise<T> {
    const handed = call();
    if (!begins) return handed;
    return handed.catch((err: unknown) => {
      if (this.#owner === connection) this.#release();
      throw err;
    });
  }

  /** COMMIT or ROLLBACK handed over; from then on the others' calls may follow it. */
  #end(connection: DatabaseConnection, text: string): Promise<void> {
    const ended = this.session.exec(text);
    if (this.#owner === connection) this.#release();
    return ended;
  }

  #release(): void {
    this.#owner = null;
    while (this.#owner === null && this.#waiting.length) {
      const next = this.#waiting.shift()!;
      if (next.begins) this.#owner = next.connection;
      next.go();
    }
  }
}

export function pgliteDialect(session: PgliteSession): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PipelinedDriver(session),
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (db) => new PostgresIntrospector(db),
  };
}
