/** The exchange form's arithmetic and checks (spec §4, §5), on exact minor units (shared/money). */
import * as M from '../../../shared/messages';
import { convert, formatMajor, formatMinor, formatRate, parseAmount, type ConversionDirection } from '../../../shared/money';
import type { Currency } from '../../../shared/types';
import { validateAmount } from '../../../shared/validation';
import type { Side } from './exchange-slice';

/** A rate (NGN per 1 CAD) as the exchange's screens write it: '1 CAD = 1,039.50 NGN'. */
export const rateText = (rate: string | number): string => `1 CAD = ${formatRate(rate)} NGN`;

/** CAD to NGN multiplies by the rate (NGN per 1 CAD); NGN to CAD divides. */
export const directionOf = (from: Currency): ConversionDirection => (from === 'CAD' ? 'CAD_TO_NGN' : 'NGN_TO_CAD');
const reverse = (direction: ConversionDirection): ConversionDirection =>
  direction === 'CAD_TO_NGN' ? 'NGN_TO_CAD' : 'CAD_TO_NGN';

/**
 * Both amounts as shown: the driving side as entered, the other computed from the rate to 2
 * decimals ('' when there is nothing to compute). A typed source gives the target the server
 * credits (rounded down); a typed target gives the source needed to receive it (rounded up).
 * On the receive side the screen shows the server's quote instead (POST /quotes, amount_side 'receive').
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
