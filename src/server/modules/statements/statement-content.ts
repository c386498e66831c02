/** What a statement holds, as its writers (CSV, PDF) take it: the heading and the rows (spec-next §E). */
import type { Currency } from '../../../shared/types';

/** One line of a statement. Money in minor units; debit and credit are 0 when empty. */
export interface StatementRow {
  /** 'YYYY-MM-DD HH:MM:SS' in the customer's time zone. */
  date: string;
  reference: string;
  type: string;
  description: string;
  counterparty: string;
  debit: bigint;
  credit: bigint;
  balanceAfter: bigint;
}

/** What a statement says besides its rows: whose, which wallet, which days, both ends. */
export interface StatementHeading {
  customerName: string;
  currency: Currency;
  from: string;
  to: string;
  /** The zone its days are counted in: the customer's, else 'UTC'. */
  timezone: string;
  opening: bigint;
  closing: bigint;
  /** When it was made (ISO 8601, UTC). */
  generatedAt: string;
}

/** The heading and the rows (read as they are taken), given to a writer (CSV or PDF). */
export interface StatementContent {
  heading: StatementHeading;
  rows: AsyncIterable<StatementRow>;
}
