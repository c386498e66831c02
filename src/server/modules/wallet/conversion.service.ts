import { convert, minorToMajor } from '../../../shared/money';
import type { ConversionReceipt, Currency, Req } from '../../../shared/types';
import { validateAmount } from '../../../shared/validation';
import { badRequest } from '../../lib/errors';
import { customerAccount, lockAccounts, systemAccountId, type Trx } from '../ledger/accounts.repository';
import { transfer } from '../ledger/ledger.service';
import { conversionDirection, type Quote } from '../fx/quotes';

const AMOUNT_TOO_SMALL = 'Amount is too small to convert';

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

/**
 * Converts between the customer's wallets at the quoted rate, as two linked transfers through
 * the FX liquidity accounts in one transaction. The target amount is rounded down to the minor
 * unit (house's favour): exactly what the app computes from the same rate string.
 */
export async function convertCurrency(trx: Trx, userId: string, order: ConversionOrder, quote: Quote): Promise<ConversionReceipt> {
  const received = convert(order.amount, quote.actual_rate, quote.direction);
  if (received <= 0n) throw badRequest(AMOUNT_TOO_SMALL);
  const source = await customerAccount(trx, userId, order.from);
  const target = await customerAccount(trx, userId, order.to);
  const houseSource = await systemAccountId(trx, 'fx_liquidity', order.from);
  const houseTarget = await systemAccountId(trx, 'fx_liquidity', order.to);
  // Both legs' accounts are locked up front, in the one global order: opposite conversions
  // running at once would otherwise each hold one FX account and wait for the other.
  await lockAccounts(trx, [source.id, target.id, houseSource, houseTarget]);
  const metadata = { rate: quote.actual_rate };
  const out = await transfer(trx, {
    debit: source.id,
    credit: houseSource,
    amount: order.amount,
    currency: order.from,
    kind: 'conversion',
    metadata: { ...metadata, description: `Converted to ${order.to}` },
  });
  await transfer(trx, {
    debit: houseTarget,
    credit: target.id,
    amount: received,
    currency: order.to,
    kind: 'conversion',
    linkedId: out.id,
    metadata: { ...metadata, description: `Converted from ${order.from}` },
  });
  return {
    from_currency: order.from,
    to_currency: order.to,
    amount: minorToMajor(order.amount),
    converted_amount: minorToMajor(received),
    rate: quote.actual_rate,
    created_at: out.created_at.toISOString(),
  };
}
