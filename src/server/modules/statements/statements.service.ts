/**
 * Statements (spec-next §E): GET /statements, a wallet's items of a period of the customer's days
 * as a CSV or PDF file, streamed while it is read.
 *
 * What a statement lists, so that opening + credits − debits = closing holds to the minor unit and
 * both ends are the ledger's own balances:
 * - The balance is the ledger's posted balance (`ledger_accounts.balance`): what the customer's
 *   entries add up to. The opening balance is the balance after the wallet's last entry before the
 *   period's first local midnight; the closing one after its last entry before the midnight that
 *   ends the period (migration 0015 makes entries' times follow their order).
 * - A completed item is a posted entry of the wallet, dated when its money moved (a payout when
 *   its rail confirmed it, not when it was sent): a credit or a debit, with the ledger's balance
 *   after it. Fees are items of their own (their own reference), as in the history.
 * - A refunded item is a transfer voided in the period (a payout that failed at its rail or was
 *   cancelled in its hold, or its fee): its money was only reserved, never posted, so it is ONE row
 *   with the amount both as a debit and as a credit, dated when it was refunded, the balance after
 *   it unchanged. It shows what happened without moving the balance the ledger never moved.
 * - Pending items (a payout still on its way) are not on a statement: nothing posted yet. One that
 *   completes later is on the statement of the day it completes.
 * The rows between the two ends are exactly the entries after the opening entry up to the closing
 * one, so their sum is closing − opening by construction; the service checks each entry's balance
 * after against its running total and refuses to finish a statement that disagrees.
 */
import type { Readable } from 'node:stream';
import { PRODUCT_SLUG } from '../../../shared/product';
import { STATEMENT_CONTENT_TYPES } from '../../../shared/limits';
import type { StatementQuery } from '../../../shared/types';
import { statementPeriodError } from '../../../shared/validation';
import type { Db } from '../../db/database';
import { badRequest, notFound } from '../../lib/errors';
import { maskAccountNumber } from '../../lib/account-number';
import { localDateTime } from '../../lib/time-zone';
import type { StatementContent, StatementRow } from './statement-content';
import { csvStatement } from './statement-csv';
import { pdfStatement } from './statement-pdf';
import {
  balanceBefore,
  entriesPage,
  periodBounds,
  refundsPage,
  statementHolder,
  type StatementEntry,
  type StatementHolder,
  type StatementRefund,
  type StatementTransfer,
} from './statements.repository';

/** The query of GET /statements: the wallet, its first and last day ('YYYY-MM-DD', the customer's days) and the file's format. */
export type { StatementQuery } from '../../../shared/types';

export interface StatementFile {
  filename: string;
  contentType: string;
  /** The file, written as it is read (a page of rows at a time). */
  body: Readable;
}

export interface StatementDeps {
  db: Db;
  /** Rows read per query (STATEMENT_PAGE_ROWS): a page of a statement, never the whole period. */
  pageRows: number;
}

const PAYOUT_TYPE: Record<string, string> = { interac: 'Interac e-Transfer', nip: 'Bank transfer' };

/** The kind of item in words: what the customer did or received. */
function typeOf(item: StatementTransfer): string {
  switch (item.kind) {
    case 'deposit':
      return 'Deposit';
    case 'wallet_transfer':
      return item.incoming ? 'Transfer received' : 'Transfer sent';
    case 'withdrawal':
      return (item.payout_rail && PAYOUT_TYPE[item.payout_rail]) ?? 'Withdrawal';
    case 'conversion':
      return 'Conversion';
    case 'bill':
      return 'Bill payment';
    case 'fee':
      return 'Fee';
  }
}

function descriptionOf(item: StatementTransfer): string {
  const { description, rate } = item.metadata;
  if (item.kind === 'conversion' && rate) return `${description ?? 'Conversion'} at 1 CAD = ${rate} NGN`;
  return description ?? '';
}

const joined = (...parts: (string | null | undefined)[]): string => parts.filter((part) => part && part.trim()).join(', ');

/** Who is on the other side, as the detail page names them (account numbers masked). */
function counterpartyOf(item: StatementTransfer): string {
  const { metadata } = item;
  switch (item.kind) {
    case 'deposit':
      return joined(metadata.sender_name, metadata.bank_name, maskAccountNumber(metadata.account_number));
    case 'wallet_transfer':
      return (item.incoming ? metadata.sender_name : metadata.recipient_name) ?? '';
    case 'withdrawal':
      if (item.payout_rail === 'interac') return joined(metadata.recipient_name, item.payout_destination);
      return joined(metadata.recipient_name, metadata.bank_name, maskAccountNumber(metadata.account_number ?? item.payout_destination));
    case 'bill':
      return metadata.recipient_name ?? '';
    default:
      return '';
  }
}

/** A line's date: its moment in the customer's time zone (lib/time-zone.ts localDateTime). */
type LocalTime = (at: Date) => string;

