/**
 * Column types the table files share. A leaf: table files import it, and schema.ts imports the
 * table files, so no table file needs schema.ts.
 */
import type { ColumnType } from 'kysely';

/** A timestamptz with a database default: optional on insert, a Date when read. */
export type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
