/**
 * Every background job waiting or failed, whatever its row (`npm run jobs`): generic jobs
 * (table `jobs`), payouts waiting for their hand-over or settlement, notifications unsent, proofs
 * of address awaiting review. One shape for all; done work is not listed.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { MAX_ATTEMPTS as NOTIFICATION_MAX_ATTEMPTS } from '../notifications/notifications.service';

/**
 * due: may be taken now; scheduled: due later (a first run, or a retry after its backoff);
 * running: claimed by a process until `lease_until`; failed: given up, waiting for an operator.
 */
export type JobState = 'due' | 'scheduled' | 'running' | 'failed';

export interface ListedJob {
  /** The table it lives in. */
  source: 'jobs' | 'payouts' | 'notifications' | 'address_proofs';
  /** e.g. 'sweep.expired', 'payout.settle', 'notification.money_sent', 'address.review'. */
  kind: string;
  /** Its row's id (a payout's reference). */
  id: string;
  state: JobState;
  /** When it is (or was) due. */
  due_at: string;
  /** While running: when its claim lapses and another process may take it. */
  lease_until: string | null;
  attempts: number | null;
  max_attempts: number | null;
  last_error: string | null;
  created_at: string;
}

export interface JobListing {
  /** The database's clock when listed. */
  now: string;
  /** Counts by kind and state, over every row (the list itself may be cut at `limit` per source). */
  counts: { kind: string; state: JobState; count: number }[];
  jobs: ListedJob[];
}

interface Row {
  source: ListedJob['source'];
  kind: string;
  id: string;
  state: JobState;
  due_at: Date;
  lease_until: Date | null;
  attempts: number | null;
  max_attempts: number | null;
  last_error: string | null;
  created_at: Date;
}

/** The union of every source, as one relation (states decided by the database's clock). */
const ALL = sql`
  select 'jobs' as source, kind, id::text as id,
    case when status = 'failed' then 'failed'
         when locked_until > now() then 'running'
         when run_at <= now() then 'due' else 'scheduled' end as state,
    run_at as due_at, case when status = 'pending' and locked_until > now() then locked_until end as lease_until,
    attempts, max_attempts, last_error, created_at
  from jobs where status in ('pending', 'failed')
  union all
  select 'payouts', case when handed_at is null then 'payout.hand_over' else 'payout.settle' end, reference,
    case when leased_until = settle_after and settle_after > now() then 'running'
         when settle_after <= now() then 'due' else 'scheduled' end,
    settle_after, case when leased_until = settle_after and settle_after > now() then leased_until end,
    attempts, null, last_error, created_at
  from payouts where settled_at is null
  union all
  select 'notifications', 'notification.' || kind, id::text,
    case when failed_at is not null then 'failed'
         when leased_until = send_after and send_after > now() then 'running'
         when send_after <= now() then 'due' else 'scheduled' end,
    send_after, case when failed_at is null and leased_until = send_after and send_after > now() then leased_until end,
    attempts, ${sql.lit(NOTIFICATION_MAX_ATTEMPTS)}, last_error, created_at
  from notifications where sent_at is null
  union all
  select 'address_proofs', 'address.review', id::text,
    case when review_after <= now() then 'due' else 'scheduled' end,
    review_after, null, null, null, null, created_at
  from address_proofs where status = 'pending'`;

const STATE_ORDER = sql`case state when 'failed' then 0 when 'running' then 1 when 'due' then 2 else 3 end`;

/** Lists waiting and failed jobs: failed first, then running, due and scheduled, oldest due first; at most `limit` per source. */
export async function listJobs(db: Db, { limit = 100 }: { limit?: number } = {}): Promise<JobListing> {
  const now = await sql<{ now: Date }>`select now() as now`.execute(db);
  const counts = await sql<{ kind: string; state: JobState; count: string | number | bigint }>`
    select kind, state, count(*) as count from (${ALL}) j group by kind, state order by kind, state`.execute(db);
  const rows = await sql<Row>`
    select * from (
      select j.*, row_number() over (partition by source order by ${STATE_ORDER}, due_at, id) as n from (${ALL}) j
    ) ranked where n <= ${limit}
    order by ${STATE_ORDER}, due_at, source, id`.execute(db);
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    now: new Date(now.rows[0]!.now).toISOString(),
    counts: counts.rows.map((c) => ({ kind: c.kind, state: c.state, count: Number(c.count) })),
    jobs: rows.rows.map((r) => ({
      source: r.source,
      kind: r.kind,
      id: r.id,
      state: r.state,
      due_at: iso(r.due_at)!,
      lease_until: iso(r.lease_until),
      attempts: r.attempts === null ? null : Number(r.attempts),
      max_attempts: r.max_attempts === null ? null : Number(r.max_attempts),
      last_error: r.last_error,
      created_at: iso(r.created_at)!,
    })),
  };
}
