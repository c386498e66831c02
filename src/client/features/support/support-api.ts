import { api } from '../../api/api';

/** GET /support/config: whether this server enables the support tools (SUPPORT_TOOLS=on). */
export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSupportConfig: build.query<{ supportTools: boolean }, void>({
      query: () => '/support/config',
      transformResponse: (body: { data: { supportTools: boolean } }) => body.data,
    }),
  }),
});

export const { useGetSupportConfigQuery } = supportApi;
