import { formatMinor, parseAmount } from '../../../shared/money';
import type { Currency } from '../../../shared/types';
import { formatMoney } from '../../ui';
import type { AmountValue } from './amount';
import type { ReceiptRow } from './receipt-modal';

/** When the money arrives, as the review says it (the FAQ: most payments are instant). */
export const ARRIVES = {
  /** Between Kudi wallets, and a conversion between one's own wallets. */
  instantly: 'Instantly',
  /** Interac e-Transfer and NGN bank payouts, handed to the rail at once. */
  payout: 'Usually within minutes',
  bill: 'Usually within minutes',
} as const;

/**
 * The fee of a send. spec-next §A: the server applies a fee table (FEES_JSON, default 0 for every
 * kind), but no call tells the client that table; until one does, the default is shown.
 */
export const sendFeeMinor = (_amountMinor: bigint): bigint => 0n;

const money = (currency: Currency, minor: bigint) => formatMoney(currency, Number(formatMinor(minor, { withCommas: false })));

/**
 * The review of a send (spec-next §A): the recipient's details, what they get ('Amount'), the fee,
 * what leaves the wallet and when it arrives.
 */
export function sendReviewLines(currency: Currency, amount: AmountValue, recipient: ReceiptRow[], arrives: string): ReceiptRow[] {
  const parsed = amount === '' ? null : parseAmount(amount);
  const minor = parsed?.ok ? parsed.minor : null;
  const fee = minor === null ? null : sendFeeMinor(minor);
  return [
    ...recipient,
    { label: 'Amount', value: minor === null ? '' : money(currency, minor) },
    { label: 'Fee', value: fee === null ? '' : money(currency, fee) },
    { label: 'Total from your wallet', value: minor === null || fee === null ? '' : money(currency, minor + fee) },
    { label: 'Recipient gets', value: minor === null ? '' : money(currency, minor) },
    { label: 'Arrives', value: arrives },
  ];
}
