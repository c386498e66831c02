import type { ListenerMiddlewareInstance, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { STORAGE_KEYS } from '../../shared/limits';
import { api } from '../api/api';
import { userApi } from '../api/user-api';
import { navigateTo } from './navigation';
import { paths } from './paths';
import { customerSwitched, selectSessionEmail, sessionEnded, sessionStarted, sessionSynced, tokenRefreshed, type SessionState } from './session-slice';
import { clearStoredUser, parseStoredUser, readStoredUser, writeStoredUser } from './stored-session';

/** Writes every session change to localStorage 'user' (spec §3). */
export function persistSession(listener: ListenerMiddlewareInstance): void {
  listener.startListening({
    actionCreator: sessionStarted,
    effect: ({ payload }) => writeStoredUser({ ...payload, token: payload.access_token }),
  });
  listener.startListening({
    actionCreator: tokenRefreshed,
    effect: ({ payload: { token, email } }) => {
      const stored = readStoredUser();
      // Only into the stored session of the customer it was asked for (another tab may have signed in another).
      if (stored && sameEmail(stored.email, email)) writeStoredUser({ ...stored, token, access_token: token });
    },
  });
  // The current user's answers (the same ones that fill the user slice) refresh its stored fields.
  listener.startListening({
    matcher: userApi.endpoints.getUser.matchFulfilled,
    effect: ({ payload: { data: user } }) => {
      const stored = readStoredUser();
      // Never another customer's fields (an answer for the previous customer, after another tab signed in).
      if (stored && (!user.email || !stored.email || sameEmail(stored.email, user.email))) writeStoredUser({ ...stored, ...user });
    },
  });
  listener.startListening({
    actionCreator: customerSwitched,
    effect: (_action, { dispatch }) => {
      dispatch(api.util.resetApiState());
    },
  });
  listener.startListening({
    actionCreator: sessionEnded,
    effect: (_action, { dispatch }) => {
      clearStoredUser();
      dispatch(api.util.resetApiState());
    },
  });
}

/** What this file needs of the store (not the store's own types, which would import this file back). */
type SessionDispatch = ThunkDispatch<{ session: SessionState }, unknown, UnknownAction>;

const sameEmail = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.toLowerCase() === b.toLowerCase());

/**
 * Follows the stored session when another tab changes it: a refreshed token, a sign-out, or a sign-in
 * as another customer. Then nothing of the previous customer stays: the slices and the RTK Query cache
 * start afresh with the new customer's session, and the screen goes to the dashboard (a form filled in
 * for the previous customer must not be sent as the new one).
 */
export function syncSessionAcrossTabs(dispatch: SessionDispatch): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== localStorage || event.key !== STORAGE_KEYS.user) return;
    const stored = parseStoredUser(event.newValue);
    if (stored) {
      dispatch((next, getState) => {
        const current = selectSessionEmail(getState());
        if (current && stored.email && !sameEmail(current, stored.email)) {
          next(customerSwitched(stored));
          navigateTo(paths.dashboard, { replace: true });
        } else {
          next(sessionSynced(stored));
        }
      });
    } else {
      dispatch(sessionEnded({ reason: 'endedElsewhere' }));
      navigateTo(paths.home, { replace: true });
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
