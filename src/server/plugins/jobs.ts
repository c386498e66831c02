import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/database';
import { pollingJob } from '../lib/polling-job';
import { kudiJobs } from '../modules/jobs/handlers';
import { runDueJobs, scheduleRecurringJobs } from '../modules/jobs/jobs.service';

/** How often the runner looks for due jobs. */
const POLL_INTERVAL_MS = 1000;

/**
 * The generic jobs (JOB_RUNNER, on by default except under NODE_ENV=test): from when the app is
 * ready until it closes, records the recurring jobs' rows (once, whoever comes first) and runs
 * due jobs of every kind modules/jobs/handlers knows, a pass at a time. Any number of processes
 * may run it: each job is claimed by one (modules/jobs/jobs.service).
 */
export default fp(
  async function jobsPlugin(app) {
    if (!app.config.jobRunner) return;
    // The recurring jobs' rows are recorded when the app is ready; if the database is briefly away
    // then, the passes record them once it answers (a failed pass is tried again at the next tick),
    // and the process keeps starting.
    let scheduled = false;
    const schedule = async () => {
      if (scheduled) return;
      await scheduleRecurringJobs(app.db, kudiJobs);
      scheduled = true;
    };
    const job = pollingJob(app, 'jobs', async (stopping) => {
      await schedule();
      return runDueJobs({ db: app.db, log: app.log }, kudiJobs, stopping);
    }, POLL_INTERVAL_MS);
    app.addHook('onReady', async () => {
      await schedule().catch((err: unknown) => {
        if (!isDatabaseUnavailable(err)) throw err;
        app.log.warn({ reason: (err as Error).message }, 'jobs: the database is not answering; the recurring jobs are recorded once it does');
      });
      job.start();
    });
    app.addHook('preClose', async () => job.stop());
  },
  { name: 'jobs', decorators: { fastify: ['config', 'db'] } },
);
