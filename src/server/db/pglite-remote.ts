/**
 * The app's embedded PGlite in a worker thread of its own (pglite-worker.ts), seen from the server's
 * thread as a PgliteSession: each call is one message there and one back. PGlite runs PostgreSQL
 * on the thread that calls it; here that is the worker's, so while it runs a statement the
 * server's thread parses, checks and answers other requests (the two threads use both cores).
 *
 * The calls are answered in the order they are made; the database layer over it (database.ts, the
 * dialect's one connection) makes one at a time. If the worker stops (a crash of PGlite), every call
 * waiting and every later one fails as a lost database connection (SQLSTATE 08006: the API's 503).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PgliteSession, StatementResult } from './pglite-session';
import type { ErrorFields, WorkerOptions, WorkerRequest } from './pglite-worker';

/**
 * The worker's program: built beside the server's bundle (npm run build:server writes
 * dist/server/db/pglite-worker.js beside dist/server/main.js; the tests' bundles keep the same
 * layout), else the source, run through tsx as `npm run dev:server`, the CLIs and the benches run.
 */
function workerProgram(): { file: string; execArgv?: string[] } {
  const bundled = path.join(__dirname, 'db', 'pglite-worker.js');
  if (existsSync(bundled)) return { file: bundled };
  return { file: path.join(__dirname, 'pglite-worker.ts'), execArgv: ['--import', 'tsx'] };
}

/** A request without its id, the id given by `call` (Omit of each member: Omit of the union keeps only shared fields). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type WorkerCall = WithoutId<WorkerRequest>;

const asError = (fields: ErrorFields) => Object.assign(new Error(fields.message), fields);

/** The error of every call after the worker stopped: a lost connection (isDatabaseUnavailable). */
const stopped = (why: string) => Object.assign(new Error(`The embedded database stopped: ${why}`), { code: '08006' });

export async function openPgliteWorker(options: WorkerOptions): Promise<PgliteSession> {
  const { file, execArgv } = workerProgram();
  const worker = new Worker(file, { workerData: options, ...(execArgv ? { execArgv } : {}) });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  let nextId = 0;
  let failure: Error | null = null;
  let closing = false;

  const fail = (err: Error) => {
    failure ??= err;
    for (const call of waiting.values()) call.reject(failure);
    waiting.clear();
  };
  const started = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: { id?: number; result?: unknown; error?: ErrorFields; ready?: true; failed?: ErrorFields }) => {
      if (message.ready) return resolve();
      if (message.failed) return reject(asError(message.failed));
      const call = waiting.get(message.id!);
      if (!call) return;
      waiting.delete(message.id!);
      if (message.error) call.reject(asError(message.error));
      else call.resolve(message.result);
    });
    worker.on('error', (err) => {
      reject(err);
      fail(stopped(err.message));
    });
    worker.on('exit', (code) => {
      reject(stopped(`its thread ended (exit code ${code})`));
      fail(stopped(closing ? 'it was closed' : `its thread ended (exit code ${code})`));
    });
  });
  try {
    await started;
  } catch (err) {
    await worker.terminate();
    throw err;
  }

  const call = <T>(request: WorkerCall): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        worker.postMessage({ ...request, id });
      } catch (err) {
        // A parameter a structured clone cannot carry (a function, a symbol): refused here.
        waiting.delete(id);
        reject(err as Error);
      }
    });
  };
  return {
    query: <R>(text: string, parameters: readonly unknown[]) => call<StatementResult<R>>({ op: 'query', text, parameters }),
    exec: (text) => call<void>({ op: 'exec', text }),
    close: async () => {
      if (closing) return;
      closing = true;
      try {
        if (!failure) await call<void>({ op: 'close' });
      } finally {
        await worker.terminate();
      }
    },
  };
}
