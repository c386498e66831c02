import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Trx } from '../ledger/accounts.repository';
import type { QuotesTable } from './fx.tables';

export type QuoteRow = Selectable<QuotesTable>;

/** Unused quotes are kept this long after they lapse (a late conversion is still told "expired"), then deleted. */
export const LAPSED_QUOTE_KEPT_S = 3600;
/** Unused quotes whose `expires_at` is before this are deleted (insertQuote per customer, the sweep for all). */
export const quoteLapsedBefore = sql<Date>`now() - ${LAPSED_QUOTE_KEPT_S}::integer * interval '1 second'`;

/**
 * Records a quote held `ttlS` seconds from now by the database's clock (the one every API process
 * shares), and deletes this customer's unused quotes that lapsed over LAPSED_QUOTE_KEPT_S ago (a
 * used quote stays: it is the conversion's record of its rate).
 */
export async function insertQuote(
  db: Db,
  values: Omit<Insertable<QuotesTable>, 'id' | 'created_at' | 'expires_at' | 'used_at' | 'transfer_id'>,
  ttlS: number,
): Promise<QuoteRow> {
  await db
    .deleteFrom('quotes')
    .where('user_id', '=', values.user_id)
    .where('used_at', 'is', null)
    .where('expires_at', '<', quoteLapsedBefore)
    .execute();
  return db
    .insertInto('quotes')
    .values({ ...values, expires_at: sql<Date>`now() + ${ttlS}::integer * interval '1 second'` })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The quote, locked FOR UPDATE for the rest of the conversion's transaction (two requests using
 * one quote wait for each other: the second sees it used), and whether it has expired by the
 * database's clock now (not the transaction's start).
 */
export async function lockQuote(trx: Trx, id: string): Promise<(QuoteRow & { expired: boolean }) | undefined> {
  return trx
    .selectFrom('quotes')
    .selectAll()
    .select(sql<boolean>`expires_at <= clock_timestamp()`.as('expired'))
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Marks a locked quote used by the conversion whose first leg is `transferId`. */
export async function markQuoteUsed(trx: Trx, id: string, transferId: bigint): Promise<void> {
  await trx.updateTable('quotes').set({ used_at: sql<Date>`now()`, transfer_id: transferId }).where('id', '=', id).execute();
}
