import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { server } from '../../../shared/messages';
import { OkMessage, responses } from '../../../shared/schemas';
import { acceptSignedJsonOnly, SIGNATURE_HEADER } from '../../lib/webhook-signature';
import type { AuthDeps } from './auth.deps';
import { IdentityDecisionWebhook } from './identity.schemas';
import { applyIdentityDecision } from './identity.service';
import { WEBHOOK_TOLERANCE_MS } from './rules';

export const IDENTITY_WEBHOOK_PATH = '/webhooks/identity';

/** Webhooks from the identity provider: signed JSON only (see acceptSignedJsonOnly), replays are no-ops. */
export const webhookRoutes: FastifyPluginAsyncTypebox<{ deps: AuthDeps }> = async (app, { deps }) => {
  acceptSignedJsonOnly(app, deps.config.webhookSecret, WEBHOOK_TOLERANCE_MS);

  app.post(
    IDENTITY_WEBHOOK_PATH,
    {
      schema: {
        tags: ['webhooks'],
        summary: `Identity decision from the provider (signed: ${SIGNATURE_HEADER}: t=<unix seconds>,v1=<HMAC-SHA256 hex>)`,
        body: IdentityDecisionWebhook,
        response: responses(OkMessage),
      },
    },
    async (request) => {
      const outcome = await applyIdentityDecision(deps, request.body);
      return { success: true as const, message: outcome === 'applied' ? server.webhookApplied : server.webhookReplayed, data: null };
    },
  );
};
