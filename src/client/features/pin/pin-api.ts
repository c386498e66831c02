import { api } from '../../api/api';
import { endpoints } from '../../../shared/endpoints';
import type { Req, Res } from '../../../shared/types';

/** POST /wallet/create-pin: the first transaction PIN; success is the string 'true' (spec §7). */
export const pinApi = api.injectEndpoints({
  endpoints: (build) => ({
    createPin: build.mutation<Res<'createPin'>, Req<'createPin'>>({
      query: (body) => ({ url: endpoints.createPin.path, method: endpoints.createPin.method, body }),
      invalidatesTags: (result) => (result?.success === 'true' ? ['User'] : []),
    }),
  }),
});

export const { useCreatePinMutation } = pinApi;
