/**
 * Quotes, limits by tier and proof of address (spec-next §A and §B). Money in these new fields is
 * a decimal string with two decimals and no thousands separators ('1250.00'); rates are decimal
 * strings of NGN per 1 CAD ('1039.50'); times are ISO 8601 UTC.
 */
import { Type } from '@sinclair/typebox';
import type { EndpointName } from '../endpoints';
import { Currency, Email, MoneyInput, Ok, Timestamp, responses, type EndpointSchema } from './common';

/** '1250.00': two decimals, no thousands separators. */
export const Money = Type.String({ pattern: '^[0-9]+\\.[0-9]{2}$' });
/** NGN per 1 CAD, e.g. '1039.50'. */
export const RateText = Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' });

export const AMOUNT_SIDES = ['send', 'receive'] as const;
export const TIERS = ['Basic', 'Plus'] as const;
export const PROOF_OF_ADDRESS_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export const PROOF_OF_ADDRESS_DECISIONS = ['approve', 'reject'] as const;

export const AmountSide = Type.Union(AMOUNT_SIDES.map((side) => Type.Literal(side)));
export const Tier = Type.Union(TIERS.map((tier) => Type.Literal(tier)));
export const ProofOfAddressStatusName = Type.Union(PROOF_OF_ADDRESS_STATUSES.map((status) => Type.Literal(status)));

/** POST /quotes body: `amount` is what is sent (amount_side 'send') or what must arrive ('receive'). */
export const QuoteRequest = Type.Object({
  from_currency: Currency,
  to_currency: Currency,
  amount: MoneyInput,
  amount_side: AmountSide,
});

/** A quote: its rate held until expires_at (QUOTE_TTL_S, 60 s), for the customer who asked, usable once. */
export const Quote = Type.Object({
  quote_id: Type.String(),
  from_currency: Currency,
  to_currency: Currency,
  /** Rounded up (the house's favour). */
  send_amount: Money,
  /** Rounded down (the house's favour). */
  receive_amount: Money,
  rate: RateText,
  mid_rate: RateText,
  /** The disclosed margin, in percent of mid, e.g. '1.00'. */
  margin_percent: Type.String(),
  fee: Money,
  expires_at: Timestamp,
});

/** The optional field POST /wallet/currency-conversion accepts: the conversion then honours that quote. */
export const QuoteReference = Type.Object({ quote_id: Type.Optional(Type.String({ maxLength: 100 })) });

/** GET /limits: the tier's limits in CAD, what is used and left today (the customer's own day) and over 30 days. */
export const Limits = Type.Object({
  tier: Tier,
  currency: Type.Literal('CAD'),
  per_transfer: Money,
  per_day: Money,
  per_30_days: Money,
  used_today: Money,
  remaining_today: Money,
  used_30_days: Money,
  remaining_30_days: Money,
  resets_at: Timestamp,
});

export const ProofOfAddressStatus = Type.Object({
  status: ProofOfAddressStatusName,
  /** Why a document was rejected. */
  reason: Type.Optional(Type.String()),
});

export const pricingSchemas = {
  createQuote: { body: QuoteRequest, response: responses(Ok(Quote)) },
  limits: { response: responses(Ok(Limits)) },
  /** multipart/form-data with one file field `document` (PDF, PNG or JPEG, at most 5 MB). */
  uploadProofOfAddress: { response: responses(Ok(Type.Object({ status: Type.Literal('pending') }))) },
  proofOfAddress: { response: responses(Ok(ProofOfAddressStatus)) },
  devProofOfAddress: {
    body: Type.Object({ email: Email, decision: Type.Union(PROOF_OF_ADDRESS_DECISIONS.map((decision) => Type.Literal(decision))) }),
    response: responses(Ok(ProofOfAddressStatus)),
  },
} satisfies Partial<Record<EndpointName, EndpointSchema>>;
