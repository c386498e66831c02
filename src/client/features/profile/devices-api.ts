import { api } from '../../api/api';
import { LIVE_QUERY } from '../../api/wallet-api';
import { buildPath, endpoints } from '../../../shared/endpoints';
import type { DeviceSession, Res } from '../../../shared/types';

/**
 * Devices (spec-next §E): the signed-in sessions, signing one out, signing out all the others.
 * Tag `Sessions`: each sign-out asks for the list again.
 */
export const devicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /sessions: this device first, then the others, latest used first. */
    getSessions: build.query<DeviceSession[], void>({
      query: () => ({ url: endpoints.sessions.path, method: endpoints.sessions.method }),
      transformResponse: (body: Res<'sessions'>) => body.data,
      providesTags: ['Sessions'],
    }),
    /** DELETE /sessions/{id}: that device's next call is refused and its refresh fails. */
    revokeSession: build.mutation<Res<'revokeSession'>, string>({
      query: (id) => ({ url: buildPath('revokeSession', { id }), method: endpoints.revokeSession.method }),
      invalidatesTags: ['Sessions'],
    }),
    /** POST /sessions/revoke-others: every device but this one is signed out. */
    revokeOtherSessions: build.mutation<Res<'revokeOtherSessions'>, void>({
      query: () => ({ url: endpoints.revokeOtherSessions.path, method: endpoints.revokeOtherSessions.method }),
      invalidatesTags: ['Sessions'],
    }),
  }),
});

export const { useRevokeSessionMutation, useRevokeOtherSessionsMutation } = devicesApi;

/** Asked again on mount, focus and reconnect: devices sign in and out elsewhere (a new browser, another device's sign-out). */
export const useGetSessionsQuery = ((arg, options) =>
  devicesApi.useGetSessionsQuery(arg, { ...LIVE_QUERY, ...options })) as typeof devicesApi.useGetSessionsQuery;
