import { formatMinor, parseAmount } from '../../../shared/money';
import { feeMinor, type FeeKind, type FeeRule } from '../../../shared/pricing';
import type { Currency, Pricing } from '../../../shared/types';
import { useGetPricingQuery } from '../../api/limits-api';
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

/** A fee line of GET /pricing as the fee maths takes it (flat in minor units, percent in basis points). */
export function feeRuleOf(pricing: Pricing, kind: FeeKind): FeeRule | undefined {
  const line = pricing.fees.find((candidate) => candidate.kind === kind);
  const flat = line && hundredths(line.flat);
  const percent = line && hundredths(line.percent);
  if (flat === undefined || flat === null || percent === undefined || percent === null) return undefined;
  return { flatMinor: flat, percentBps: Number(percent) };
}

/** '1.50' → 150n, '0.00' → 0n: a two-decimal string of the new fields in hundredths; null if it is not one. */
function hundredths(decimal: string): bigint | null {
  const match = /^(\d+)\.(\d{2})$/.exec(decimal);
  return match ? BigInt(match[1]) * 100n + BigInt(match[2]) : null;
}

/**
 * The fee rule the server applies to this kind of send (GET /pricing, the server's FEES_JSON);
 * undefined until it is known, and the review then shows no fee figure rather than a guess.
 */
export function useFeeRule(kind: FeeKind): FeeRule | undefined {
  const pricing = useGetPricingQuery();
  return pricing.data ? feeRuleOf(pricing.data, kind) : undefined;
}

const money = (currency: Currency, minor: bigint) => formatMoney(currency, Number(formatMinor(minor, { withCommas: false })));

/**
 * The review of a send (spec-next §A): the recipient's details, what they get ('Amount'), the fee,
 * what leaves the wallet and when it arrives.
 */
export function sendReviewLines(
  currency: Currency,
  amount: AmountValue,
  recipient: ReceiptRow[],
  arrives: string,
  /** The kind's fee rule (useFeeRule); undefined while it is not known. */
  feeRule: FeeRule | undefined,
): ReceiptRow[] {
  const parsed = amount === '' ? null : parseAmount(amount);
  const minor = parsed?.ok ? parsed.minor : null;
  const fee = minor === null || !feeRule ? null : feeMinor(feeRule, minor);
  return [
    ...recipient,
    { label: 'Amount', value: minor === null ? '' : money(currency, minor) },
    { label: 'Fee', value: fee === null ? '' : money(currency, fee) },
    { label: 'Total from your wallet', value: minor === null || fee === null ? '' : money(currency, minor + fee) },
    { label: 'Recipient gets', value: minor === null ? '' : money(currency, minor) },
    { label: 'Arrives', value: arrives },
  ];
}
