import { endpoints } from '../../shared/endpoints';
import type { Limits, Pricing, Res } from '../../shared/types';
import { api } from './api';
import { LIVE_QUERY } from './wallet-api';

/**
 * GET /limits (spec-next §B): the tier, its limits in CAD and what is used and left today and over
 * 30 days. Shared by the money flows (checked at the form) and the profile. Tag `Limits`: every
 * money mutation invalidates it (`touchedBy`, features/money/money-call.ts).
 */
export const limitsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLimits: build.query<Limits, void>({
      query: () => ({ url: endpoints.limits.path, method: endpoints.limits.method }),
      transformResponse: (body: Res<'limits'>) => body.data,
      providesTags: ['Limits'],
    }),
    /** GET /pricing (spec-next §A): the margin and the fee table the server applies (reviews, FAQ). */
    getPricing: build.query<Pricing, void>({
      query: () => ({ url: endpoints.pricing.path, method: endpoints.pricing.method }),
      transformResponse: (body: Res<'pricing'>) => body.data,
    }),
  }),
});

export const { useGetPricingQuery } = limitsApi;

/** Asked again on mount, focus and reconnect: the day's usage changes outside this screen (another device). */
export const useGetLimitsQuery = ((arg, options) =>
  limitsApi.useGetLimitsQuery(arg, { ...LIVE_QUERY, ...options })) as typeof limitsApi.useGetLimitsQuery;
