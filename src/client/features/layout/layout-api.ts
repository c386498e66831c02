import { api } from '../../api/api';
import { endpoints } from '../../../shared/endpoints';
import type { Res } from '../../../shared/types';

/** POST /auth/logout: revokes the server-side session on sign out. */
export const layoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<Res<'logout'>, void>({
      query: () => ({ url: endpoints.logout.path, method: endpoints.logout.method }),
    }),
  }),
});

export const { useLogoutMutation } = layoutApi;
