import * as M from '../../../shared/messages';
import { minorToMajor, parseAmount } from '../../../shared/money';
import { feeMinor, type FeeKind, type FeeRule } from '../../../shared/pricing';
import type { Currency } from '../../../shared/types';
import { amountAbove, type AmountValue } from './amount';
import { useFeeRule } from './review-lines';
import { useLimitCheck } from './use-limit-check';

/**
 * Why an amount is refused over the balance, null within it (or while the balance is not known):
 * the form's own text (`overBalance`, spec §5's) when the amount itself is above the balance; when
 * only its fee takes it over, a text that names the fee (the amount is not above the balance).
 * Without a fee rule (GET /pricing not answered yet) the amount alone is compared.
 */
export function balanceRefusal(
  currency: Currency,
  value: AmountValue,
  balance: number | undefined,
  feeRule: FeeRule | undefined,
  overBalance: (balance: number) => string,
): string | null {
  if (balance === undefined || !amountAbove(value, balance, feeRule)) return null;
  const amount = value === '' ? null : parseAmount(value);
  if (!amount?.ok || !feeRule || amountAbove(value, balance)) return overBalance(balance);
  return M.transfers.amountAndFeeTooHigh(currency, minorToMajor(feeMinor(feeRule, amount.minor)), balance);
}

export interface AmountCheckOptions {
  currency: Currency;
  /** The fee kind of this send (GET /pricing), as its review counts it. */
  feeKind: FeeKind;
  /** The wallet's balance, undefined until it loads. */
  balance: number | undefined;
  /** The form's text for an amount above the balance by itself. */
  overBalance: (balance: number) => string;
}

export interface AmountCheck {
  /** The send's fee rule (useFeeRule), undefined until GET /pricing answers. */
  feeRule: FeeRule | undefined;
  /**
   * What the form says under the amount as it is typed (spec-next §A: before review and PIN), null
   * when it may go on: the amount and its fee above the balance (balanceRefusal), else the amount
   * past the tier's limits (useLimitCheck, the server's 403 texts). What is not known yet (balance,
   * fee, limits) refuses nothing: the server still checks.
   */
  refusal(amount: AmountValue): string | null;
}

/** The balance and limits check of a send form, with the fee its review shows (bills, Interac, Kudi user). */
export function useAmountCheck({ currency, feeKind, balance, overBalance }: AmountCheckOptions): AmountCheck {
  const feeRule = useFeeRule(feeKind);
  const limitRefusal = useLimitCheck(currency);
  return {
    feeRule,
    refusal: (amount) => balanceRefusal(currency, amount, balance, feeRule, overBalance) ?? limitRefusal(amount),
  };
}
