import type { FastifyInstance } from 'fastify';
import type { BackgroundJob } from '../adapters/types';
import { isDatabaseUnavailable } from '../db/database';

/**
 * The timer of a background job (the simulators' payout rail and reviewer, Kudi's notifications,
 * the generic jobs of modules/jobs): it only starts passes over rows, and no work lives in it:
 * what to do is in the database (claimed under a lease), so a process that dies loses nothing
 * and any other process's pass takes the work over. Every
 * `intervalMs`, one pass at a time (a pass still running when the next tick comes is not started
 * twice), without keeping the process alive. `stop()` tells the running pass to end (its
 * `stopping()` turns true) and waits for it. A pass the database's absence ended (restarting, or
 * its pooler) is a warning, not an error: the next pass does its work once it is back.
 */
export function pollingJob(
  app: FastifyInstance,
  name: string,
  pass: (stopping: () => boolean) => Promise<unknown>,
  intervalMs: number,
): BackgroundJob {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopping = false;
  const tick = () => {
    running ??= pass(() => stopping)
      .then(() => undefined, (err: unknown) => {
        if (isDatabaseUnavailable(err)) app.log.warn({ err }, `${name} pass ended: the database is unavailable; the next pass tries again`);
        else app.log.error({ err }, `${name} pass failed`);
      })
      .finally(() => {
        running = null;
      });
  };
  return {
    start(): void {
      stopping = false;
      timer ??= setInterval(tick, intervalMs).unref();
    },
    async stop(): Promise<void> {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
