import fp from 'fastify-plugin';
import { pollingJob } from '../lib/polling-job';
import { sendDueNotifications } from '../modules/notifications/notifications.service';

/** How often the job looks for notifications to send. */
const POLL_INTERVAL_MS = 500;

/**
 * The notifications job (NOTIFY_JOB, on by default except under NODE_ENV=test): sends the e-mails
 * events recorded (modules/notifications) through app.adapters.email, a pass at a time, from when
 * the app is ready until it closes. Any number of processes may run it (rows are claimed).
 */
export default fp(
  async function notificationsPlugin(app) {
    if (!app.config.notifyJob) return;
    const job = pollingJob(app, 'notifications', (stopping) => sendDueNotifications(app, stopping), POLL_INTERVAL_MS);
    app.addHook('onReady', async () => job.start());
    app.addHook('preClose', async () => job.stop());
  },
  { name: 'notifications', dependencies: ['adapters'], decorators: { fastify: ['config', 'db', 'adapters'] } },
);
