import { HISTORY_FIRST_PAGE } from '../../../shared/limits';
import { minorToMajor } from '../../../shared/money';
import type { Currency, Pagination, Transaction, TransactionStatus, TransactionType } from '../../../shared/types';
import type { Db } from '../../db/database';
import { badRequest } from '../../lib/errors';
import { maskAccountNumber } from '../../lib/account-number';
import type { TransferStatus } from '../ledger/ledger.tables';
import { historyPage as accountHistoryPage } from '../ledger/history.repository';
import type { HistoryRow } from '../ledger/transfers.repository';

/** The server's page size (spec §9 leaves it to the server). */
const HISTORY_PAGE_SIZE = 10;

const STATUS: Record<Exclude<TransferStatus, 'voided'>, TransactionStatus> = { posted: 'completed', pending: 'pending' };

/**
 * A line's status (spec-next §C): a voided transfer is a payout (or its fee) that failed at its
 * rail or that the customer cancelled in its hold; either way its money went back (refunded).
 */
function statusOf(row: HistoryRow): TransactionStatus {
  if (row.status !== 'voided') return STATUS[row.status];
  return row.payout_outcome === 'cancelled' ? 'cancelled' : 'failed';
}

/**
 * One history line from the customer's side of a transfer (also the head of its detail, GET
 * /transactions/{id}). The Details column shows the first of recipient_name, sent_to,
 * recieved_from, so exactly one of them is set: money out names its recipient (sent_to for a user
 * of the product), money in names its sender. Money in (a deposit, a conversion's credit side, a
 * user's transfer to this customer) is a credit, the rest a debit.
 */
export function historyItem(row: HistoryRow, accountId: bigint): Transaction {
  const incoming = row.credit_account_id === accountId;
  const toUser = row.kind === 'wallet_transfer';
  const { metadata } = row;
  return {
    id: row.reference,
    reference: row.reference,
    direction: incoming ? 'credit' : 'debit',
    refunded: row.status === 'voided',
    transaction_date: row.created_at.toISOString(),
    transaction_type: row.transaction_type,
    amount: minorToMajor(row.amount),
    currency: row.currency,
    status: statusOf(row),
    recipient_name: !incoming && !toUser ? (metadata.recipient_name ?? null) : null,
    sent_to: !incoming && toUser ? (metadata.recipient_name ?? null) : null,
    recieved_from: incoming ? (metadata.sender_name ?? null) : null,
    description: metadata.description ?? null,
    bank_name: metadata.bank_name ?? null,
    // Money in names the sender's account: theirs, so the receiver sees its last four digits.
    account_number: incoming ? maskAccountNumber(metadata.account_number) : (metadata.account_number ?? null),
  };
}

export function historyPage(page: string | undefined): number {
  const value = page === undefined ? HISTORY_FIRST_PAGE : Number(page);
  if (!Number.isSafeInteger(value) || value < HISTORY_FIRST_PAGE) throw badRequest('page must be 1 or more');
  return value;
}

/**
 * A page of the customer's own transactions in one currency, newest first. `checkpointEvery`
 * (HISTORY_CHECKPOINT_EVERY): how far apart the history's checkpoints are (ledger/history.repository.ts).
 * `db` may be the read replica (app.reads); `writer`, the primary, then writes the checkpoints due.
 */
export async function transactionHistory(
  deps: { db: Db; writer?: Db; checkpointEvery: number },
  userId: string,
  query: { currency: Currency; type?: TransactionType; page: number },
): Promise<{ data: Transaction[]; pagination: Pagination }> {
  const { accountId, rows, total } = await accountHistoryPage(deps.db, userId, {
    currency: query.currency,
    filter: query.type ?? 'ALL',
    page: query.page,
    pageSize: HISTORY_PAGE_SIZE,
    checkpointEvery: deps.checkpointEvery,
  }, deps.writer);
  return {
    data: rows.map((row) => historyItem(row, accountId)),
    pagination: { total, limit: HISTORY_PAGE_SIZE, page: query.page },
  };
}
