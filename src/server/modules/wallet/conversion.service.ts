import { quotes } from '../../../shared/messages';
import { convert, formatRate, minorToMajor } from '../../../shared/money';
import type { ConversionReceipt, Currency, Req } from '../../../shared/types';
import { validateAmount } from '../../../shared/validation';
import { badRequest, conflict } from '../../lib/errors';
import { customerAccount, lockAccounts, systemAccountId, type Trx } from '../ledger/accounts.repository';
import { transfer } from '../ledger/ledger.service';
import { conversionDirection, type Quote } from '../fx/quotes';
import { lockQuote, markQuoteUsed } from '../fx/quotes.repository';
import { AMOUNT_TOO_SMALL, decimalRate } from '../fx/quotes.service';

export interface ConversionOrder {
  from: Currency;
  to: Currency;
  /** Minor units of the source currency. */
  amount: bigint;
}

/** Checks a conversion request: a valid positive amount with at most 2 decimals, CAD↔NGN only. */
export function conversionOrder(body: Req<'currencyConversion'>): ConversionOrder {
  const amount = validateAmount(body.amount);
  if (!amount.ok) throw badRequest(amount.message);
  conversionDirection(body.from_currency, body.to_currency);
  return { from: body.from_currency, to: body.to_currency, amount: amount.minor };
}

/** A conversion's numbers: what leaves the source wallet, what arrives in the target, at which rate. */
interface Movement extends ConversionOrder {
  /** Minor units of the target currency. */
  received: bigint;
  /** NGN per 1 CAD, with thousands commas as spec §3 shows rates ('1,039.50'). */
  rate: string;
}

/**
 * Moves a conversion as two linked transfers through the FX liquidity accounts, in the caller's
 * transaction; answers the receipt and the first leg's id.
 */
async function moveConversion(trx: Trx, userId: string, move: Movement): Promise<{ receipt: ConversionReceipt; transferId: bigint }> {
  const source = await customerAccount(trx, userId, move.from);
  const target = await customerAccount(trx, userId, move.to);
  const houseSource = await systemAccountId(trx, 'fx_liquidity', move.from);
  const houseTarget = await systemAccountId(trx, 'fx_liquidity', move.to);
  // Both legs' accounts are locked up front, in the one global order: opposite conversions
  // running at once would otherwise each hold one FX account and wait for the other.
  await lockAccounts(trx, [source.id, target.id, houseSource, houseTarget]);
  const metadata = { rate: move.rate };
  const out = await transfer(trx, {
    debit: source.id,
    credit: houseSource,
    amount: move.amount,
    currency: move.from,
    kind: 'conversion',
    metadata: { ...metadata, description: `Converted to ${move.to}` },
  });
  await transfer(trx, {
    debit: houseTarget,
    credit: target.id,
    amount: move.received,
    currency: move.to,
    kind: 'conversion',
    linkedId: out.id,
    metadata: { ...metadata, description: `Converted from ${move.from}` },
  });
  const receipt = {
    from_currency: move.from,
    to_currency: move.to,
    amount: minorToMajor(move.amount),
    converted_amount: minorToMajor(move.received),
    // A new field: spec-next's form of a rate ('1039.50'), not spec §3's actual_rate ('1,039.50').
    rate: decimalRate(move.rate),
    reference: out.reference,
    created_at: out.created_at.toISOString(),
  };
  return { receipt, transferId: out.id };
}

/**
 * Converts between the customer's wallets at the quoted rate, as two linked transfers through
 * the FX liquidity accounts in one transaction. The target amount is rounded down to the minor
 * unit (house's favour): exactly what the app computes from the same rate string.
 */
export async function convertCurrency(trx: Trx, userId: string, order: ConversionOrder, quote: Quote): Promise<ConversionReceipt> {
  const received = convert(order.amount, quote.actual_rate, quote.direction);
  if (received <= 0n) throw badRequest(AMOUNT_TOO_SMALL);
  return (await moveConversion(trx, userId, { ...order, received, rate: quote.actual_rate })).receipt;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A conversion at a quote of POST /quotes (spec-next §A), in the caller's transaction: at the
 * quote's rate and amounts, whatever the rate is now. The quote is locked first, so of two
 * requests using it one converts and the other finds it used; it is marked used in the same
 * transaction as the money, so both happen or neither does. Refusals: another customer's quote
 * (or no such quote), or another pair or send amount than the body's → 400; used or expired → 409.
 */
export async function convertAtQuote(trx: Trx, userId: string, order: ConversionOrder, quoteId: string): Promise<ConversionReceipt> {
  const quote = UUID.test(quoteId) ? await lockQuote(trx, quoteId.toLowerCase()) : undefined;
  const matches =
    quote !== undefined &&
    quote.user_id === userId &&
    quote.from_currency === order.from &&
    quote.to_currency === order.to &&
    quote.send_amount === order.amount;
  if (!matches) throw badRequest(quotes.mismatch);
  if (quote.used_at) throw conflict(quotes.used);
  if (quote.expired) throw conflict(quotes.expired);
  const { receipt, transferId } = await moveConversion(trx, userId, {
    ...order,
    received: quote.receive_amount,
    rate: formatRate(quote.rate),
  });
  await markQuoteUsed(trx, quote.id, transferId);
  return receipt;
}
