import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { activity, answers } from '../../../shared/messages';
import { signedIn } from '../../plugins/auth';
import { callSpec } from '../auth/route-spec';
import { cancelTransaction, transactionDetail } from './activity.service';

/** A transfer's whole life (spec-next §C): its detail with the timeline, and cancelling a payout in its hold. */
export const activityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, config: app.config };

  app.route({
    ...callSpec(
      app,
      'transactionDetail',
      'activity',
      "One of the customer's transactions: its history fields, fee, rate, counterparty, expected arrival and timeline",
      true,
    ),
    handler: async (request) => {
      const { userId } = signedIn(request);
      // From the read replica once it has replayed the customer's own last write (app.reads).
      return { success: true as const, message: answers.transaction, data: await app.reads.read(userId, (db) => transactionDetail({ ...deps, db }, userId, request.params.id)) };
    },
  });

  app.route({
    ...callSpec(app, 'cancelTransaction', 'activity', 'Cancel a payout not yet handed to its rail (its hold, PAYOUT_HOLD_S); the money is back at once', true),
    handler: async (request) => ({
      success: true as const,
      message: activity.cancelled,
      data: await cancelTransaction(deps, signedIn(request).userId, request.params.id),
    }),
  });
};
