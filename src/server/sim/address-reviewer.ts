/**
 * The simulated proof-of-address reviewer: a job approves each uploaded document once its review
 * time has come (ADDRESS_REVIEW_MS after the upload, a few seconds by default). Reviews are rows,
 * not process memory: any process may run the job, and a document pending at a restart is
 * decided after it; a decision locks the document, so two processes decide it once. Off under
 * NODE_ENV=test unless ADDRESS_REVIEW_JOB=on: tests decide through POST /dev/proof-of-address.
 */
import type { FastifyInstance } from 'fastify';
import type { BackgroundJob } from '../adapters/types';
import { dueProofs } from '../modules/address/address.repository';
import { decideProof } from '../modules/address/address.service';
import { pollingJob } from '../lib/polling-job';

const POLL_INTERVAL_MS = 500;
const BATCH = 10;

/** One pass: approves every document that is due; answers how many it decided. */
export async function reviewDueProofs(app: FastifyInstance, stopping: () => boolean = () => false): Promise<number> {
  const deps = { db: app.db, config: app.config };
  let decided = 0;
  for (;;) {
    const due = await dueProofs(app.db, BATCH);
    for (const proofId of due) {
      if (stopping()) return decided;
      if (await decideProof(deps, { proofId }, 'approve')) decided += 1;
    }
    if (due.length < BATCH) return decided;
  }
}

/** Runs review passes every half second, one at a time, without keeping the process alive. */
export function addressReviewJob(app: FastifyInstance, intervalMs = POLL_INTERVAL_MS): BackgroundJob {
  return pollingJob(app, 'proof-of-address review', (stopping) => reviewDueProofs(app, stopping), intervalMs);
}
