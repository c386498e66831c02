/** Tables of the jobs module (migration 0018). */
import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTimestamp } from '../../db/columns';

type JsonColumn<T> = ColumnType<T, string | undefined, string>;

export type JobStatus = 'pending' | 'done' | 'failed';

/** A piece of background work with no domain row of its own (see migration 0018). */
export interface JobsTable {
  id: Generated<bigint>;
  kind: string;
  /** Unique when set: one row per recurring job ('sweep:expired') or per event. */
  key: string | null;
  payload: JsonColumn<Record<string, unknown>>;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  /** When it is due (again, after a failure: its backoff). */
  run_at: DefaultedTimestamp;
  /** Claims so far (a claim counts as an attempt, so a job whose process keeps dying ends failed). */
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  last_error: string | null;
  /** The process holding it, until `locked_until` (its lease). */
  locked_by: string | null;
  locked_until: Date | null;
  created_at: DefaultedTimestamp;
  finished_at: Date | null;
}

export interface JobsTables {
  jobs: JobsTable;
}
