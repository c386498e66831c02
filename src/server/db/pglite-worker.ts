/**
 * The worker thread that runs the app's embedded PGlite (pglite-remote.ts starts it): PostgreSQL's
 * work, the statements' parameters and the rows' parsing happen here, so the server's own thread
 * is free for HTTP meanwhile. Messages in: { id, op: 'query' | 'exec' | 'close', text, parameters }.
 * Messages out: { ready: true } or { failed } once at start, then { id, result } or { id, error }
 * (the error's fields, SQLSTATE `code` among them) for each message in.
 */
import { PGlite } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';
import { localSession, PGLITE_START_PARAMS } from './pglite-session';

export interface WorkerOptions {
  /** PGlite's data directory; null keeps the database in memory. */
  dataDir: string | null;
}

export type WorkerRequest =
  | { id: number; op: 'query'; text: string; parameters: readonly unknown[] }
  | { id: number; op: 'exec'; text: string }
  | { id: number; op: 'close' };

/** An error's own fields (SQLSTATE code, detail, constraint, …), which a structured clone would drop. */
export type ErrorFields = { message: string; name?: string } & Record<string, unknown>;

function errorFields(err: unknown): ErrorFields {
  if (err instanceof Error) return { ...Object.fromEntries(Object.entries(err)), name: err.name, message: err.message };
  return { message: String(err) };
}

async function serve(port: NonNullable<typeof parentPort>, { dataDir }: WorkerOptions): Promise<void> {
  let session;
  try {
    // One options object: PGlite ignores the second argument when the first (dataDir) is undefined.
    const pglite = new PGlite({ dataDir: dataDir ?? undefined, startParams: PGLITE_START_PARAMS });
    await pglite.waitReady;
    session = localSession(pglite, { owned: true });
  } catch (err) {
    port.postMessage({ failed: errorFields(err) });
    return;
  }
  const answer = async (request: WorkerRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query':
        return session.query(request.text, request.parameters);
      case 'exec':
        return session.exec(request.text);
      case 'close':
        return session.close();
    }
  };
  port.on('message', (request: WorkerRequest) => {
    answer(request).then(
      (result) => {
        try {
          port.postMessage({ id: request.id, result });
        } catch (err) {
          // A value a structured clone cannot carry.
          port.postMessage({ id: request.id, error: errorFields(err) });
        }
      },
      (err: unknown) => port.postMessage({ id: request.id, error: errorFields(err) }),
    );
  });
  port.postMessage({ ready: true });
}

if (parentPort) void serve(parentPort, workerData as WorkerOptions);
