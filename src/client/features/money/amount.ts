import { mixed } from 'yup';
import { parseAmount } from '../../../shared/money';
import { feeMinor, type FeeRule } from '../../../shared/pricing';
import { validateAmount } from '../../../shared/validation';

/** An amount field's value: Formik reads a number input as a number, or '' when it is empty. */
export type AmountValue = number | '';

/**
 * A required amount (step 0.01): empty gives `requiredMessage`, anything the API would refuse
 * gives validateAmount's text ('Please enter an amount greater than 0', …).
 */
export const amountSchema = (requiredMessage: string) =>
  mixed<AmountValue>().test('amount', requiredMessage, (value, context) => {
    if (value === '' || value === undefined) return context.createError({ message: requiredMessage });
    const amount = validateAmount(value);
    return amount.ok || context.createError({ message: amount.message });
  });

const minor = (major: number) => {
  const parsed = parseAmount(major);
  return parsed.ok ? parsed.minor : 0n;
};

/**
 * Whether a valid amount is above `max` (a balance or limit in major units), compared exactly in
 * minor units; with a fee rule, the amount and its fee (what leaves the wallet) against a balance.
 */
export function amountAbove(value: AmountValue, max: number | undefined, feeRule?: FeeRule): boolean {
  if (value === '' || max === undefined) return false;
  const amount = parseAmount(value);
  if (!amount.ok) return false;
  const fee = feeRule ? feeMinor(feeRule, amount.minor) : 0n;
  return amount.minor + fee > minor(max);
}
