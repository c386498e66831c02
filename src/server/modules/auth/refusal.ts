import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/errors';

/**
 * Runs `work` in one transaction that commits even when its answer is a refusal: `work` returns
 * the ApiError instead of throwing it, so counters it wrote (wrong OTP or PIN tries) stick.
 */
export async function commitThenRefuse<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T | ApiError>): Promise<T> {
  const result = await db.transaction().execute(work);
  if (result instanceof ApiError) throw result;
  return result;
}

/**
 * Thrown inside `transactionCommitting`: commit what the transaction wrote so far (e.g. a wrong
 * PIN try counted), then fail the request with `error`.
 */
export class CommitThenThrow extends Error {
  override name = 'CommitThenThrow';
  constructor(readonly error: unknown) {
    super('commit, then fail the request');
  }
}

/** Runs `work` in one transaction; a CommitThenThrow commits the transaction, then its error is thrown. */
export async function transactionCommitting<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const outcome = await db.transaction().execute(async (trx): Promise<{ value: T } | { error: unknown }> => {
    try {
      return { value: await work(trx) };
    } catch (err) {
      if (err instanceof CommitThenThrow) return { error: err.error };
      throw err;
    }
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}
