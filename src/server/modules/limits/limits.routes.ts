import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { answers } from '../../../shared/messages';
import { signedIn } from '../../plugins/auth';
import { callSpec } from '../auth/route-spec';
import { limitsOf } from './limits.service';

/** GET /limits: the customer's tier, its limits and what is used and left (spec-next §B). */
export const limitRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...callSpec(app, 'limits', 'limits', "The customer's sending limits: tier, limits, used and remaining today and in 30 days (CAD)", true),
    handler: async (request) => ({ success: true as const, message: answers.limits, data: await limitsOf(app.db, { config: app.config, rates: app.adapters.rates }, signedIn(request).userId) }),
  });
};
