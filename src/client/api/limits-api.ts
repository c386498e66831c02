import { useEffect } from 'react';
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

/** The longest wait setTimeout takes; `resets_at` is within a day anyway. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;
/** After `resets_at`, so the server's new day has begun when it is asked. */
const AFTER_RESET_MS = 1_000;

/**
 * Asked again on mount, focus and reconnect (the day's usage changes outside this screen: another
 * device), and once the day resets (`resets_at`): a send screen left open past the customer's
 * midnight does not keep refusing what the new day allows.
 */
export const useGetLimitsQuery = ((arg, options) => {
  const result = limitsApi.useGetLimitsQuery(arg, { ...LIVE_QUERY, ...options });
  const resetsAt = result.data?.resets_at;
  const { refetch } = result;
  useEffect(() => {
    const wait = resetsAt ? Date.parse(resetsAt) - Date.now() : NaN;
    if (!(wait > 0)) return undefined;
    const timer = setTimeout(() => void refetch(), Math.min(wait + AFTER_RESET_MS, MAX_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [resetsAt, refetch]);
  return result;
}) as typeof limitsApi.useGetLimitsQuery;
