import { endpoints } from '../../../shared/endpoints';
import type { Res } from '../../../shared/types';
import { api } from '../../api/api';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /auth/update-timezone, sent on every load of the dashboard (spec §7): see useUpdateTimezoneOnLoad. */
    updateTimezone: build.mutation<Res<'updateTimezone'>, string>({
      query: (timezone) => ({ url: endpoints.updateTimezone.path, method: endpoints.updateTimezone.method, body: { timezone } }),
    }),
  }),
});

export const { useUpdateTimezoneMutation } = dashboardApi;
