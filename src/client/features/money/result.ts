import moment from 'moment';
import { CURRENCY_SYMBOL } from '../../../shared/limits';
import { formatMinor } from '../../../shared/money';
import type { Currency, TransactionStatus } from '../../../shared/types';
import { receiptDate, type ReceiptRow } from './receipt-modal';

/**
 * What a result says (spec-next §C: result screens tell the truth). A payout the rail has not
 * answered yet is on its way, never completed; only a completed movement is.
 */

/** The status as a receipt and the detail page name it. */
export const STATUS_WORDS: Record<TransactionStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** A status of the data as words; an unknown spelling is shown as it came. */
export const statusWord = (status: string): string => STATUS_WORDS[status.toLowerCase() as TransactionStatus] ?? status;

/**
 * When a payout is expected, in the customer's time: '3:45 PM' today, 'Mar 15, 3:45 PM' on
 * another day of this year, 'Jan 2, 2027, 3:45 PM' in another year.
 */
export function expectedTime(arrivesBy: string, now: moment.Moment = moment()): string {
  const at = moment(arrivesBy);
  if (at.isSame(now, 'day')) return at.format('h:mm A');
  return at.format(at.isSame(now, 'year') ? 'MMM D, h:mm A' : 'MMM D, YYYY, h:mm A');
}

/** 'On its way. Expected by 3:45 PM' (or 'On its way.' while the arrival is not known). */
export function onItsWay(arrivesBy: string | null | undefined): string {
  return arrivesBy ? `On its way. Expected by ${expectedTime(arrivesBy)}` : 'On its way.';
}

/** A movement's answer as far as its result goes: its status and, for a payout, its expected arrival. */
export interface Outcome {
  status: TransactionStatus;
  arrives_by?: string | null;
}

/** The sentence a pending result leads with; null when there is nothing more to say than its status. */
export const pendingNotice = ({ status, arrives_by }: Outcome): string | null => (status === 'pending' ? onItsWay(arrives_by) : null);

/**
 * What a result says first: on its way while pending; once it has settled (a receipt left open
 * while the payout completed, failed or was cancelled), what became of it and of the money.
 */
export function resultNotice(outcome: Outcome & { refunded?: boolean }): string | null {
  if (outcome.status === 'pending') return pendingNotice(outcome);
  if (outcome.status === 'completed') return 'Completed.';
  return `${statusWord(outcome.status)}.${outcome.refunded ? ' The money is back in your wallet.' : ''}`;
}

/**
 * The success toast of a send: `completed` ('Transaction completed successfully!', spec §8) only
 * when it is completed; a pending payout says it is on its way, any other state names itself.
 */
export function resultMessage(outcome: Outcome, completed: string): string {
  if (outcome.status === 'completed') return completed;
  return pendingNotice(outcome) ?? `Transfer ${statusWord(outcome.status).toLowerCase()}.`;
}

/** A decimal money string of spec-next's fields ('1250.00') as shown: '$1,250.00'; anything else as it came. */
export function decimalMoney(currency: Currency, decimal: string): string {
  const match = /^(\d+)\.(\d{2})$/.exec(decimal);
  return match ? `${CURRENCY_SYMBOL[currency]}${formatMinor(BigInt(match[1] + match[2]))}` : decimal;
}

/** The fee line of a receipt, when the answer has one (spec-next §A: always sent, optional in the schema). */
export const feeRows = (currency: Currency, fee: string | undefined): ReceiptRow[] =>
  fee === undefined ? [] : [{ label: 'Fee', value: decimalMoney(currency, fee) }];

/** The status line of a receipt ('On its way' while pending) and, while pending, when it arrives. */
export const statusRows = ({ status, arrives_by }: Outcome): ReceiptRow[] => [
  { label: 'Status', value: status === 'pending' ? 'On its way' : statusWord(status) },
  ...(status === 'pending' && arrives_by ? [{ label: 'Arrives by', value: receiptDate(arrives_by) }] : []),
];
