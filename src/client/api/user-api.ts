import { endpoints } from '../../shared/endpoints';
import type { Res } from '../../shared/types';
import { api } from './api';

/**
 * The current user. Its answers fill the `user` slice (app/user-slice.ts), the one place screens read
 * the profile and verification flags from (`selectUser`, `useUser`); a screen subscribes to this query
 * only to have it loaded, refreshed or polled, and for its loading and error state.
 */
export const userApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<Res<'user'>, void>({
      query: () => ({ url: endpoints.user.path, method: endpoints.user.method }),
      providesTags: ['User'],
    }),
  }),
});

export const { useGetUserQuery } = userApi;
