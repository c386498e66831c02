/** What a payout rail posts back when a payout settles (server-only: the app never sends it). */
import { Type } from '@sinclair/typebox';

export const PAYOUT_WEBHOOK_PATH = '/webhooks/payouts';

export const PayoutOutcomeEvent = Type.Object({
  /** The payout's reference (the receipt's transaction_reference / tx_ref). */
  reference: Type.String({ minLength: 1, maxLength: 64 }),
  status: Type.Union([Type.Literal('completed'), Type.Literal('failed')]),
  /** Why the rail refused it (failed only). */
  reason: Type.Optional(Type.String({ maxLength: 200 })),
});
