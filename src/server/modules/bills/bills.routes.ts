import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { answers, bills } from '../../../shared/messages';
import { signedIn } from '../../plugins/auth';
import { callSpec } from '../auth/route-spec';
import { limitContext } from '../limits/limits.service';
import { requireVerifiedSender } from '../transfers/sender.service';
import { billOrder, payBill } from './bills.service';

/** /bills/*: find a payee, pay a bill from the CAD wallet after a PIN confirmation. */
export const billRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { billers } = app.adapters;

  app.route({
    ...callSpec(app, 'searchPayee', 'bills', 'Payees whose name contains the text (schools, residences, electricity, other billers)', true),
    handler: async (request) => ({ success: true as const, message: answers.payees, data: await billers.search(request.body.name, request.body.category) }),
  });

  app.route({
    ...callSpec(app, 'createBillPayment', 'bills', 'Pay a bill from the CAD wallet (needs POST /auth/confirm-transaction-pin first)', true),
    // Idempotency-Key (plugins/idempotency.ts); the PIN was confirmed by its own call.
    config: { idempotent: {} },
    handler: async (request) => {
      const auth = signedIn(request);
      const { userId } = auth;
      await requireVerifiedSender(app.db, userId);
      const order = await billOrder(billers, request.body, app.config.fees);
      const limits = await limitContext({ config: app.config, rates: app.adapters.rates }, 'CAD');
      return request.idempotency.transaction(async (trx) => ({
        success: true as const,
        message: bills.success,
        data: await payBill(trx, auth, order, limits),
      }));
    },
  });
};
