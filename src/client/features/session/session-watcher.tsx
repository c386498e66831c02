import { useEffect, useRef } from 'react';
import { endpoints } from '../../../shared/endpoints';
import { checkSession } from '../../api/base-query';
import { endSession } from '../../app/end-session';
import { selectIsSignedIn, selectToken } from '../../app/session-slice';
import { useAppSelector, useAppStore } from '../../app/store';
import { startInactivityTimer, startTokenCheck } from './session-timers';

/**
 * POST /auth/logout with `token` (the sign-out call), best effort: the session ends here whatever the
 * answer. A plain fetch, not the RTK Query mutation: ending the session resets the API state, which
 * aborts the mutations in flight; the token is given, as the session no longer holds it by then.
 */
export function revokeSession(token: string): void {
  fetch(`${__API_BASE__}${endpoints.logout.path}`, {
    method: endpoints.logout.method,
    headers: { Authorization: `Bearer ${token}` },
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * While signed in (spec §4, §9): every 60 s the stored user is read (none, or no email, ends the
 * session) and a token that is expired or has fewer than 60 s left is refreshed (the API layer's
 * mutex-guarded refresh); 10 minutes without activity in any tab end the session, and the server
 * is told (POST /auth/logout).
 */
export default function SessionWatcher({ resumedAtStart }: { resumedAtStart: boolean }) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const store = useAppStore();
  // Signed in when the app started (`resumedAtStart`): the stored session resumed (a reload, the
  // app opened again), until it ends; a later session is a sign-in.
  const resumed = useRef(resumedAtStart);

  useEffect(() => {
    if (!signedIn) {
      resumed.current = false;
      return undefined;
    }
    const stopTokenCheck = startTokenCheck(() => void checkSession(store));
    const stopInactivity = startInactivityTimer(() => {
      const token = selectToken(store.getState());
      if (token) revokeSession(token);
      endSession(store.dispatch);
    }, { resumed: resumed.current });
    return () => {
      stopTokenCheck();
      stopInactivity();
    };
  }, [signedIn, store]);

  return null;
}
