import { PRODUCT_NAME } from '../../../shared/product';

/** The FAQ, built on the statements of spec §9. */
export const FAQ: readonly { question: string; answer: string }[] = [
  { question: 'How long does a payment take?', answer: 'Most payments are instant.' },
  { question: 'How long do international transfers take?', answer: 'International transfers take 1-3 business days.' },
  { question: 'How much can I transfer?', answer: 'Basic verified accounts can transfer up to $1,000 per day.' },
  { question: 'What are the fees?', answer: 'Fees are typically 0.5% to 1.5% of the amount.' },
  { question: 'Which currencies are supported?', answer: 'Canadian dollars (CAD) and Nigerian naira (NGN).' },
  { question: `Who can use ${PRODUCT_NAME}?`, answer: `You must be 18 or older to use ${PRODUCT_NAME}.` },
];
