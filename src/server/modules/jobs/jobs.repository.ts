import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Trx } from '../ledger/accounts.repository';
import type { JobsTable } from './jobs.tables';

export type JobRow = Selectable<JobsTable>;

/** `now() + ms` on the database's clock (the one every process shares). */
const fromNow = (ms: number) => sql<Date>`now() + ${Math.max(0, Math.round(ms))} * interval '1 millisecond'`;

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  /** Unique: a second job under the same key is not recorded. */
  key?: string;
  /** Due this long from now (default: now). */
  delayMs?: number;
  maxAttempts?: number;
}

/**
 * Records jobs (in the caller's transaction when given one, so a job exists exactly when the
 * change that asks for it committed); those whose key was recorded before are left out. Answers
 * the ids recorded.
 */
export async function enqueueJobs(db: Db | Trx, jobs: NewJob[]): Promise<bigint[]> {
  if (jobs.length === 0) return [];
  const rows = await db
    .insertInto('jobs')
    .values(
      jobs.map((job) => ({
        kind: job.kind,
        key: job.key ?? null,
        payload: JSON.stringify(job.payload ?? {}),
        run_at: fromNow(job.delayMs ?? 0),
        ...(job.maxAttempts ? { max_attempts: job.maxAttempts } : {}),
      })),
    )
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function enqueueJob(db: Db | Trx, job: NewJob): Promise<bigint | undefined> {
  return (await enqueueJobs(db, [job]))[0];
}

/**
 * Claims up to `limit` due jobs of these kinds, oldest first, skipping rows another process holds
 * (FOR UPDATE SKIP LOCKED), for `leaseMs`: one attempt more, `locked_by` this worker. A job whose
 * process dies comes due again when its lease lapses.
 */
export async function claimDueJobs(db: Db, o: { kinds: string[]; limit: number; leaseMs: number; worker: string }): Promise<JobRow[]> {
  if (o.kinds.length === 0) return [];
  const rows = await db
    .with('due', (qb) =>
      qb
        .selectFrom('jobs')
        .select('id')
        .where('status', '=', 'pending')
        .where('run_at', '<=', sql<Date>`now()`)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<Date>`now()`)]))
        .where('kind', 'in', o.kinds)
        .orderBy('run_at')
        .orderBy('id')
        .limit(o.limit)
        .forUpdate()
        .skipLocked(),
    )
    .updateTable('jobs')
    .from('due')
    .set({ attempts: sql<number>`jobs.attempts + 1`, locked_by: o.worker, locked_until: fromNow(o.leaseMs) })
    .whereRef('jobs.id', '=', 'due.id')
    .returningAll('jobs')
    .execute();
  return rows.sort((a, b) => a.run_at.getTime() - b.run_at.getTime() || Number(a.id - b.id));
}

/** A claim: this worker's, at this attempt. */
type Claim = Pick<JobRow, 'id' | 'attempts'> & { worker: string };

/**
 * Locks the claimed job in the caller's transaction, if it is still this claim's (pending, this
 * worker, this attempt): a claim whose lease lapsed and which another process took is not.
 */
export async function lockClaimedJob(trx: Trx, c: Claim): Promise<boolean> {
  const row = await trx
    .selectFrom('jobs')
    .select('id')
    .where('id', '=', c.id)
    .where('status', '=', 'pending')
    .where('locked_by', '=', c.worker)
    .where('attempts', '=', c.attempts)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks a locked job done (in the transaction of its effects). */
export async function markJobDone(trx: Trx, id: bigint): Promise<void> {
  await trx
    .updateTable('jobs')
    .set({ status: 'done', finished_at: sql<Date>`now()`, locked_by: null, locked_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** A locked recurring job, done for now: due again `afterMs` from now, its attempts counted afresh. */
export async function rescheduleJob(trx: Trx, id: bigint, afterMs: number): Promise<void> {
  await trx
    .updateTable('jobs')
    .set({ run_at: fromNow(afterMs), attempts: 0, locked_by: null, locked_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/**
 * After a failed attempt of this claim: due again `retryInMs` from now with its error, or (when
 * `give_up`) failed for good, where it stays to be seen (`npm run jobs`). A recurring job keeps
 * its error but never fails for good: `retryInMs` is its next run then, its attempts counted afresh.
 */
export async function recordJobFailure(db: Db, c: Claim, o: { error: string; retryInMs: number; giveUp: boolean; recurring: boolean }): Promise<void> {
  const base = db
    .updateTable('jobs')
    .where('id', '=', c.id)
    .where('status', '=', 'pending')
    .where('locked_by', '=', c.worker)
    .where('attempts', '=', c.attempts);
  const error = o.error.slice(0, 2000);
  if (o.giveUp && !o.recurring) {
    await base.set({ status: 'failed', finished_at: sql<Date>`now()`, last_error: error, locked_by: null, locked_until: null }).execute();
  } else {
    await base
      .set({
        run_at: fromNow(o.retryInMs),
        last_error: error,
        locked_by: null,
        locked_until: null,
        ...(o.giveUp ? { attempts: 0 } : {}),
      })
      .execute();
  }
}

/** Hands claimed jobs back untried, due now and their attempt not counted (a worker stopping). */
export async function releaseJobClaims(db: Db, claims: Claim[]): Promise<void> {
  for (const c of claims) {
    await db
      .updateTable('jobs')
      .set({ attempts: sql<number>`attempts - 1`, locked_by: null, locked_until: null })
      .where('id', '=', c.id)
      .where('status', '=', 'pending')
      .where('locked_by', '=', c.worker)
      .where('attempts', '=', c.attempts)
      .execute();
  }
}

/** Makes failed jobs (these ids, or all of this kind) pending and due now, with their attempts counted afresh. */
export async function retryFailedJobs(db: Db, which: { ids?: bigint[]; kind?: string }): Promise<number> {
  let query = db
    .updateTable('jobs')
    .set({ status: 'pending', run_at: sql<Date>`now()`, attempts: 0, finished_at: null })
    .where('status', '=', 'failed');
  if (which.ids) query = query.where('id', 'in', which.ids.length ? which.ids : [-1n]);
  if (which.kind) query = query.where('kind', '=', which.kind);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
