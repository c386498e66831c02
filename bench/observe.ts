/**
 * What the benches watch in the app they run: every statement it sends (a Kysely dialect wrapped
 * around the app's own) and the time of each request inside the server.
 */
import type { FastifyInstance } from 'fastify';
import type { CompiledQuery, Dialect } from 'kysely';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { wrapDialect } from '../src/server/db/wrap-dialect';

/**
 * The app's dialect with `onStatement` called for every statement it sends: a query with itself,
 * transaction control (BEGIN, COMMIT, ROLLBACK, savepoints) with null.
 */
export function observingDialect(inner: Dialect, onStatement: (query: CompiledQuery | null) => void): Dialect {
  return wrapDialect(inner, (driver) => {
    const control = <A extends unknown[], R>(fn: ((...args: A) => R) | undefined) =>
      fn && ((...args: A): R => {
        onStatement(null);
        return fn.apply(driver, args);
      });
    return {
      executeQuery: (connection, query) => {
        onStatement(query);
        return connection.executeQuery(query);
      },
      beginTransaction: control(driver.beginTransaction),
      commitTransaction: control(driver.commitTransaction),
      rollbackTransaction: control(driver.rollbackTransaction),
      savepoint: control(driver.savepoint),
      rollbackToSavepoint: control(driver.rollbackToSavepoint),
      releaseSavepoint: control(driver.releaseSavepoint),
    };
  });
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
