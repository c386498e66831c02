import type { Endpoint } from '../../../shared/endpoints';
import type { Currency } from '../../../shared/types';

/** A money POST's argument: its body and the Idempotency-Key of this confirmed submission. */
export interface MoneyArgs<Body> {
  body: Body;
  idempotencyKey: string;
}

/** The request of a money POST, its Idempotency-Key as a header (the reauth retry sends it again). */
export const moneyRequest = <Body>(endpoint: Endpoint, { body, idempotencyKey }: MoneyArgs<Body>) => ({
  url: endpoint.path,
  method: endpoint.method,
  body,
  headers: { 'Idempotency-Key': idempotencyKey },
});

/** What a movement in `currency` makes stale: that wallet, its history and the day's limits (GET /limits). */
export const touchedBy = (currency: Currency) => [
  { type: 'Wallet' as const, id: currency },
  { type: 'Transactions' as const, id: `LIST-${currency}` },
  { type: 'Limits' as const },
];

/**
 * The saved recipients (spec-next §E, GET /recipients): a completed send saves its recipient, so it
 * makes them stale: a user transfer's mutation (it completes at once), a payout when the pending
 * watch sees it completed (features/history/pending-watch.ts).
 */
export const recipientsTag = { type: 'Recipients' as const };
