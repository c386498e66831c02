import { api } from '../../api/api';
import { endpoints } from '../../../shared/endpoints';
import type { Pricing, Req, Res } from '../../../shared/types';

/** POST /auth/contact-us: a message to customer support; GET /pricing: the schedule the FAQ states. */
export const aboutApi = api.injectEndpoints({
  endpoints: (build) => ({
    pricing: build.query<Pricing, void>({
      query: () => ({ url: endpoints.pricing.path, method: endpoints.pricing.method }),
      transformResponse: (response: Res<'pricing'>) => response.data,
    }),
    contactUs: build.mutation<Res<'contactUs'>, Req<'contactUs'>>({
      query: (body) => ({ url: endpoints.contactUs.path, method: endpoints.contactUs.method, body }),
    }),
  }),
});

export const { useContactUsMutation, usePricingQuery } = aboutApi;
