/**
 * One worker process of the exactly-once test (exactly-once.pg.test.ts), run as
 *   node --import tsx __tests__/server/jobs/job-worker.ts
 * (under Jest, its bundle: support/entry.ts) with JOBS_DB_URL, JOBS_DB_SCHEMA (the test's
 * PostgreSQL schema), WORKER (its name in `locked_by`), LEASE_MS and KIND. It opens the schema as
 * the server does (openDatabase), says "ready", waits for "go" on stdin, then runs the real job
 * passes (runDueJobs) until no job of KIND is pending, and exits. The handler records its effect
 * in `job_effects`, in the job's own transaction; that table has no unique constraint, so a job
 * done twice would show twice.
 */
import { sql } from 'kysely';
import { createInterface } from 'node:readline';
import { openDatabase } from '../../../src/server/db/database';
import { runDueJobs, type JobHandlers } from '../../../src/server/modules/jobs/jobs.service';

const { JOBS_DB_URL, JOBS_DB_SCHEMA, WORKER = 'worker', LEASE_MS = '30000', KIND = 'test.effect' } = process.env;

async function main(): Promise<void> {
  if (!JOBS_DB_URL || !JOBS_DB_SCHEMA) throw new Error('JOBS_DB_URL and JOBS_DB_SCHEMA are needed');
  const database = await openDatabase({ dataDir: null, databaseUrl: JOBS_DB_URL, databaseSchema: JOBS_DB_SCHEMA, databasePoolSize: 2 });
  const handlers: JobHandlers = {
    [KIND]: {
      async run(trx, _payload, job) {
        // A little work inside the transaction, so a kill lands mid-job as often as not.
        await sql`select pg_sleep(0.002)`.execute(trx);
        await sql`insert into job_effects (job_id, worker) values (${job.id}, ${WORKER})`.execute(trx);
      },
    },
  };
  const pending = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from jobs where kind = ${KIND} and status = 'pending'`.execute(database.db)).rows[0]!.n);
  process.stdout.write('ready\n');
  await new Promise<void>((resolve) => {
    const lines = createInterface({ input: process.stdin });
    lines.on('line', (line) => {
      if (line.trim() === 'go') {
        lines.close();
        // The test keeps its end of the pipe open: let go of stdin, or the process never exits.
        process.stdin.destroy();
        resolve();
      }
    });
  });
  let done = 0;
  while ((await pending()) > 0) {
    const did = await runDueJobs({ db: database.db }, handlers, () => false, { worker: WORKER, leaseMs: Number(LEASE_MS) });
    done += did;
    if (did === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  process.stdout.write(`done ${done}\n`);
  await database.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