function entryRow(entry: StatementEntry, localTime: LocalTime): StatementRow {
  return {
    date: localTime(entry.at),
    reference: entry.reference,
    type: typeOf(entry),
    description: descriptionOf(entry),
    counterparty: counterpartyOf(entry),
    debit: entry.amount < 0n ? -entry.amount : 0n,
    credit: entry.amount > 0n ? entry.amount : 0n,
    balanceAfter: entry.balance_after,
  };
}

function refundRow(refund: StatementRefund, balance: bigint, localTime: LocalTime): StatementRow {
  const how = refund.payout_outcome === 'cancelled' ? 'cancelled' : 'failed';
  return {
    date: localTime(refund.at),
    reference: refund.reference,
    type: `${typeOf(refund)} (${how}, refunded)`,
    description: descriptionOf(refund),
    counterparty: counterpartyOf(refund),
    debit: refund.amount,
    credit: refund.amount,
    balanceAfter: balance,
  };
}

/** All pages of a keyset-paged read, one page in memory at a time. */
async function* paged<T>(pageRows: number, next: (last: T | undefined) => Promise<T[]>): AsyncGenerator<T> {
  let last: T | undefined;
  for (;;) {
    const page = await next(last);
    yield* page;
    if (page.length < pageRows) return;
    last = page[page.length - 1];
  }
}

/** The ledger and a statement disagree: never sent as if it were right. */
export class StatementMismatchError extends Error {
  override name = 'StatementMismatchError';
}

/**
 * The rows of the period: the wallet's entries after the opening entry up to the closing one (id
 * order), with its refunds of the period placed among them by time. Each entry's balance after
 * must be the running total of opening + credits − debits; the last one must be the closing.
 */
async function* statementRows(
  { db, pageRows }: StatementDeps,
  holder: StatementHolder,
  period: { start: Date; end: Date },
  ends: { openingEntry: bigint; opening: bigint; closingEntry: bigint; closing: bigint },
): AsyncGenerator<StatementRow> {
  const entries = paged<StatementEntry>(pageRows, (last) =>
    entriesPage(db, holder, { afterId: last?.id ?? ends.openingEntry, lastId: ends.closingEntry }, pageRows),
  );
  const refunds = paged<StatementRefund>(pageRows, (last) =>
    refundsPage(db, holder, period, last ? { at: last.cursor_at, id: last.id } : null, pageRows),
  );
  const localTime = localDateTime(holder.timezone);
  let balance = ends.opening;
  let entry = await entries.next();
  let refund = await refunds.next();
  while (!entry.done || !refund.done) {
    if (!refund.done && (entry.done || refund.value.at.getTime() < entry.value.at.getTime())) {
      yield refundRow(refund.value, balance, localTime);
      refund = await refunds.next();
      continue;
    }
    if (entry.done) break;
    balance += entry.value.amount;
    if (balance !== entry.value.balance_after) {
      throw new StatementMismatchError(`Entry ${entry.value.id}: running balance ${balance}, ledger ${entry.value.balance_after}`);
    }
    yield entryRow(entry.value, localTime);
    entry = await entries.next();
  }
  if (balance !== ends.closing) throw new StatementMismatchError(`Statement ends at ${balance}, the ledger at ${ends.closing}`);
}

/** Checks the query; a bad period is a 400 with its reason. */
export function checkStatementQuery(query: StatementQuery): void {
  const problem = statementPeriodError(query.from, query.to);
  if (problem) throw badRequest(problem);
}

export const statementFilename = (query: StatementQuery): string =>
  `${PRODUCT_SLUG}-statement-${query.currency}-${query.from}-to-${query.to}.${query.format}`;

/**
 * The customer's statement as a file: the query checked and both ends read first (a refusal is a
 * JSON 400 before anything is sent), then the rows streamed into the chosen format.
 */
export async function openStatement(deps: StatementDeps, userId: string, query: StatementQuery): Promise<StatementFile> {
  const { db } = deps;
  checkStatementQuery(query);
  const holder = await statementHolder(db, userId, query.currency);
  if (!holder) throw notFound(`No ${query.currency} wallet`);
  const bounds = await periodBounds(db, holder.timezone, query.from, query.to);
  const opening = await balanceBefore(db, holder.accountId, bounds.start);
  let closing = await balanceBefore(db, holder.accountId, bounds.end);
  // Entries written before migration 0015 could carry times out of their order; the closing entry
  // is never taken from before the opening one.
  if (closing.entryId < opening.entryId) closing = opening;
  const content: StatementContent = {
    heading: {
      customerName: `${holder.firstName} ${holder.lastName}`.trim(),
      currency: query.currency,
      from: query.from,
      to: query.to,
      timezone: holder.timezone ?? 'UTC',
      opening: opening.balance,
      closing: closing.balance,
      generatedAt: bounds.now.toISOString(),
    },
    rows: statementRows(deps, holder, bounds, {
      openingEntry: opening.entryId,
      opening: opening.balance,
      closingEntry: closing.entryId,
      closing: closing.balance,
    }),
  };
  return {
    filename: statementFilename(query),
    contentType: STATEMENT_CONTENT_TYPES[query.format],
    body: query.format === 'csv' ? csvStatement(content) : pdfStatement(content),
  };
}
