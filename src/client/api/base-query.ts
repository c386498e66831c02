import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { Mutex } from 'async-mutex';
import { buildPath, endpoints } from '../../shared/endpoints';
import { REFRESH_THRESHOLD_S } from '../../shared/limits';
import type { ErrorBody, Res } from '../../shared/types';
import { requestFailed } from '../app/action-log';
import { endSession } from '../app/end-session';
import { secondsLeft, storedEmail } from '../app/stored-session';
import { selectSession, tokenRefreshed, type SessionState } from '../app/session-slice';

type ExtraOptions = Parameters<typeof fetchWithoutRecord>[2];

const sessionOf = ({ getState }: Pick<BaseQueryApi, 'getState'>) => selectSession(getState() as { session: SessionState });
const tokenOf = (api: Pick<BaseQueryApi, 'getState'>) => sessionOf(api).token;

const fetchWithoutRecord = fetchBaseQuery({
  baseUrl: __API_BASE__,
  prepareHeaders: (headers, api) => {
    const token = tokenOf(api);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/**
 * fetchBaseQuery, telling the diagnostics recorder (app/action-log.ts) each call that failed as it
 * fails: a 401 that ends the session and the refresh call are kept, whatever becomes of their query.
 * A call the app itself cancelled (its signal aborted) is not a failure.
 */
const rawBaseQuery: typeof fetchWithoutRecord = async (args, api, extraOptions) => {
  const result = await fetchWithoutRecord(args, api, extraOptions);
  if (result.error && result.meta?.request && !api.signal.aborted) {
    api.dispatch(requestFailed(result.meta.request, result.meta.response, result.error));
  }
  return result;
};

/** One refresh at a time: concurrent callers wait for it and reuse its token. */
const mutex = new Mutex();

/**
 * GET /auth/refresh-token/{email} with the current token (`staleToken`), the email read from the
 * stored user (localStorage 'user'). Without a stored user or its email, or on any failure, the
 * session ends (spec §4). An answer that comes once that session is over (ended, or another
 * customer signed in meanwhile, here or in another tab) is dropped: it is not this session's to
 * keep, nor to end.
 */
async function refresh(staleToken: string, api: BaseQueryApi, extraOptions: ExtraOptions): Promise<void> {
  const email = storedEmail();
  if (email) {
    const { data } = await rawBaseQuery(buildPath('refreshToken', { email }), api, extraOptions);
    if (tokenOf(api) !== staleToken) return;
    const body = data as Res<'refreshToken'> | ErrorBody | undefined;
    if (body?.success && body.data.token) {
      api.dispatch(tokenRefreshed({ token: body.data.token, email }));
      return;
    }
  }
  endSession(api.dispatch);
}

/**
 * Replaces `staleToken` with a fresh one, as RTK Query's "Preventing multiple unauthorized errors":
 * the first caller locks the mutex and refreshes, the others wait for it. A caller that gets the lock
 * after the token has already changed does not refresh again. Resolves to the new token, or null.
 */
async function renew(staleToken: string, api: BaseQueryApi, extraOptions: ExtraOptions): Promise<string | null> {
  if (mutex.isLocked()) {
    await mutex.waitForUnlock();
  } else {
    const release = await mutex.acquire();
    try {
      if (tokenOf(api) === staleToken) await refresh(staleToken, api, extraOptions);
    } finally {
      release();
    }
  }
  const token = tokenOf(api);
  return token !== staleToken ? token : null;
}

/**
 * The current token, once any refresh in progress is done; a token that is expired, has no expiry
 * or fewer than REFRESH_THRESHOLD_S seconds left is refreshed first. Null when there is none.
 */
async function freshToken(api: BaseQueryApi, extraOptions: ExtraOptions): Promise<string | null> {
  await mutex.waitForUnlock();
  const token = tokenOf(api);
  return token && secondsLeft(token) < REFRESH_THRESHOLD_S ? renew(token, api, extraOptions) : token;
}

/**
 * The session watcher's periodic check (spec §4, §9): without a stored user or its email (e.g. the
 * stored user was removed in this tab) the session ends; otherwise a token that is expired or about
 * to expire gets the same mutex-guarded refresh as the requests, outside any request.
 */
export async function checkSession({ dispatch, getState }: Pick<BaseQueryApi, 'dispatch' | 'getState'>): Promise<void> {
  if (!storedEmail()) {
    endSession(dispatch);
    return;
  }
  const api: BaseQueryApi = {
    dispatch,
    getState,
    signal: new AbortController().signal,
    abort: () => undefined,
    extra: undefined,
    endpoint: 'refreshToken',
    type: 'query',
  };
  await freshToken(api, {});
}

/**
 * A store's thunk extra argument may carry `offline`: a base query that answers instead of the
 * network (the support replay sandbox answers from a diagnostics snapshot and refuses mutations).
 */
export interface QueryExtra {
  offline?: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;
}

const isLogin = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url) === endpoints.login.path;

/**
 * fetchBaseQuery plus the session rules of spec §4: a token that is expired, has no expiry or fewer
 * than REFRESH_THRESHOLD_S seconds left is refreshed before the request; a 401 refreshes and retries
 * once, and a 401 to that retry ends the session. The same `args` are sent again, so an
 * Idempotency-Key header given in them is reused.
 */
export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const { offline } = (api.extra ?? {}) as QueryExtra;
  if (offline) return offline(args, api, extraOptions);
  const token = await freshToken(api, extraOptions);

  let result = await rawBaseQuery(args, api, extraOptions);
  // A 401 from the password check (POST /auth/login) means a wrong password, not a stale token.
  if (!token || result.error?.status !== 401 || isLogin(args)) return result;
  const renewed = await renew(token, api, extraOptions);
  if (!renewed) return result;
  result = await rawBaseQuery(args, api, extraOptions);
  // Refused again with the token just issued: the session was ended on the server meanwhile (signed
  // out from another device, the account closed). It ends here too, unless it changed meanwhile.
  if (result.error?.status === 401 && tokenOf(api) === renewed) endSession(api.dispatch);
  return result;
};
