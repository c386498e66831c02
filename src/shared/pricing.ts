/**
 * What Kudi charges (spec-next §A), as both sides compute it: the exchange margin in basis points
 * of the mid rate, and a fee table with a flat and a percent fee per kind of outgoing money call.
 * The server applies the table of its configuration (FEES_JSON) and publishes it at GET /pricing;
 * the app shows the same numbers. Pure bigint arithmetic, no floats.
 */
import type { CURRENCIES } from './limits';
import { formatMinor } from './money';

type Currency = (typeof CURRENCIES)[number];

/**
 * The kinds of outgoing money call a fee applies to, each in one currency (a flat fee is in it):
 * user transfers in CAD and in NGN, Interac e-Transfers, NGN bank payouts and bills.
 * Conversions carry no fee: Kudi earns only the disclosed margin on them.
 */
export const FEE_KINDS = ['wallet_transfer_cad', 'wallet_transfer_ngn', 'interac', 'ngn_bank', 'bill'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];

export const FEE_KIND_CURRENCY: Record<FeeKind, Currency> = {
  wallet_transfer_cad: 'CAD',
  wallet_transfer_ngn: 'NGN',
  interac: 'CAD',
  ngn_bank: 'NGN',
  bill: 'CAD',
};

/** One kind's fee: a flat amount (minor units of the kind's currency) plus a percent (basis points) of the amount. */
export interface FeeRule {
  flatMinor: bigint;
  percentBps: number;
}

export type FeeTable = Record<FeeKind, FeeRule>;

export const NO_FEE: FeeRule = { flatMinor: 0n, percentBps: 0 };

/** Every kind free: the default table. */
export const FREE_TABLE: FeeTable = Object.fromEntries(FEE_KINDS.map((kind) => [kind, NO_FEE])) as FeeTable;

const BPS = 10_000n;

/** The user-transfer kind of a currency. */
export const walletTransferKind = (currency: Currency): FeeKind => (currency === 'CAD' ? 'wallet_transfer_cad' : 'wallet_transfer_ngn');

/**
 * The fee on an amount (minor units): the flat part plus the percent of the amount, the percent
 * part rounded UP to the minor unit (in the house's favour, as quotes round).
 */
export function feeMinor(rule: FeeRule, amountMinor: bigint): bigint {
  const numerator = amountMinor * BigInt(rule.percentBps);
  const percent = numerator / BPS + (numerator % BPS === 0n ? 0n : 1n);
  return rule.flatMinor + percent;
}

/** Basis points as a percent string with two decimals: 100 → '1.00', 5 → '0.05'. */
export function bpsToPercent(bps: number): string {
  const whole = Math.trunc(bps / 100);
  return `${whole}.${String(bps % 100).padStart(2, '0')}`;
}

/** Money in the new fields of spec-next: two decimals, no thousands separators ('1250.00'). */
export const decimalMoney = (minor: bigint): string => formatMinor(minor, { withCommas: false });
