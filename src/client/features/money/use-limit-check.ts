import { useCallback } from 'react';
import * as M from '../../../shared/messages';
import { convert, formatMinor, ngnLimitCount, parseAmount } from '../../../shared/money';
import type { Currency, Limits } from '../../../shared/types';
import { useGetLimitsQuery } from '../../api/limits-api';
import type { AmountValue } from './amount';

const minorOf = (amount: number | string): bigint | null => {
  const parsed = parseAmount(amount);
  return parsed.ok ? parsed.minor : null;
};

const shown = (money: string) => {
  const minor = minorOf(money);
  return minor === null ? money : formatMinor(minor);
};

/**
 * Which limit of spec-next §B an amount of `cadMinor` (in CAD) goes past, as the server's 403 says
 * it: the per-transfer limit; else, past what is left today or over 30 days, the one that leaves
 * less (the day's on a tie, as kudi_limit_charge chooses); null within.
 */
export function limitRefusal(cadMinor: bigint, limits: Limits): string | null {
  // A limit of '0.00' (nothing left) reads as no amount: anything above 0 goes past it.
  const minor = (limit: string) => minorOf(limit) ?? 0n;
  if (cadMinor > minor(limits.per_transfer)) return M.tierLimits.perTransferLimit(shown(limits.per_transfer));
  const today = minor(limits.remaining_today);
  const thirty = minor(limits.remaining_30_days);
  if (cadMinor <= today && cadMinor <= thirty) return null;
  return today <= thirty
    ? M.tierLimits.dailyLimit(shown(limits.remaining_today))
    : M.tierLimits.thirtyDayLimit(shown(limits.remaining_30_days));
}

/**
 * The most naira one send may be under the tier's per-transfer limit (its CAD count at the mid
 * rate within it), in kobo.
 */
export const ngnPerTransferMax = (limits: Pick<Limits, 'per_transfer' | 'ngn_mid_rate'>): bigint =>
  convert(minorOf(limits.per_transfer) ?? 0n, limits.ngn_mid_rate, 'CAD_TO_NGN', 'down');

/**
 * The limits check of a money form (spec-next §A: the form says it before review and PIN): a
 * function from the amount typed to the refusal text, null while within the limits or while they
 * are not known (the server still enforces them). NGN counts in CAD as the server counts it: at the
 * mid rate GET /limits gives (`ngn_mid_rate`), rounded up to the cent.
 */
export function useLimitCheck(currency: Currency): (amount: AmountValue) => string | null {
  const { data: limits } = useGetLimitsQuery();
  return useCallback(
    (amount: AmountValue) => {
      if (amount === '' || !limits) return null;
      const minor = minorOf(amount);
      if (minor === null) return null;
      return limitRefusal(currency === 'CAD' ? minor : ngnLimitCount(minor, limits.ngn_mid_rate), limits);
    },
    [limits, currency],
  );
}
