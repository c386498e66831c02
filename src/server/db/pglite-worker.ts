/**
 * The worker thread that runs the app's embedded PGlite (pglite-remote.ts starts it): PostgreSQL's
 * work, the statements' parameters and the rows' parsing happen here, so the server's own thread
 * is free for HTTP meanwhile. Messages in (parentPort): { id, op: 'query' | 'exec' | 'close', text,
 * parameters, blocking }. Out: { ready: true } or { failed } once at start (parentPort), then
 * { id, result } or { id, error } (the error's fields, SQLSTATE `code` among them) for each message
 * in, on the `replies` port; for a blocking one, `signal[0]` is then set to 1 and waiters woken
 * (the server's thread waits on it). `signal[1]` is set to 1 when this thread ends.
 */
import { PGlite } from '@electric-sql/pglite';
import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import { localSession, PGLITE_START_PARAMS, type PgliteSession } from './pglite-session';

export interface WorkerOptions {
  /** PGlite's data directory; null keeps the database in memory. */
  dataDir: string | null;
}

interface WorkerData extends WorkerOptions {
  replies: MessagePort;
  signal: Int32Array;
}

export type WorkerRequest =
  | { id: number; op: 'query'; text: string; parameters: readonly unknown[]; blocking?: boolean }
  | { id: number; op: 'exec'; text: string }
  | { id: number; op: 'close' };

/** An error's own fields (SQLSTATE code, detail, constraint, …), which a structured clone would drop. */
export type ErrorFields = { message: string; name?: string } & Record<string, unknown>;

/** How long, after a transaction's statement, its next one is looked for without sleeping (pglite-remote.ts BLOCKING_SPIN_NS). */
const NEXT_STATEMENT_SPIN_NS = 500_000n;

function errorFields(err: unknown): ErrorFields {
  if (err instanceof Error) return { ...Object.fromEntries(Object.entries(err)), name: err.name, message: err.message };
  return { message: String(err) };
}

async function serve(port: NonNullable<typeof parentPort>, { dataDir, replies, signal }: WorkerData): Promise<void> {
  process.on('exit', () => {
    Atomics.store(signal, 1, 1);
    Atomics.notify(signal, 0);
  });
  let session: PgliteSession;
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
  const reply = (request: WorkerRequest, message: object) => {
    try {
      replies.postMessage(message);
    } catch (err) {
      // A value a structured clone cannot carry.
      replies.postMessage({ id: request.id, error: errorFields(err) });
    }
    if ('blocking' in request && request.blocking) {
      Atomics.store(signal, 0, 1);
      Atomics.notify(signal, 0);
    }
  };
  const handle = (request: WorkerRequest) => {
    const blocking = 'blocking' in request && request.blocking === true;
    answer(request).then(
      (result) => reply(request, { id: request.id, result }),
      (err: unknown) => reply(request, { id: request.id, error: errorFields(err) }),
    ).then(() => blocking && awaitNext());
  };
  // A transaction's statement is followed by its next one (or its end) as soon as the server's thread
  // has it: looked for without sleeping for a while. Nothing else could run meanwhile anyway: the
  // transaction has the connection to itself.
  const awaitNext = () => {
    const until = process.hrtime.bigint() + NEXT_STATEMENT_SPIN_NS;
    while (process.hrtime.bigint() < until) {
      const next = receiveMessageOnPort(port);
      if (next) return handle(next.message as WorkerRequest);
    }
  };
  port.on('message', handle);
  port.postMessage({ ready: true });
}

if (parentPort) void serve(parentPort, workerData as WorkerData);
