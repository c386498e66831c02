import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { answers, recipients } from '../../../shared/messages';
import { signedIn } from '../../plugins/auth';
import { callSpec } from '../auth/route-spec';
import { deleteRecipient, listRecipients } from './recipients.service';

/** Saved recipients (spec-next §E): the customer's, newest first, and removing one. */
export const recipientRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...callSpec(app, 'listRecipients', 'recipients', "The customer's saved recipients (each completed send's), newest first; account numbers masked", true),
    handler: async (request) => ({ success: true as const, message: answers.recipients, data: await listRecipients(app.db, signedIn(request).userId) }),
  });

  app.route({
    ...callSpec(app, 'deleteRecipient', 'recipients', 'Remove one of the saved recipients', true),
    handler: async (request) => {
      await deleteRecipient(app.db, signedIn(request).userId, request.params.id);
      return { success: true as const, message: recipients.deleted, data: { id: request.params.id } };
    },
  });
};
