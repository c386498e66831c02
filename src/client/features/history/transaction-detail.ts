/** Pure rules of a history item's detail page (spec-next §C): its receipt lines, its timeline, Send again. */
import { NGN_ACCOUNT_LENGTH } from '../../../shared/limits';
import { formatRate } from '../../../shared/money';
import type { TransactionDetail, TransactionEvent } from '../../../shared/types';
import type { SendAgainDraft } from '../../app/send-again-slice';
import { formatMoney } from '../../ui';
import type { ReceiptRow } from '../money/receipt-modal';
import { receiptDate } from '../money/receipt-modal';
import { decimalMoney, statusWord } from '../money/result';
import { isCredit, REFUNDED_LABEL } from './format';

/** A timeline step as words (where a payout was sent, the bank or Interac, is the step's note). */
export const EVENT_WORDS: Record<TransactionEvent['status'], string> = {
  created: 'Created',
  sent: 'Sent',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** Where a step comes in a transfer's life, for steps of the same moment (a failure and its refund). */
const EVENT_ORDER: Record<TransactionEvent['status'], number> = { created: 0, sent: 1, completed: 2, failed: 2, cancelled: 2, refunded: 3 };

/** The timeline oldest first (as the server sends it; kept so whatever order it came in). */
export const timeline = (events: TransactionEvent[]): TransactionEvent[] =>
  events
    .map((event, index) => ({ event, index, at: Date.parse(event.at) }))
    .sort((a, b) => a.at - b.at || (EVENT_ORDER[a.event.status] ?? 0) - (EVENT_ORDER[b.event.status] ?? 0) || a.index - b.index)
    .map(({ event }) => event);

/** A payout: an item with an expected arrival (spec-next §C: arrives_by is set for payouts only). */
export const isPayout = (detail: Pick<TransactionDetail, 'arrives_by'>): boolean => detail.arrives_by !== null;

/** 'Failed, refunded' for a failed or cancelled payout whose money came back; else the status as words. */
export const statusText = ({ status, refunded }: Pick<TransactionDetail, 'status' | 'refunded'>): string =>
  refunded ? `${statusWord(status)}, ${REFUNDED_LABEL.toLowerCase()}` : status === 'pending' ? 'On its way' : statusWord(status);

/**
 * The receipt of a history item: what moved, its fee and rate, the other party (name, bank, masked
 * account number or e-mail), its status and expected arrival, its reference and date. A line the
 * item does not have is left out.
 */
export function detailRows(detail: TransactionDetail): ReceiptRow[] {
  const { counterparty, currency } = detail;
  const credit = isCredit(detail);
  const name = counterparty.name ?? (credit ? detail.recieved_from : detail.recipient_name || detail.sent_to);
  const rows: (ReceiptRow | false | null | undefined | '')[] = [
    { label: 'Amount', value: formatMoney(currency, Math.abs(detail.amount)) },
    { label: 'Fee', value: decimalMoney(currency, detail.fee) },
    detail.rate !== null && { label: 'Rate', value: `1 CAD = ${formatRate(detail.rate)} NGN` },
    // A conversion's two sides, whichever of its items this is (as its receipt said them).
    detail.conversion && { label: 'Converted', value: decimalMoney(detail.conversion.sent_currency, detail.conversion.sent) },
    detail.conversion && { label: 'Received', value: decimalMoney(detail.conversion.received_currency, detail.conversion.received) },
    name && { label: credit ? 'From' : 'Recipient', value: name },
    counterparty.bank_name && { label: 'Bank', value: counterparty.bank_name },
    counterparty.account_number_masked && { label: 'Account number', value: counterparty.account_number_masked },
    counterparty.email && { label: 'Email', value: counterparty.email },
    detail.description && { label: 'Description', value: detail.description },
    { label: 'Status', value: statusText(detail) },
    detail.status === 'pending' && detail.arrives_by && { label: 'Arrives by', value: receiptDate(detail.arrives_by) },
    { label: 'Transaction reference', value: detail.reference },
    { label: 'Date', value: receiptDate(detail.transaction_date) },
  ];
  return rows.filter((row): row is ReceiptRow => Boolean(row));
}

/**
 * Send again (spec-next §C, for sends): the send screen and what it starts with. An Interac
 * e-Transfer (a CAD payout to an e-mail), a payout to a Nigerian bank account (the account number
 * when the item has it in full, else its masked number: the saved recipient it matches, or the
 * customer types it again), a transfer to another user.
 * Nothing for money received, conversions and bills.
 */
export function sendAgainDraft(detail: TransactionDetail): SendAgainDraft | null {
  if (isCredit(detail) || detail.rate !== null) return null;
  const amount = Math.abs(detail.amount);
  const { counterparty } = detail;
  if (detail.transaction_type === 'WALLET TRANSACTION') {
    return counterparty.email ? { flow: 'kudi-user', currency: detail.currency, email: counterparty.email, amount } : null;
  }
  if (detail.transaction_type !== 'WITHDRAWAL' || !isPayout(detail)) return null;
  if (detail.currency === 'CAD') {
    if (!counterparty.email) return null;
    return { flow: 'interac', name: counterparty.name ?? detail.recipient_name ?? '', email: counterparty.email, amount };
  }
  const full = detail.account_number && new RegExp(`^\\d{${NGN_ACCOUNT_LENGTH}}$`).test(detail.account_number) ? detail.account_number : '';
  // A send to a saved recipient shows its number masked only (spec-next §E): the send screen then
  // picks the saved recipient with that bank and masked number.
  return { flow: 'ngn-bank', bankName: counterparty.bank_name ?? detail.bank_name, accountNumber: full, accountNumberMasked: counterparty.account_number_masked, amount };
}
