import fp from 'fastify-plugin';
import { pollingJob } from '../lib/polling-job';
import { runDailyReconciliation, type DailyRun } from '../modules/reconcile/reconcile.service';

/** How often a process looks whether today's reconciliation is still to run (one statement when it is not). */
const CHECK_INTERVAL_MS = 10 * 60_000;

/**
 * The daily reconciliation job (RECONCILE_JOB, on by default except under NODE_ENV=test): when the
 * app is ready and then every CHECK_INTERVAL_MS, claims today's reconciliation; of all the processes
 * on one database, the one whose claim wins runs it (modules/reconcile, table reconciliations) and
 * stores its report. A finding is logged at error level with the whole report.
 */
export default fp(
  async function reconcilePlugin(app) {
    if (!app.config.reconcileJob) return;
    const pass = async (): Promise<DailyRun> => {
      const run = await runDailyReconciliation(app.db);
      if (!run.ran) return run;
      if (run.report.ok) app.log.info({ day: run.day }, 'reconciliation: the books balance');
      else app.log.error({ day: run.day, reconciliation: run.report }, 'reconciliation found differences in the books');
      return run;
    };
    const job = pollingJob(app, 'reconciliation', pass, CHECK_INTERVAL_MS);
    // The first look at start (the job's own passes come every CHECK_INTERVAL_MS), waited for at close.
    let first: Promise<unknown> = Promise.resolve();
    app.addHook('onReady', async () => {
      job.start();
      first = pass().catch((err: unknown) => app.log.error({ err }, 'reconciliation pass failed'));
    });
    app.addHook('preClose', async () => {
      await job.stop();
      await first;
    });
  },
  { name: 'reconcile', decorators: { fastify: ['config', 'db'] } },
);
