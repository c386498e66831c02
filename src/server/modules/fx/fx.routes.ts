import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TIERS } from '../../../shared/limits';
import { answers } from '../../../shared/messages';
import { bpsToPercent, decimalMoney, FEE_KIND_CURRENCY, FEE_KINDS } from '../../../shared/pricing';
import type { Pricing } from '../../../shared/types';
import { signedIn } from '../../plugins/auth';
import { callSpec } from '../auth/route-spec';
import { limitFields } from '../limits/tiers';
import { createQuote } from './quotes.service';

/** Prices (spec-next §A): a held quote for a conversion, and the schedule the server applies (public). */
export const fxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { fxMarginBps, fees, quoteTtlS } = app.config;
  const deps = { db: app.db, rates: app.adapters.rates, config: app.config };

  app.route({
    ...callSpec(app, 'createQuote', 'fx', 'Price a conversion on the send or receive side and hold it for this customer (QUOTE_TTL_S, single use)', true),
    handler: async (request) => ({ success: true as const, message: answers.quote, data: await createQuote(deps, signedIn(request).userId, request.body) }),
  });

  // The schedule is the configuration's, fixed for the process's life: built once.
  const pricing: Pricing = {
    margin_percent: bpsToPercent(fxMarginBps),
    quote_ttl_seconds: quoteTtlS,
    fees: FEE_KINDS.map((kind) => ({
      kind,
      currency: FEE_KIND_CURRENCY[kind],
      flat: decimalMoney(fees[kind].flatMinor),
      percent: bpsToPercent(fees[kind].percentBps),
    })),
    limits: TIERS.map((tier) => ({ tier, ...limitFields(app.config.limits[tier]) })),
  };
  app.route({
    ...callSpec(app, 'pricing', 'fx', 'The exchange margin and the fee of each kind of outgoing call, as the server applies them', false),
    handler: async () => ({ success: true as const, message: answers.pricing, data: pricing }),
  });
};
