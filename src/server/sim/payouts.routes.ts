import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { responses } from '../../shared/schemas/common';

const ReleaseBody = Type.Object({ email: Type.String({ minLength: 3, maxLength: 254 }) }, { additionalProperties: false });
const ReleaseResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({ released: Type.Integer({ minimum: 0 }) }),
});

/**
 * POST /dev/payouts/release { email }: the simulated rails answer this customer's unsettled
 * payouts now instead of after PAYOUT_SETTLE_MS (journeys see a payout pending, then release it,
 * instead of waiting). The background job settles them on its next pass, through the signed
 * payout webhook as always.
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
      const result = await app.db
        .updateTable('payouts')
        .set({ settle_after: sql<Date>`now()` })
        .where('settled_at', 'is', null)
        .where('transfer_id', 'in', (eb) =>
          eb
            .selectFrom('ledger_transfers as t')
            .innerJoin('ledger_accounts as a', 'a.id', 't.debit_account_id')
            .innerJoin('users as u', 'u.id', 'a.user_id')
            .select('t.id')
            .where('u.email_lower', '=', request.body.email.trim().toLowerCase()),
        )
        .executeTakeFirst();
      return { success: true as const, data: { released: Number(result.numUpdatedRows) } };
    },
  );
};
