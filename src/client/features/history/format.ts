/** Pure display rules of the history table and the transaction detail (spec §2, §4; spec-next §C). */
import moment from 'moment';
import type { Transaction } from '../../../shared/types';
import { formatMoney, type BadgeTone } from '../../ui';

/**
 * Status colour, case-insensitive: completed/success green, pending amber, failed red, cancelled
 * (and anything else) grey. Each tone's text on its soft background passes WCAG AA (ui/theme.ts).
 */
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

/** The badge beside the status of a failed or cancelled payout whose money went back to the wallet. */
export const REFUNDED_LABEL = 'Refunded';

/** spec-next §C: money in (a deposit, a conversion's credit, a transfer from another user) or out. */
export const isCredit = ({ direction }: Pick<Transaction, 'direction'>): boolean => direction === 'credit';

/**
 * spec-next §C replaces spec §4's "DEPOSIT only" rule: the direction decides, so money received
 * from another user is green with a plus too. Money in green, money out red.
 */
export const amountTone = (transaction: Pick<Transaction, 'direction'>): BadgeTone =>
  isCredit(transaction) ? 'success' : 'danger';

/** '+$250.75 CAD' for money in, '-₦1,500.00 NGN' for money out. */
export function formatSignedAmount(transaction: Pick<Transaction, 'direction' | 'amount' | 'currency'>): string {
  const sign = isCredit(transaction) ? '+' : '-';
  return `${sign}${formatMoney(transaction.currency, Math.abs(transaction.amount))} ${transaction.currency}`;
}

/**
 * The Details column: the first present of recipient_name, sent_to, recieved_from (spec §3); an
 * item with none of them (a conversion between one's own wallets) shows its description
 * ('Converted to NGN') rather than a bare dash.
 */
export const transactionDetails = ({ recipient_name, sent_to, recieved_from, description }: Transaction): string =>
  recipient_name || sent_to || recieved_from || description || '—';

/** Dates are shown YYYY-MM-DD. */
export const formatDate = (timestamp: string): string => moment(timestamp).format('YYYY-MM-DD');

/** The page count as the spec has it: total / limit, rounded; at least 1. */
// Spec §7: "the rounded total divided by limit". Rounded up, so the last rows are always reachable.
export const pageCount = (total: number, limit: number): number => (limit > 0 ? Math.max(1, Math.ceil(total / limit)) : 1);
