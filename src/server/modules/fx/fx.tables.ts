/** Tables of the fx module (migration 0008). Money is bigint minor units; rates are decimal text. */
import type { Generated } from 'kysely';
import type { Currency } from '../../../shared/types';
import type { DefaultedTimestamp } from '../../db/columns';

export type AmountSide = 'send' | 'receive';

/** A rate held for one customer until expires_at, used at most once by a conversion. */
export interface QuotesTable {
  id: Generated<string>;
  user_id: string;
  from_currency: Currency;
  to_currency: Currency;
  amount_side: AmountSide;
  /** Minor units of from_currency: what leaves the source wallet. */
  send_amount: bigint;
  /** Minor units of to_currency: what arrives in the target wallet. */
  receive_amount: bigint;
  /** NGN per 1 CAD, margin included, e.g. '1039.50'. */
  rate: string;
  /** NGN per 1 CAD, the mid rate the quote was made from. */
  mid_rate: string;
  margin_bps: number;
  created_at: DefaultedTimestamp;
  expires_at: Date;
  used_at: Date | null;
  /** The conversion's first leg, once used. */
  transfer_id: bigint | null;
}

export interface FxTables {
  quotes: QuotesTable;
}
