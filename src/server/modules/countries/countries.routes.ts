import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '../../../shared/endpoints';
import { answers } from '../../../shared/messages';
import { schemas } from '../../../shared/schemas';
import { COUNTRY_LIST } from './countries';

/** GET /countries (unguarded): the nationality, residence and phone country pickers. */
export const countryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    endpoints.countries.path,
    { schema: { ...schemas.countries, tags: ['countries'], summary: 'Countries with dial codes, Canada and Nigeria first' } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return { success: true as const, message: answers.countries, data: [...COUNTRY_LIST] };
    },
  );
};
