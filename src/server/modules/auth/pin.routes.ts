import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pin as pinMessages, server } from '../../../shared/messages';
import { signedIn } from '../../plugins/auth';
import type { AuthDeps } from './auth.deps';
import { confirmTransactionPin, createPin, resetTransactionPin } from './pin.service';
import { callSpec } from './route-spec';

/** The transaction PIN: set it once, confirm it (step-up for bill payment), change it. */
export const pinRoutes: FastifyPluginAsyncTypebox<{ deps: AuthDeps }> = async (app, { deps }) => {
  app.route({
    ...callSpec(app, 'createPin', 'pin', 'Set the first transaction PIN', true),
    handler: async (request) => {
      const { transaction_pin: pin, confirm_transaction_pin: confirmation } = request.body;
      await createPin(deps, signedIn(request).userId, pin, confirmation);
      return { success: 'true' as const, message: pinMessages.setSuccess, data: null };
    },
  });

  app.route({
    ...callSpec(app, 'confirmTransactionPin', 'pin', 'Check the PIN (lockout after 5 wrong); allows one bill payment within 5 minutes', true),
    handler: async (request) => {
      await confirmTransactionPin(deps, signedIn(request), request.body.transaction_pin);
      return { success: true as const, message: server.pinConfirmed, data: null };
    },
  });

  app.route({
    ...callSpec(app, 'resetTransactionPin', 'pin', 'Change the PIN after a fresh password check in this session', true),
    handler: async (request) => {
      await resetTransactionPin(deps, signedIn(request), request.body.new_pin, request.body.confirm_pin);
      return { success: true as const, message: pinMessages.changeSuccess, data: null };
    },
  });
};
