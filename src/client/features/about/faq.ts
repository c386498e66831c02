import type { FeeKind } from '../../../shared/pricing';
import { PRODUCT_NAME } from '../../../shared/product';
import type { Pricing } from '../../../shared/types';

/** The question whose answer states the server's schedule (GET /pricing) once it is known. */
export const FEES_QUESTION = 'What are the fees?';

const FEE_KIND_NAMES: Record<FeeKind, string> = {
  wallet_transfer_cad: 'CAD transfers to Kudi users',
  wallet_transfer_ngn: 'NGN transfers to Kudi users',
  interac: 'Interac e-Transfers',
  ngn_bank: 'NGN bank transfers',
  bill: 'bill payments',
};

const isZero = (amount: string) => Number(amount) === 0;

/**
 * The fees answer from the schedule the server applies: the conversion margin (within the typical
 * 0.5% to 1.5% the FAQ has always promised), then each kind of payment's fee, or that it is free.
 */
export function feesAnswer(pricing: Pricing): string {
  const margin = `Converting between CAD and NGN costs a ${pricing.margin_percent}% margin on the mid-market rate, shown before you confirm (fees are typically 0.5% to 1.5% of the amount).`;
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
  if (free.length > 0) sentences.push(`No fee on ${free.join(', ')}.`);
  return sentences.join(' ');
}

/** The FAQ, built on the statements of spec §9. */
export const FAQ: readonly { question: string; answer: string }[] = [
  { question: 'How long does a payment take?', answer: 'Most payments are instant.' },
  { question: 'How long do international transfers take?', answer: 'International transfers take 1-3 business days.' },
  { question: 'How much can I transfer?', answer: 'Basic verified accounts can transfer up to $1,000 per day.' },
  { question: FEES_QUESTION, answer: 'Fees are typically 0.5% to 1.5% of the amount.' },
  { question: 'Which currencies are supported?', answer: 'Canadian dollars (CAD) and Nigerian naira (NGN).' },
  { question: `Who can use ${PRODUCT_NAME}?`, answer: `You must be 18 or older to use ${PRODUCT_NAME}.` },
];
