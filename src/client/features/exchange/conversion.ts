/** The exchange form's arithmetic and checks (spec §4, §5), on exact minor units (shared/money). */
import * as M from '../../../shared/messages';
import { convert, formatMajor, formatMinor, parseAmount, type ConversionDirection } from '../../../shared/money';
import type { Currency } from '../../../shared/types';
import { validateAmount } from '../../../shared/validation';
import type { Side } from './exchange-slice';

/** CAD to NGN multiplies by the rate (NGN per 1 CAD); NGN to CAD divides. */
export const directionOf = (from: Currency): ConversionDirection => (from === 'CAD' ? 'CAD_TO_NGN' : 'NGN_TO_CAD');
const reverse = (direction: ConversionDirection): ConversionDirection =>
  direction === 'CAD_TO_NGN' ? 'NGN_TO_CAD' : 'CAD_TO_NGN';

/**
 * What the server credits for `sourceMinor`: the shared convert() the server itself calls
 * (conversion.service), rounded down in the house's favour. The two cannot disagree.
 */
export const creditFor = (from: Currency, sourceMinor: bigint, rate: string): bigint => convert(sourceMinor, rate, directionOf(from));

/**
 * Both amounts as shown: the driving side as entered, the other computed from the rate to 2
 * decimals ('' when there is nothing to compute). A typed source gives the target the server
 * credits (rounded down); a typed target gives the source needed to receive it (rounded up).
 * That source can credit more than the typed target (1 cent buys about ₦10.39): see exactTarget.
 */
export function conversionSides(
  { from, driver, amount }: { from: Currency; driver: Side; amount: string },
  rate: string | undefined,
): Record<Side, string> {
  const parsed = parseAmount(amount.trim());
  let computed = '';
  if (rate && parsed.ok) {
    const direction = directionOf(from);
    const minor =
      driver === 'from' ? convert(parsed.minor, rate, direction, 'down') : convert(parsed.minor, rate, reverse(direction), 'up');
    computed = formatMinor(minor, { withCommas: false });
  }
  return driver === 'from' ? { from: amount, to: computed } : { from: computed, to: amount };
}

/**
 * When the target drives and the source it takes credits a different amount than the one typed,
 * the exact credit ('1008.31' for a typed '1000' CAD→NGN at 1,039.50): the target the screen must
 * show before the conversion is sent. null when the target shown is already exactly what the
 * server credits (or there is nothing to compute).
 */
export function exactTarget(form: { from: Currency; driver: Side; amount: string }, rate: string | undefined): string | null {
  if (form.driver !== 'to' || !rate) return null;
  const typed = parseAmount(form.amount.trim());
  const source = parseAmount(conversionSides(form, rate).from);
  if (!typed.ok || !source.ok) return null;
  const credit = creditFor(form.from, source.minor, rate);
  return credit === typed.minor ? null : formatMinor(credit, { withCommas: false });
}


/** A balance (major units, at most 2 decimals) in minor units. */
function balanceMinor(balance: number): bigint {
  const parsed = parseAmount(balance);
  return parsed.ok ? parsed.minor : 0n;
}

/** Whether a valid source amount is above the balance (the live warning). */
export function exceedsBalance(source: string, balance: number | undefined): boolean {
  const amount = parseAmount(source.trim());
  return balance !== undefined && amount.ok && amount.minor > balanceMinor(balance);
}

export const insufficientMessage = (currency: Currency, balance: number) =>
  M.exchange.insufficientBalanceAvailable(currency, formatMajor(balance));

/** The Convert checks in the spec's order: a number, the wallet loaded, above 0, within the balance. */
export function conversionError(source: string, currency: Currency, balance: number | undefined): string | null {
  const amount = validateAmount(source.trim());
  if (!amount.ok && amount.message === M.exchange.invalidAmount) return M.exchange.invalidAmount;
  if (balance === undefined) return M.exchange.walletUnavailable;
  if (!amount.ok) return amount.message;
  return amount.minor > balanceMinor(balance) ? insufficientMessage(currency, balance) : null;
}
