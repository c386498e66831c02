import { endpoints } from '../../shared/endpoints';
import type { Res } from '../../shared/types';
import { userReceived } from '../app/user-slice';
import { api } from './api';

/** The current user, shared by every screen that reads verification flags or profile fields. */
export const userApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<Res<'user'>, void>({
      query: () => ({ url: endpoints.user.path, method: endpoints.user.method }),
      providesTags: ['User'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(userReceived(data.data));
        } catch {
          // The screen shows the failure from the query's own error state.
        }
      },
    }),
  }),
});

export const { useGetUserQuery } = userApi;
