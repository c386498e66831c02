import type { FeeKind } from '../../../shared/pricing';
import { PRODUCT_NAME } from '../../../shared/product';
import type { Pricing } from '../../../shared/types';

/** The question whose answer states the server's schedule (GET /pricing) once it is known. */
export const FEES_QUESTION = 'What are the fees?';
/** The question whose answer states each tier's sending limits (GET /pricing) once they are known. */
export const LIMITS_QUESTION = 'How much can I transfer?';

const FEE_KIND_NAMES: Record<FeeKind, string> = {
  wallet_transfer_cad: 'CAD transfers to Kudi users',
  wallet_transfer_ngn: 'NGN transfers to Kudi users',
  interac: 'Interac e-Transfers',
  ngn_bank: 'NGN bank transfers',
  bill: 'bill payments',
};

const isZero = (amount: string) => Number(amount) === 0;

/** The margin the FAQ has always called typical (spec §9: 'fees typically 0.5% to 1.5%'). */
const TYPICAL_MARGIN = { low: 0.5, high: 1.5 };

/**
 * The fees answer from the schedule the server applies: the conversion margin (with spec §9's
 * 'typically 0.5% to 1.5%' while it is so), then each kind of payment's fee, or that it is free,
 * and how a percent fee is rounded.
 */
export function feesAnswer(pricing: Pricing): string {
  const marginPercent = Number(pricing.margin_percent);
  const typical = marginPercent >= TYPICAL_MARGIN.low && marginPercent <= TYPICAL_MARGIN.high;
  const margin = `Converting between CAD and NGN costs a ${pricing.margin_percent}% margin on the mid-market rate, shown before you confirm${
    typical ? ' (fees are typically 0.5% to 1.5% of the amount)' : ''
  }.`;
  const free = pricing.fees.filter((line) => isZero(line.flat) && isZero(line.percent)).map((line) => FEE_KIND_NAMES[line.kind]);
  const charged = pricing.fees
    .filter((line) => !isZero(line.flat) || !isZero(line.percent))
    .map((line) => {
      const parts = [
        ...(isZero(line.flat) ? [] : [`${line.flat} ${line.currency}`]),
        ...(isZero(line.percent) ? [] : [`${line.percent}% of the amount`]),
      ];
      return `${FEE_KIND_NAMES[line.kind]}: ${parts.join(' plus ')}`;
    });
  const sentences = [margin];
  if (charged.length > 0) sentences.push(`${charged.join('; ')}.`);
  if (pricing.fees.some((line) => !isZero(line.percent))) sentences.push('A percent fee is rounded up to the cent or kobo.');
  if (free.length > 0) sentences.push(`No fee on ${free.join(', ')}.`);
  return sentences.join(' ');
}

/** CAD as the FAQ writes a limit: '$1,000', or '$250.50' when it has cents. */
const dollars = (amount: string): string => {
  const [whole, cents] = amount.split('.');
  return `$${Number(whole).toLocaleString('en-US')}${cents && cents !== '00' ? `.${cents}` : ''}`;
};

/**
 * The limits answer from the table the server applies (spec-next §B, LIMITS_JSON included): spec
 * §9's sentence for Basic with its per-day limit, then the rest of Basic's and Plus's.
 */
export function limitsAnswer(pricing: Pricing): string | null {
  const basic = pricing.limits.find((line) => line.tier === 'Basic');
  const plus = pricing.limits.find((line) => line.tier === 'Plus');
  if (!basic || !plus) return null;
  return (
    `Basic verified accounts can transfer up to ${dollars(basic.per_day)} per day. ` +
    `One transfer can be up to ${dollars(basic.per_transfer)}; over 30 days, up to ${dollars(basic.per_30_days)}. ` +
    `Plus accounts, with an approved proof of address, can transfer up to ${dollars(plus.per_day)} per day, ` +
    `${dollars(plus.per_transfer)} in one transfer and ${dollars(plus.per_30_days)} over 30 days.`
  );
}

/** The FAQ, built on the statements of spec §9. */
export const FAQ: readonly { question: string; answer: string }[] = [
  { question: 'How long does a payment take?', answer: 'Most payments are instant.' },
  { question: 'How long do international transfers take?', answer: 'International transfers take 1-3 business days.' },
  { question: LIMITS_QUESTION, answer: 'Basic verified accounts can transfer up to $1,000 per day.' },
  { question: FEES_QUESTION, answer: 'Fees are typically 0.5% to 1.5% of the amount.' },
  { question: 'Which currencies are supported?', answer: 'Canadian dollars (CAD) and Nigerian naira (NGN).' },
  { question: `Who can use ${PRODUCT_NAME}?`, answer: `You must be 18 or older to use ${PRODUCT_NAME}.` },
];
