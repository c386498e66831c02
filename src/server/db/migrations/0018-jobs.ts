import { sql, type Kysely } from 'kysely';

/**
 * Background work as rows (issue 18, "jobs on the database"; modules/jobs):
 *
 * - `jobs`: work that has no domain row of its own (the sweeps of expired quotes and idempotency
 *   keys, and any later kind). One row per job: `kind`, `payload`, due at `run_at`; a process
 *   claims due rows (FOR UPDATE SKIP LOCKED) under a lease (`locked_by`, `locked_until`, one
 *   attempt more), runs the handler in a transaction that also marks the row done, so its
 *   database effects and its `done` commit together; a failure is retried with backoff
 *   (`last_error`) and after `max_attempts` the row is 'failed' and stays to be seen
 *   (`npm run jobs`). `key` (unique, optional) keeps one row per recurring job or per event.
 * - Payouts and notifications stay their own job rows (they carry the money and the e-mail's
 *   state); they gain what a job needs to be seen and retried sensibly: `leased_until` (set by a
 *   claim to the same time as the due time it pushes forward, so "claimed and running" can be
 *   told from "waiting"), `last_error`; payouts `failures` (a failed settlement waits the lease,
 *   then twice as long each time, at most an hour); notifications `failed_at` (given up after
 *   their last attempt, listed, and sent again by `npm run jobs -- retry`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.unique())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'done', 'failed')`))
    .addColumn('run_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5).check(sql`max_attempts >= 1`))
    .addColumn('last_error', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`create index jobs_due_idx on jobs (run_at, id) where status = 'pending'`.execute(db);
  await sql`create index jobs_failed_idx on jobs (finished_at) where status = 'failed'`.execute(db);

  await sql`alter table payouts add column leased_until timestamptz, add column last_error text, add column failures integer not null default 0`.execute(db);
  await sql`alter table notifications add column leased_until timestamptz, add column last_error text, add column failed_at timestamptz`.execute(db);
}
