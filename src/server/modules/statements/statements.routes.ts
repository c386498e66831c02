import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { signedIn } from '../../plugins/auth';
import { callSpec } from '../auth/route-spec';
import { openStatement } from './statements.service';

/**
 * GET /statements (spec-next §E): the signed-in customer's statement of one wallet for a period of
 * their days, as an attachment streamed while it is written. A refusal (bad period) is JSON, sent
 * before any of the file.
 */
export const statementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, pageRows: app.config.statementPageRows };
  app.route({
    ...callSpec(
      app,
      'statement',
      'statements',
      "A wallet's statement for a period of the customer's days, as CSV or PDF: opening balance, every completed or refunded item, closing balance",
      true,
    ),
    handler: async (request, reply) => {
      const { userId } = signedIn(request);
      // From the read replica once it has replayed the customer's own last write (app.reads).
      const file = await app.reads.read(userId, (db) => openStatement({ ...deps, db }, userId, request.query));
      file.body.on('error', (err) => request.log.error({ err, reqId: request.id }, 'statement stream failed'));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        // A stream, sent as it is read (the 200's schema describes the file, not a JSON body).
        .send(file.body as unknown as string);
    },
  });
};
