import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '../../shared/endpoints';
import { answers, tierLimits } from '../../shared/messages';
import { schemas } from '../../shared/schemas';
import { notFound } from '../lib/errors';
import { decideProof } from '../modules/address/address.service';

/**
 * POST /dev/proof-of-address { email, decision, reason? }: the simulated reviewer decides this
 * customer's document now (tests and journeys, instead of waiting for the reviewer's job).
 * 404 when no document of theirs is waiting.
 */
export const addressSimRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, config: app.config };
  app.post(
    endpoints.devProofOfAddress.path.replace(/^\/dev/, ''),
    { schema: { ...schemas.devProofOfAddress, tags: ['simulator'], summary: "The simulated reviewer approves or rejects a customer's proof of address now" } },
    async (request) => {
      const user = await app.db
        .selectFrom('users')
        .select('id')
        .where('email_lower', '=', request.body.email.trim().toLowerCase())
        .executeTakeFirst();
      const review = user && (await decideProof(deps, { userId: user.id }, request.body.decision, request.body.reason));
      if (!review) throw notFound(tierLimits.proofNoneWaiting);
      return { success: true as const, message: answers.devProofDecided, data: review };
    },
  );
};
