import fp from 'fastify-plugin';
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
    const job = pollingJob(app, 'jobs', (stopping) => runDueJobs({ db: app.db, log: app.log }, kudiJobs, stopping), POLL_INTERVAL_MS);
    app.addHook('onReady', async () => {
      await scheduleRecurringJobs(app.db, kudiJobs);
      job.start();
    });
    app.addHook('preClose', async () => job.stop());
  },
  { name: 'jobs', decorators: { fastify: ['config', 'db'] } },
);
