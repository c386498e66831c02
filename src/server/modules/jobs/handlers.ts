/**
 * Kudi's kinds of generic job and their handlers: what the jobs plugin runs (plugins/jobs.ts).
 * A new kind of background work with no domain row of its own is added here.
 */
import type { JobHandlers } from './jobs.service';
import { sweepExpiredJob } from './sweeps';

export const SWEEP_EXPIRED = 'sweep.expired';

export const kudiJobs: JobHandlers = {
  [SWEEP_EXPIRED]: sweepExpiredJob,
};
