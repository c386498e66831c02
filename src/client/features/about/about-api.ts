import { api } from '../../api/api';
import { endpoints } from '../../../shared/endpoints';
import type { Req, Res } from '../../../shared/types';

/** POST /auth/contact-us: a message to customer support. */
export const aboutApi = api.injectEndpoints({
  endpoints: (build) => ({

    contactUs: build.mutation<Res<'contactUs'>, Req<'contactUs'>>({
      query: (body) => ({ url: endpoints.contactUs.path, method: endpoints.contactUs.method, body }),
    }),
  }),
});

export const { useContactUsMutation } = aboutApi;
