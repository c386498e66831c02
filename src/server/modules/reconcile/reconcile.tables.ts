/** Tables of the reconciliation module (migration 0019). */
import type { ColumnType } from 'kysely';
import type { DefaultedTimestamp } from '../../db/columns';

/** The daily reconciliation of one day (UTC): claimed by one process, then its report. */
export interface ReconciliationsTable {
  /** 'YYYY-MM-DD' */
  day: ColumnType<string, string, never>;
  claimed_at: DefaultedTimestamp;
  /** Host and process id of the process that claimed it. */
  claimed_by: string;
  finished_at: Date | null;
  /** Null until finished; then whether the report found nothing. */
  ok: boolean | null;
  report: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface ReconcileTables {
  reconciliations: ReconciliationsTable;
}
