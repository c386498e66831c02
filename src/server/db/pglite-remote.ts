/**
 * The app's embedded PGlite in a worker thread of its own (pglite-worker.ts), seen from the server's
 * thread as a PgliteSession: each call is one message there and one back. PGlite runs PostgreSQL
 * on the thread that calls it; here that is the worker's, so while it runs a statement the
 * server's thread parses, checks and answers other requests (the two threads use both cores).
 *
 * The calls are answered in the order they are made (the dialect over it, pglite-dialect.ts, hands
 * statements over without waiting for the ones before). A blocking call (a transaction's statement)
 * waits for its answer on this thread, as a PGlite on this thread would: it reads the answers off
 * their port as they come, looking without sleeping for a while (BLOCKING_SPIN_NS), then sleeping
 * on a flag the worker sets once it has posted the answer (Atomics.wait), for BLOCKING_MAX_NS at
 * most; past that, and for any other call, the answer arrives as an event. If the worker stops (a
 * crash of PGlite), every call waiting on it fails as a lost database connection (SQLSTATE 08006:
 * the API's 503), and so does every later one until a new worker runs (openPgliteWorker).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { PgliteSession, QueryOptions, StatementResult } from './pglite-session';
import type { ErrorFields, WorkerOptions, WorkerRequest } from './pglite-worker';
import { BEGINS, COMMITS } from './transaction-text';

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

/** An answer of the worker, or its first message (ready, or failed to start). */
interface WorkerMessage {
  id?: number;
  result?: unknown;
  error?: ErrorFields;
  ready?: true;
  failed?: ErrorFields;
}

/**
 * How long a blocking call looks for its answer without sleeping (the worker waits as long for a
 * transaction's next statement: pglite-worker.ts NEXT_STATEMENT_SPIN_NS). 500 µs measured best of
 * 0, 200 and 500 µs (docs/PERFORMANCE.md): without it a conversion or a payout, a transaction of
 * several statements, ran a fifth slower than with PGlite on the server's thread.
 */
const BLOCKING_SPIN_NS = 500_000n;

/**
 * How long at most a blocking call holds this thread. Past it, the answer is awaited as an event,
 * as any other call's is: a long statement (a report, a statement behind many queued ones) does not
 * stop this thread's other requests, and a worker that ends without a word (out of memory: its
 * thread stops without running its exit handler, so `signal[1]` is never set) is noticed by the
 * Worker's 'exit' event, which only reaches a thread that is not held.
 */
const BLOCKING_MAX_NS = 20_000_000n;

/**
 * One worker thread and its PgliteSession. `onStop` is called once, with the error every call then
 * fails with, when the thread stops other than by `close` (a crash).
 */
async function startWorker(options: WorkerOptions, onStop: (err: Error) => void): Promise<PgliteSession> {
  const { file, execArgv } = workerProgram();
  const { port1: replies, port2: workerReplies } = new MessageChannel();
  // [0]: the answer to a blocking call was posted; [1]: the worker's thread is ending.
  const signal = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(file, {
    workerData: { ...options, replies: workerReplies, signal },
    transferList: [workerReplies],
    ...(execArgv ? { execArgv } : {}),
  });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  let nextId = 0;
  let failure: Error | null = null;
  let closing = false;
  /** Started (its first message was `ready`): from then on a stop is reported to `onStop`. */
  let running = false;

  const fail = (err: Error) => {
    if (!failure && running && !closing) queueMicrotask(() => onStop(err));
    failure ??= err;
    for (const call of waiting.values()) call.reject(failure);
    waiting.clear();
    replies.close();
  };
  const answered = (message: WorkerMessage) => {
    const call = waiting.get(message.id!);
    if (!call) return;
    waiting.delete(message.id!);
    if (message.error) call.reject(asError(message.error));
    else call.resolve(message.result);
  };
  replies.on('message', answered);
  const started = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: WorkerMessage) => {
      if (message.ready) resolve();
      else if (message.failed) reject(asError(message.failed));
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
  running = !failure;
  if (failure) throw failure;

  const call = <T>(request: WorkerCall, blocking = false): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    const answer = new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
    try {
      worker.postMessage({ ...request, id, ...(blocking ? { blocking } : {}) });
    } catch (err) {
      // A parameter a structured clone cannot carry (a function, a symbol): refused here.
      waiting.get(id)!.reject(err as Error);
      waiting.delete(id);
      return answer;
    }
    // Blocking: the answers before this one and this one, read off the port as they come; for the
    // first BLOCKING_SPIN_NS without sleeping (a thread put to sleep and woken again costs the
    // transaction more than a statement's usual time), then asleep until the worker's flag, for
    // BLOCKING_MAX_NS in all (after which the answer comes as an event).
    const start = blocking ? process.hrtime.bigint() : 0n;
    while (blocking && waiting.has(id)) {
      const received = receiveMessageOnPort(replies);
      if (received) answered(received.message as WorkerMessage);
      else if (Atomics.load(signal, 1) === 1) fail(stopped('its thread ended'));
      else {
        const held = process.hrtime.bigint() - start;
        if (held < BLOCKING_SPIN_NS) continue;
        if (held >= BLOCKING_MAX_NS) break;
        // A flag left by an earlier blocking call is cleared and the port read again; the worker sets
        // the flag only after posting, so an answer posted meanwhile is never slept through.
        if (Atomics.compareExchange(signal, 0, 1, 0) === 0) Atomics.wait(signal, 0, 0, Number(BLOCKING_MAX_NS - held) / 1e6);
      }
    }
    return answer;
  };
  return {
    query: <R>(text: string, parameters: readonly unknown[], { blocking }: QueryOptions = {}) =>
      call<StatementResult<R>>({ op: 'query', text, parameters }, blocking),
    exec: (text) => call<void>({ op: 'exec', text }),
    close: async () => {
      if (closing) return;
      closing = true;
      try {
        if (!failure) await call<void>({ op: 'close' });
      } finally {
        await worker.terminate();
        replies.close();
      }
    },
  };
}

