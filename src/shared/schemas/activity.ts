/** A transfer's whole life (spec-next §C): its detail with the timeline, and cancelling a payout. */
import { Type } from '@sinclair/typebox';
import type { EndpointName } from '../endpoints';
import { Currency, Nullable, Ok, Timestamp, TransactionEventStatus, responses, type EndpointSchema } from './common';
import { DecimalMoney, DecimalRate } from './pricing';
import { Transaction } from './wallet';

/** One step of the timeline: created, sent (to the rail), completed, failed, cancelled, refunded. */
export const TransactionEvent = Type.Object({
  status: TransactionEventStatus,
  at: Timestamp,
  /** What happened, in words (e.g. 'Sent to the bank', the rail's failure reason). */
  note: Nullable(Type.String()),
});

/** Who is on the other side: a name and, where there is one, the bank and masked account, or the e-mail. */
export const Counterparty = Type.Object({
  name: Nullable(Type.String()),
  bank_name: Nullable(Type.String()),
  /** Only the last four digits shown, e.g. '******6789'. */
  account_number_masked: Nullable(Type.String()),
  email: Nullable(Type.String()),
});

export const TransactionDetail = Type.Composite([
  Transaction,
  Type.Object({
    /** The fee charged on top of the amount ('0.00' when none). */
    fee: DecimalMoney,
    /** NGN per 1 CAD of a conversion; null for anything else. */
    rate: Nullable(DecimalRate),
    /** A conversion's two sides (both of its history items say the same); null for anything else. */
    conversion: Nullable(
      Type.Object({ sent: DecimalMoney, sent_currency: Currency, received: DecimalMoney, received_currency: Currency }),
    ),
    counterparty: Counterparty,
    /** Payouts: when the money is expected to arrive; null for anything else. */
    arrives_by: Nullable(Timestamp),
    /** True while a payout may still be cancelled (not yet handed to the rail). */
    cancellable: Type.Boolean(),
    /** Oldest first; the item's status is the latest. */
    events: Type.Array(TransactionEvent),
  }),
]);

const TransactionIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const activitySchemas = {
  transactionDetail: { params: TransactionIdParams, response: responses(Ok(TransactionDetail)) },
  cancelTransaction: { params: TransactionIdParams, response: responses(Ok(TransactionDetail)) },
} satisfies Partial<Record<EndpointName, EndpointSchema>>;
