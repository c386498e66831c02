/**
 * The job runner (issue 18, "jobs on the database"). Work without a domain row of its own is a
 * row of `jobs` (migration 0018); payouts, notifications and proof reviews are their own rows
 * (payouts.repository, notifications.service, sim/address-reviewer) with the same shape of claim.
 *
 * Exactly once: a pass claims due rows under a lease (FOR UPDATE SKIP LOCKED, so two processes
 * never take the same row), then runs each in ONE transaction that locks the row again, checks
 * the claim is still its own (same worker, same attempt: a lease that lapsed and was taken over is
 * not), runs the handler with that transaction and marks the row done in it. The handler's
 * database effects and the job's `done` commit together or not at all: a process killed in the
 * middle leaves the row pending (its transaction rolled back), and it comes due again when the
 * lease lapses. A handler that calls the outside world must make that call idempotent by the
 * job's id (it may run again after a crash between the call and the commit).
 *
 * A failure rolls the handler back and records `last_error`; the job is due again after its
 * backoff (30 s doubling, at most an hour, unless the handler says otherwise), and after
 * `max_attempts` it is 'failed' and stays listed (`npm run jobs`). A recurring job (`everyMs`)
 * keeps its row: done for now, it is due again `everyMs` later; it never fails for good.
 * Timers only start passes (lib/polling-job.ts); no work is held in process memory.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import type { Trx } from '../ledger/accounts.repository';
import { retryBackoffMs } from '../../lib/backoff';
import {
  claimDueJobs,
  enqueueJobs,
  lockClaimedJob,
  markJobDone,
  recordJobFailure,
  releaseJobClaims,
  rescheduleJob,
  type JobRow,
} from './jobs.repository';

export interface JobHandler {
  /**
   * Does the job in `trx`, the transaction that marks it done. Answers nothing (done), or
   * `{ againInMs }`: due again that long from now (a sweep with more to do answers 0).
   */
  run(trx: Trx, payload: Record<string, unknown>, job: JobRow): Promise<void | { againInMs: number }>;
  /** The wait before attempt `attempts + 1` after `attempts` failed ones (default: 30 s doubling, at most an hour). */
  backoffMs?(attempts: number): number;
  /** A recurring job: one row (key = kind), due again this long after each run. */
  everyMs?: number;
}

export type JobHandlers = Record<string, JobHandler>;


/** This process's name in `locked_by`: host, pid and a random tag (a pid is reused after a restart). */
export const WORKER_ID = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

export interface JobRunnerDeps {
  db: Db;
  log?: { warn(details: object, message: string): void; error?(details: object, message: string): void };
}

export interface JobRunOptions {
  /** How long a claim holds a job (default 30 s). */
  leaseMs?: number;
  /** Jobs claimed at a time (default 25). */
  batch?: number;
  worker?: string;
}

export const JOB_LEASE_MS = 30_000;
const BATCH = 25;

const errorText = (err: unknown): string => (err instanceof Error ? err.message || err.name : String(err));

/** Records the recurring handlers' rows (one per kind, however many processes do it), due now when new. */
export async function scheduleRecurringJobs(db: Db, handlers: JobHandlers): Promise<void> {
  const recurring = Object.entries(handlers).filter(([, handler]) => handler.everyMs !== undefined);
  await enqueueJobs(db, recurring.map(([kind]) => ({ kind, key: kind })));
}

type Outcome = 'done' | 'failed' | 'lost';

/** Runs one claimed job: its handler and its done mark in one transaction, or its failure recorded. */
async function runOne(deps: JobRunnerDeps, handler: JobHandler, job: JobRow, worker: string): Promise<Outcome> {
  const claim = { id: job.id, attempts: job.attempts, worker };
  if (job.attempts > job.max_attempts) {
    // Claimed more often than it may be tried: its processes died in it each time.
    const error = `abandoned: its process stopped before finishing it ${job.attempts - 1} times`;
    await recordJobFailure(deps.db, claim, { error, retryInMs: handler.everyMs ?? 0, giveUp: true, recurring: handler.everyMs !== undefined });
    return 'failed';
  }
  try {
    return await deps.db.transaction().execute(async (trx): Promise<Outcome> => {
      if (!(await lockClaimedJob(trx, claim))) return 'lost';
      const result = await handler.run(trx, job.payload, job);
      const again = result?.againInMs ?? handler.everyMs;
      if (again === undefined) await markJobDone(trx, job.id);
      else await rescheduleJob(trx, job.id, again);
      return 'done';
    });
  } catch (err) {
    const giveUp = job.attempts >= job.max_attempts;
    const backoff = (handler.backoffMs ?? retryBackoffMs)(job.attempts);
    const recurring = handler.everyMs !== undefined;
    const retryInMs = recurring && giveUp ? handler.everyMs! : recurring ? Math.min(backoff, handler.everyMs!) : backoff;
    deps.log?.warn({ err, job: job.id.toString(), kind: job.kind, attempts: job.attempts }, giveUp && !recurring ? 'job failed for good' : 'job failed; it will be retried');
    await recordJobFailure(deps.db, claim, { error: errorText(err), retryInMs, giveUp, recurring });
    return 'failed';
  }
}

/**
 * One pass: runs every due job of the kinds `handlers` knows, a batch at a time; answers how
 * many it did. When `stopping()` turns true, the pass ends and hands back what it claimed and did
 * not start, due at once for another process.
 */
export async function runDueJobs(
  deps: JobRunnerDeps,
  handlers: JobHandlers,
  stopping: () => boolean = () => false,
  options: JobRunOptions = {},
): Promise<number> {
  const worker = options.worker ?? WORKER_ID;
  const batch = options.batch ?? BATCH;
  const kinds = Object.keys(handlers);
  let done = 0;
  for (;;) {
    if (stopping()) return done;
    const due = await claimDueJobs(deps.db, { kinds, limit: batch, leaseMs: options.leaseMs ?? JOB_LEASE_MS, worker });
    for (const [index, job] of due.entries()) {
      if (stopping()) {
        await releaseJobClaims(deps.db, due.slice(index).map((j) => ({ id: j.id, attempts: j.attempts, worker })));
        return done;
      }
      if ((await runOne(deps, handlers[job.kind]!, job, worker)) === 'done') done += 1;
    }
    if (due.length < batch) return done;
  }
}