/** Waits before starting a worker again after it stopped: none the first time, then doubling to the last. */
export const RESTART_DELAYS_MS = [0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000];
/** A worker that ran this long before it stopped starts the waits over. */
export const RESTART_FORGIVEN_AFTER_MS = 60_000;

/**
 * The app's embedded database in a worker thread (startWorker), started again on its data directory
 * when it stops (a crash of PGlite): PostgreSQL recovers the directory as after a power cut, so
 * every committed transaction is there and none that was not. Meanwhile every call fails as a lost
 * connection (the API's 503, "try again"); with the new worker, calls run again. A database in memory
 * is not started again (its data went with the thread): every call fails from then on.
 *
 * A transaction never spans two workers: from its BEGIN, each of its statements and its COMMIT is
 * refused as a lost connection once the worker that ran the BEGIN is gone, even when a new one runs
 * (which would otherwise run them one by one, outside any transaction); its ROLLBACK has nothing
 * left to undo. So a money movement is whole or absent, whatever moment the worker stops at.
 */
export async function openPgliteWorker(options: WorkerOptions): Promise<PgliteSession> {
  let generation = 0;
  let startedAt = Date.now();
  let attempt = 0;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  /** The worker that runs the calls; null while a new one starts (or for good, in memory). */
  let current: PgliteSession | null = null;
  /** What the calls fail with while no worker runs (a lost connection: 503). */
  let down: Error = stopped('it is starting');
  /** The worker (generation) on which the open transaction's BEGIN was handed over. */
  let transactionOn: number | null = null;

  /** A worker stopped (`ran`: after running; else one that could not start). */
  const stoppedNow = (err: Error, ran = true) => {
    current = null;
    down = err;
    if (closed) return;
    if (options.dataDir === null) {
      console.error(`${err.message}; it held its data in memory, so it is not started again`);
      return;
    }
    if (ran && Date.now() - startedAt >= RESTART_FORGIVEN_AFTER_MS) attempt = 0;
    const delay = RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)]!;
    attempt += 1;
    console.error(`${err.message}; starting it again${delay ? ` in ${delay / 1000} s` : ''}`);
    retry = setTimeout(() => void startAgain(), delay);
  };
  const start = async () => {
    const session = await startWorker(options, (err) => stoppedNow(err));
    generation += 1;
    startedAt = Date.now();
    current = session;
  };
  const startAgain = async () => {
    if (closed) return;
    try {
      await start();
      if (closed) await current?.close();
      else console.warn('The embedded database runs again');
    } catch (err) {
      // Still a lost connection to the calls meanwhile (503), and the next try waits longer.
      stoppedNow(stopped(`it could not start again (${err instanceof Error ? err.message : String(err)})`), false);
    }
  };
  await start();

  /** Whether the open transaction's worker is gone (stopped, or stopped and replaced). */
  const transactionLost = () => transactionOn !== null && (transactionOn !== generation || current === null);
  const lostWithIt = () => stopped('the transaction went with it');
  return {
    query: (text, parameters, queryOptions = {}) => {
      if (queryOptions.blocking && transactionLost()) return Promise.reject(lostWithIt());
      return current ? current.query(text, parameters, queryOptions) : Promise.reject(down);
    },
    exec: async (text) => {
      if (BEGINS.test(text)) {
        if (!current) throw down;
        transactionOn = generation;
      } else if (transactionOn !== null) {
        const lost = transactionLost();
        transactionOn = null;
        if (lost && COMMITS.test(text)) throw lostWithIt();
        // A ROLLBACK: the transaction ended with its worker; there is nothing to undo on another.
        if (lost) return;
      }
      if (!current) throw down;
      return current.exec(text);
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await current?.close();
    },
  };
}
