import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '../../shared/endpoints';
import { answers } from '../../shared/messages';
import { schemas } from '../../shared/schemas';
import { listOutbox } from './outbox.repository';

/** GET /dev/outbox?to=: the newest e-mails and SMS sent to an address or phone number. */
export const outboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    endpoints.devOutbox.path.replace(/^\/dev/, ''),
    { schema: { ...schemas.devOutbox, tags: ['simulator'], summary: 'Messages the simulated e-mail and SMS delivered' } },
    async (request) => {
      const rows = await listOutbox(app.db, request.query.to.trim());
      return {
        success: true as const,
        message: answers.devOutbox,
        data: rows.map((row) => ({
          to: row.recipient,
          subject: row.subject,
          body: row.body,
          otp: row.otp,
          ...(row.html === null ? {} : { html: row.html }),
          created_at: row.created_at.toISOString(),
        })),
      };
    },
  );
};
