import type { Dispatch, ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { STORAGE_KEYS } from '../../shared/limits';
import { api } from '../api/api';
import { navigateTo } from './navigation';
import { paths } from './paths';
import { sessionEnded, sessionStarted, sessionSynced, tokenRefreshed } from './session-slice';
import { clearStoredUser, parseStoredUser, readStoredUser, writeStoredUser } from './stored-session';
import { userReceived } from './user-slice';

/** Writes every session change to localStorage 'user' (spec §3). */
export function persistSession(listener: ListenerMiddlewareInstance): void {
  listener.startListening({
    actionCreator: sessionStarted,
    effect: ({ payload }) => writeStoredUser({ ...payload, token: payload.access_token }),
  });
  listener.startListening({
    actionCreator: tokenRefreshed,
    effect: ({ payload: { token } }) => {
      const stored = readStoredUser();
      if (stored) writeStoredUser({ ...stored, token, access_token: token });
    },
  });
  listener.startListening({
    actionCreator: userReceived,
    effect: ({ payload: user }) => {
      const stored = readStoredUser();
      if (stored) writeStoredUser({ ...stored, ...user });
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

/** Follows the stored session when another tab changes it: a refreshed token, or a sign-out. */
export function syncSessionAcrossTabs(dispatch: Dispatch): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== localStorage || event.key !== STORAGE_KEYS.user) return;
    const stored = parseStoredUser(event.newValue);
    if (stored) {
      dispatch(sessionSynced(stored));
    } else {
      dispatch(sessionEnded());
      navigateTo(paths.home, { replace: true });
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
