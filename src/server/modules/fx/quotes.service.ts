/**
 * Rate-locked quotes (spec-next §A): POST /quotes prices a conversion from the current mid rate
 * and the margin (FX_MARGIN_BPS), on either side, and holds it for one customer for QUOTE_TTL_S
 * seconds; POST /wallet/currency-conversion with its quote_id then runs at exactly these numbers
 * (wallet/conversion.service.ts). Rounding stays in the house's favour: what is received rounds
 * down, what is sent rounds up.
 */
import { MAX_AMOUNT_MINOR } from '../../../shared/limits';
import { server } from '../../../shared/messages';
import { convert, type ConversionDirection } from '../../../shared/money';
import { bpsToPercent, decimalMoney } from '../../../shared/pricing';
import type { Quote, Req } from '../../../shared/types';
import { validateAmount } from '../../../shared/validation';
import type { MidRateSource } from '../../adapters/types';
import type { Db } from '../../db/database';
import { badRequest } from '../../lib/errors';
import type { AmountSide } from './fx.tables';
import { conversionDirection, quoteRate } from './quotes';
import { takeHit, throttles } from '../auth/throttle.service';
import { insertQuote, type QuoteRow } from './quotes.repository';

/** The conversion service's refusal of an amount that converts to nothing. */
export const AMOUNT_TOO_SMALL = 'Amount is too small to convert';

const opposite = (direction: ConversionDirection): ConversionDirection => (direction === 'CAD_TO_NGN' ? 'NGN_TO_CAD' : 'CAD_TO_NGN');

/** A rate or mid rate as the new fields show it: no thousands separators, at least two decimals ('1050' → '1050.00'). */
export function decimalRate(rate: string): string {
  const [whole, fraction = ''] = rate.replace(/,/g, '').split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

export interface PricedConversion {
  direction: ConversionDirection;
  /** Minor units of the source currency. */
  send: bigint;
  /** Minor units of the target currency. */
  receive: bigint;
  /** The quoted rate, NGN per 1 CAD, e.g. '1039.50'. */
  rate: string;
}

/**
 * Prices a conversion at a rate. Send side: `amount` leaves, the floor of its conversion arrives
 * (as a conversion without a quote). Receive side: `amount` arrives and the send amount is the
 * LEAST whose conversion (rounded down) reaches it: the ceiling of the inverse conversion. So the
 * receive amount never exceeds the send amount at the rate, and a cent less would not yield it.
 */
export function priceAt(rate: string, direction: ConversionDirection, amount: bigint, side: AmountSide): PricedConversion {
  if (side === 'send') return { direction, send: amount, receive: convert(amount, rate, direction), rate };
  return { direction, send: convert(amount, rate, opposite(direction), 'up'), receive: amount, rate };
}

export interface QuoteRequest {
  direction: ConversionDirection;
  /** Minor units of the side's currency. */
  amount: bigint;
  side: AmountSide;
}

/** Checks a quote request (400s): two different currencies, an amount > 0 with at most two decimals. */
export function quoteRequest(body: Req<'createQuote'>): QuoteRequest {
  const direction = conversionDirection(body.from_currency, body.to_currency);
  const amount = validateAmount(body.amount);
  if (!amount.ok) throw badRequest(amount.message);
  return { direction, amount: amount.minor, side: body.amount_side };
}

/** Prices a checked request from the mid rate and margin; 400 when it converts to nothing or needs too much. */
export function priceConversion(midRate: string, marginBps: number, request: QuoteRequest): PricedConversion {
  const rate = decimalRate(quoteRate(midRate, marginBps, request.direction));
  const priced = priceAt(rate, request.direction, request.amount, request.side);
  if (priced.receive <= 0n) throw badRequest(AMOUNT_TOO_SMALL);
  if (priced.send > MAX_AMOUNT_MINOR) throw badRequest(server.amountTooLarge);
  return priced;
}

/** The answer's `data` for a stored quote. */
export const quoteView = (row: QuoteRow): Quote => ({
  quote_id: row.id,
  from_currency: row.from_currency,
  to_currency: row.to_currency,
  send_amount: decimalMoney(row.send_amount),
  receive_amount: decimalMoney(row.receive_amount),
  rate: row.rate,
  mid_rate: row.mid_rate,
  margin_percent: bpsToPercent(row.margin_bps),
  // Conversions carry no fee: Kudi earns the disclosed margin only.
  fee: decimalMoney(0n),
  expires_at: row.expires_at.toISOString(),
});

export interface QuoteDeps {
  db: Db;
  rates: MidRateSource;
  config: { fxMarginBps: number; quoteTtlS: number; quotesPerMinute: number };
}

/** POST /quotes: prices the conversion now and holds it for this customer for QUOTE_TTL_S seconds. */
export async function createQuote(deps: QuoteDeps, userId: string, body: Req<'createQuote'>): Promise<Quote> {
  // The request's own faults first, so a bad amount is a 400 even while the rate source is down.
  const request = quoteRequest(body);
  // A customer asks for a quote as they pause typing; a client asking far faster is refused (429).
  const throttle = { ...throttles.quotesPerUser, limit: deps.config.quotesPerMinute };
  await takeHit(deps.db, throttle, userId);
  const midRate = await deps.rates.midRate();
  const { fxMarginBps, quoteTtlS } = deps.config;
  const priced = priceConversion(midRate, fxMarginBps, request);
  const row = await insertQuote(
    deps.db,
    {
      user_id: userId,
      from_currency: body.from_currency,
      to_currency: body.to_currency,
      amount_side: body.amount_side,
      send_amount: priced.send,
      receive_amount: priced.receive,
      rate: priced.rate,
      mid_rate: decimalRate(midRate),
      margin_bps: fxMarginBps,
    },
    quoteTtlS,
  );
  return quoteView(row);
}
