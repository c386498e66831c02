import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OkMessage, responses } from '../../../shared/schemas';
import { acceptSignedJsonOnly, SIGNATURE_HEADER } from '../../lib/webhook-signature';
import { WEBHOOK_TOLERANCE_MS } from '../auth/rules';
import { PAYOUT_WEBHOOK_PATH, PayoutOutcomeEvent } from './payout-webhook.schemas';
import { applyPayoutOutcome } from './payouts.service';

const ANSWERS = { applied: 'Payout settled', replayed: 'Payout already settled' } as const;

/** The payout rails' outcome webhook: signed JSON only (acceptSignedJsonOnly); a replay is a no-op. */
export const payoutWebhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  acceptSignedJsonOnly(app, app.config.webhookSecret, WEBHOOK_TOLERANCE_MS);

  app.post(
    PAYOUT_WEBHOOK_PATH,
    {
      schema: {
        tags: ['webhooks'],
        summary: `A payout settled at its rail (signed: ${SIGNATURE_HEADER}: t=<unix seconds>,v1=<HMAC-SHA256 hex>)`,
        body: PayoutOutcomeEvent,
        response: responses(OkMessage),
      },
    },
    async (request) => {
      const result = await app.db.transaction().execute((trx) => applyPayoutOutcome(trx, request.body));
      return { success: true as const, message: ANSWERS[result], data: null };
    },
  );
};
