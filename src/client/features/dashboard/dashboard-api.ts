import { endpoints } from '../../../shared/endpoints';
import type { Res } from '../../../shared/types';
import { api } from '../../api/api';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /auth/update-timezone on dashboard load (spec §7). A cached query, so it is sent once per
     * session: the cache lives until the session ends (which resets the api state).
     */
    updateTimezone: build.query<Res<'updateTimezone'>, string>({
      query: (timezone) => ({ url: endpoints.updateTimezone.path, method: endpoints.updateTimezone.method, body: { timezone } }),
      keepUnusedDataFor: Infinity,
    }),
  }),
});

export const { useUpdateTimezoneQuery } = dashboardApi;
