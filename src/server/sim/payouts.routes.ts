import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { answers } from '../../shared/messages';
import { responses } from '../../shared/schemas/common';
import { unsettledPayoutsOf } from '../modules/transfers/payouts.repository';
import { releasePayout } from '../modules/transfers/payouts.service';

const ReleaseBody = Type.Object({ email: Type.String({ minLength: 3, maxLength: 254 }) }, { additionalProperties: false });
const ReleaseResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Object({ released: Type.Integer({ minimum: 0 }) }),
});

/**
 * POST /dev/payouts/release { email }: the simulated rails answer this customer's unsettled
 * payouts now instead of after PAYOUT_HOLD_S and PAYOUT_SETTLE_MS (journeys see a payout pending,
 * then release it, instead of waiting): each is handed to its rail now if it was still in its hold
 * (its step 'sent'), and due at once. The background job settles them on its next pass, through
 * the signed payout webhook as always.
 */
export const payoutSimRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/payouts/release',
    {
      schema: {
        tags: ['simulator'],
        summary: "The simulated rails answer a customer's pending payouts now",
        body: ReleaseBody,
        response: responses(ReleaseResponse),
      },
    },
    async (request) => {
      let released = 0;
      for (const transferId of await unsettledPayoutsOf(app.db, request.body.email)) {
        if (await app.db.transaction().execute((trx) => releasePayout(trx, transferId))) released += 1;
      }
      return { success: true as const, message: answers.devPayoutsReleased, data: { released } };
    },
  );
};
