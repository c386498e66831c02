/**
 * What the benches watch in the app they run: every statement it sends (a Kysely dialect wrapped
 * around the app's own) and the time of each request inside the server.
 */
import type { FastifyInstance } from 'fastify';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver } from 'kysely';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The app's dialect with `onStatement` called for every statement it sends: a query with itself,
 * transaction control (BEGIN, COMMIT, ROLLBACK, savepoints) with null.
 */
export function observingDialect(inner: Dialect, onStatement: (query: CompiledQuery | null) => void): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver: (): Driver => {
      const driver = inner.createDriver();
      const originals = new WeakMap<DatabaseConnection, DatabaseConnection>();
      const original = (c: DatabaseConnection) => originals.get(c) ?? c;
      const control = <A extends unknown[], R>(fn: (c: DatabaseConnection, ...rest: A) => R) =>
        (c: DatabaseConnection, ...rest: A): R => {
          onStatement(null);
          return fn.call(driver, original(c), ...rest);
        };
      return {
        init: () => driver.init(),
        acquireConnection: async () => {
          const conn = await driver.acquireConnection();
          const wrapped: DatabaseConnection = {
            executeQuery: (q) => {
              onStatement(q);
              return conn.executeQuery(q);
            },
            streamQuery: (q, chunkSize) => conn.streamQuery(q, chunkSize),
          };
          originals.set(wrapped, conn);
          return wrapped;
        },
        beginTransaction: control(driver.beginTransaction),
        commitTransaction: control(driver.commitTransaction),
        rollbackTransaction: control(driver.rollbackTransaction),
        ...(driver.savepoint && { savepoint: control(driver.savepoint) }),
        ...(driver.rollbackToSavepoint && { rollbackToSavepoint: control(driver.rollbackToSavepoint) }),
        ...(driver.releaseSavepoint && { releaseSavepoint: control(driver.releaseSavepoint) }),
        releaseConnection: (c) => driver.releaseConnection(original(c)),
        destroy: () => driver.destroy(),
      };
    },
  };
}

/**
 * Times every request inside the server from now on (ms, request parsed → response written), into
 * `times`, until `stop`.
 */
export function timeInServer(app: FastifyInstance): { times: number[]; stop(): void } {
  const times: number[] = [];
  const onRequest = (_request: IncomingMessage, response: ServerResponse) => {
    const started = process.hrtime.bigint();
    response.once('finish', () => times.push(Number(process.hrtime.bigint() - started) / 1e6));
  };
  app.server.on('request', onRequest);
  return { times, stop: () => app.server.off('request', onRequest) };
}
