/**
 * Transaction control as statement text (Kysely's BEGIN, START TRANSACTION …, COMMIT, ROLLBACK):
 * what database.ts's pool and pglite-remote.ts read to know whether a transaction is open.
 */
export const BEGINS = /^\s*(begin|start\s+transaction)\b/i;
export const ENDS = /^\s*(commit|rollback|end|abort)\s*;?\s*$/i;
/** An end that commits (as opposed to ROLLBACK or ABORT). */
export const COMMITS = /^\s*(commit|end)\b/i;
