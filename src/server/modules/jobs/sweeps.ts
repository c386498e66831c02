/**
 * The sweep of expired rows (a recurring job, `sweep.expired`): unused quotes that lapsed over
 * LAPSED_QUOTE_KEPT_S ago, idempotency keys over 24 hours old, generic jobs done over a week ago,
 * one-time codes (otps, used or not) that expired over a day ago and were created before the
 * hourly cap's window (the cap and the resend cool-down count them till then), and grants
 * (auth_grants, used or not) that expired over an hour ago, and throttle hits over a day old
 * (the longest throttle window is an hour). Each run deletes at most SWEEP_BATCH
 * rows of each in its job's transaction and, when a batch was full, comes due again at once (the
 * next run takes the next batch), else in SWEEP_EVERY_MS. Quotes and keys are also deleted per
 * customer on the hot paths (insertQuote, claimKey): the sweep reaches the customers who stopped
 * coming; codes, grants and the hits of keys that never come back only here. Deleting what is gone already deletes nothing, so two runs
 * at once (or a run after a crash) are harmless.
 */
import { sql } from 'kysely';
import { grantLapsedBefore } from '../auth/grants.repository';
import { otpLapsedBefore, otpUncountedBefore } from '../auth/otp.repository';
import { hitForgottenBefore } from '../auth/throttle.repository';
import { quoteLapsedBefore } from '../fx/quotes.repository';
import { KEY_EXPIRED } from '../ledger/idempotency.repository';
import type { Trx } from '../ledger/accounts.repository';
import type { JobHandler } from './jobs.service';

/** Rows of each table one run deletes at most. */
export const SWEEP_BATCH = 1000;
/** How often the sweep runs when it has caught up. */
export const SWEEP_EVERY_MS = 10 * 60_000;
/** Generic jobs done this long ago are forgotten. */
const JOB_DONE_KEPT = sql<Date>`now() - interval '7 days'`;

export interface SweepCounts {
  quotes: number;
  idempotencyKeys: number;
  jobs: number;
  otps: number;
  grants: number;
  throttleHits: number;
}

/**
 * One batch of each. The conditions stand in the outer delete too, so a row changed meanwhile
 * (a key claimed afresh) is checked again as it is now, not as the batch's read saw it.
 */
export async function sweepExpiredOnce(trx: Trx, batch = SWEEP_BATCH): Promise<SweepCounts> {
  const quotes = await trx
    .deleteFrom('quotes')
    .where('id', 'in', (eb) =>
      eb.selectFrom('quotes').select('id').where('used_at', 'is', null).where('expires_at', '<', quoteLapsedBefore).limit(batch),
    )
    .where('used_at', 'is', null)
    .where('expires_at', '<', quoteLapsedBefore)
    .executeTakeFirst();
  const keys = await trx
    .deleteFrom('idempotency_keys')
    .where((eb) =>
      eb(
        eb.refTuple('user_id', 'key'),
        'in',
        eb.selectFrom('idempotency_keys').select(['user_id', 'key']).where('created_at', '<', KEY_EXPIRED).limit(batch).$asTuple('user_id', 'key'),
      ),
    )
    .where('created_at', '<', KEY_EXPIRED)
    .executeTakeFirst();
  const jobs = await trx
    .deleteFrom('jobs')
    .where('id', 'in', (eb) =>
      eb.selectFrom('jobs').select('id').where('status', '=', 'done').where('finished_at', '<', JOB_DONE_KEPT).limit(batch),
    )
    .where('status', '=', 'done')
    .executeTakeFirst();
  const otps = await trx
    .deleteFrom('otps')
    .where('id', 'in', (eb) =>
      eb.selectFrom('otps').select('id').where('expires_at', '<', otpLapsedBefore).where('created_at', '<', otpUncountedBefore).limit(batch),
    )
    .where('expires_at', '<', otpLapsedBefore)
    .where('created_at', '<', otpUncountedBefore)
    .executeTakeFirst();
  const grants = await trx
    .deleteFrom('auth_grants')
    .where('id', 'in', (eb) => eb.selectFrom('auth_grants').select('id').where('expires_at', '<', grantLapsedBefore).limit(batch))
    .where('expires_at', '<', grantLapsedBefore)
    .executeTakeFirst();
  // Hits have no key of their own: a batch by physical row (ctid), the condition checked again.
  const { numAffectedRows: hits } = await sql`
    delete from throttle_hits
     where ctid in (select ctid from throttle_hits where created_at < ${hitForgottenBefore} limit ${batch})
       and created_at < ${hitForgottenBefore}`.execute(trx);
  return {
    quotes: Number(quotes.numDeletedRows),
    idempotencyKeys: Number(keys.numDeletedRows),
    jobs: Number(jobs.numDeletedRows),
    otps: Number(otps.numDeletedRows),
    grants: Number(grants.numDeletedRows),
    throttleHits: Number(hits ?? 0n),
  };
}

export const sweepExpiredJob: JobHandler = {
  everyMs: SWEEP_EVERY_MS,
  async run(trx) {
    const counts = await sweepExpiredOnce(trx);
    const full = Object.values(counts).some((n) => n >= SWEEP_BATCH);
    return { againInMs: full ? 0 : SWEEP_EVERY_MS };
  },
};
