import { sql, type Kysely } from 'kysely';

/**
 * `reconciliations`: one row per day (UTC, the database's clock) of the daily reconciliation of
 * the books (modules/reconcile). The process that inserts the day's row (insert … on conflict do
 * nothing) runs that day's reconciliation, so with several API processes on one database it runs
 * once a day, not once per process; a claim not finished within its lease (the process died) may
 * be taken over by another. `report` is the JSON report, `ok` whether it found nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reconciliations')
    .addColumn('day', 'date', (c) => c.primaryKey())
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Who runs it: host and process id, for the operator.
    .addColumn('claimed_by', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addColumn('ok', 'boolean')
    .addColumn('report', 'jsonb')
    .addCheckConstraint('reconciliations_finished', sql`(finished_at is null) = (ok is null) and (ok is null) = (report is null)`)
    .execute();
}
