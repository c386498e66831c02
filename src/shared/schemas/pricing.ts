/** Quotes and the price list (spec-next §A). Money and rates are decimal strings, times ISO 8601 UTC. */
import { Type } from '@sinclair/typebox';
import type { EndpointName } from '../endpoints';
import { FEE_KINDS } from '../pricing';
import { Currency, MoneyInput, Ok, Tier, Timestamp, responses, type EndpointSchema } from './common';

/** Money in the new fields: two decimals, no thousands separators, e.g. '1250.00'. */
export const DecimalMoney = Type.String({ pattern: '^[0-9]+\\.[0-9]{2}$', description: "Two decimals, no thousands separators, e.g. '1250.00'" });
/** A rate of NGN per 1 CAD without thousands separators, e.g. '1039.50'. */
export const DecimalRate = Type.String({ pattern: '^[0-9]+\\.[0-9]+$', description: "NGN per 1 CAD, e.g. '1039.50'" });
/** A percent with two decimals, e.g. '1.00'. */
export const Percent = Type.String({ pattern: '^[0-9]+\\.[0-9]{2}$', description: "A percent with two decimals, e.g. '1.00'" });

export const Quote = Type.Object({
  /** Pass it to POST /wallet/currency-conversion as quote_id. */
  quote_id: Type.String(),
  from_currency: Currency,
  to_currency: Currency,
  /** What leaves the from_currency wallet (rounded up on the receive side). */
  send_amount: DecimalMoney,
  /** What arrives in the to_currency wallet (rounded down on the send side). */
  receive_amount: DecimalMoney,
  /** The rate held, margin included. */
  rate: DecimalRate,
  mid_rate: DecimalRate,
  /** Kudi's margin, in percent of the mid rate. */
  margin_percent: Percent,
  /** Conversions carry no fee: '0.00'. */
  fee: DecimalMoney,
  /** The quote holds until then (QUOTE_TTL_S after it was made). */
  expires_at: Timestamp,
});

export const FeeLine = Type.Object({
  kind: Type.Union(FEE_KINDS.map((kind) => Type.Literal(kind))),
  /** The currency of the kind's amounts (and of its flat fee). */
  currency: Currency,
  flat: DecimalMoney,
  /** Of the amount sent, the result rounded up to the minor unit. */
  percent: Percent,
});

/** A tier's sending limits in CAD (spec-next §B, LIMITS_JSON over the default table). */
export const TierLimitsLine = Type.Object({
  tier: Tier,
  per_transfer: DecimalMoney,
  per_day: DecimalMoney,
  per_30_days: DecimalMoney,
});

export const Pricing = Type.Object({
  margin_percent: Percent,
  /** How long a quote holds its rate. */
  quote_ttl_seconds: Type.Integer(),
  /** Every kind of outgoing call, free ones too. Conversions carry no fee, only the margin. */
  fees: Type.Array(FeeLine),
  /** Each tier's sending limits, Basic then Plus, as the server applies them (the FAQ states them). */
  limits: Type.Array(TierLimitsLine),
});


export const pricingSchemas = {
  createQuote: {
    body: Type.Object({
      from_currency: Currency,
      to_currency: Currency,
      /** Major units, at most two decimals, > 0. */
      amount: MoneyInput,
      /** 'send': amount is what leaves the from wallet; 'receive': what must arrive (the answer gives the exact send amount). */
      amount_side: Type.Union([Type.Literal('send'), Type.Literal('receive')]),
    }),
    response: responses(Ok(Quote)),
  },
  pricing: { response: responses(Ok(Pricing)) },
} satisfies Partial<Record<EndpointName, EndpointSchema>>;
