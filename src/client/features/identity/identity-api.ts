import { api } from '../../api/api';
import { endpoints } from '../../../shared/endpoints';
import type { Req, Res } from '../../../shared/types';

/** POST /external/veriff-session: the standalone (unguarded) identity check. */
export const identityApi = api.injectEndpoints({
  endpoints: (build) => ({
    createExternalIdentitySession: build.mutation<Res<'externalIdentitySession'>, Req<'externalIdentitySession'>>({
      query: (body) => ({ url: endpoints.externalIdentitySession.path, method: endpoints.externalIdentitySession.method, body }),
    }),
  }),
});

export const { useCreateExternalIdentitySessionMutation } = identityApi;
