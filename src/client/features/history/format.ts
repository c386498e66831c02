/** Pure display rules of the history table (spec §2, §4). */
import moment from 'moment';
import type { Transaction } from '../../../shared/types';
import { formatMoney, type BadgeTone } from '../../ui';

/** Status colour, case-insensitive: completed/success green, pending yellow, failed red, else grey. */
export function statusTone(status: string): BadgeTone {
  switch (status.toLowerCase()) {
    case 'completed':
    case 'success':
      return 'success';
    case 'pending':
      return 'warning';
    case 'failed':
      return 'danger';
    default:
      return 'neutral';
  }
}

/**
 * Spec §4, as written: "The amount is green with a plus for DEPOSIT and red with a minus for the
 * others". A WALLET TRANSACTION is red with a minus whichever way it went (the Details column
 * names the other party: sent_to or recieved_from).
 */
export const isDeposit = ({ transaction_type }: Pick<Transaction, 'transaction_type'>): boolean => transaction_type === 'DEPOSIT';

/** DEPOSIT green, every other type red. */
export const amountTone = (transaction: Pick<Transaction, 'transaction_type'>): BadgeTone =>
  isDeposit(transaction) ? 'success' : 'danger';

/** '+$250.75 CAD' for a DEPOSIT, '-₦1,500.00 NGN' for the others. */
export function formatSignedAmount(transaction: Pick<Transaction, 'transaction_type' | 'amount' | 'currency'>): string {
  const sign = isDeposit(transaction) ? '+' : '-';
  return `${sign}${formatMoney(transaction.currency, Math.abs(transaction.amount))} ${transaction.currency}`;
}

/** The Details column: the first present of recipient_name, sent_to, recieved_from. */
export const transactionDetails = ({ recipient_name, sent_to, recieved_from }: Transaction): string =>
  recipient_name || sent_to || recieved_from || '—';

/** Dates are shown YYYY-MM-DD. */
export const formatDate = (timestamp: string): string => moment(timestamp).format('YYYY-MM-DD');

/** The page count as the spec has it: total / limit, rounded; at least 1. */
// Spec §7: "the rounded total divided by limit". Rounded up, so the last rows are always reachable.
export const pageCount = (total: number, limit: number): number => (limit > 0 ? Math.max(1, Math.ceil(total / limit)) : 1);
