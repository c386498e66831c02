import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { checkSession } from '../../api/base-query';
import { endSession } from '../../app/end-session';
import { selectIsSignedIn } from '../../app/session-slice';
import { useAppSelector, type AppStore } from '../../app/store';
import { startInactivityTimer, startTokenCheck } from './session-timers';

/**
 * While signed in (spec §4, §9): every 60 s the stored user is read (none, or no email, ends the
 * session) and a token that is expired or has fewer than 60 s left is refreshed (the API layer's
 * mutex-guarded refresh); 10 minutes without activity end the session.
 */
const useAppStore = useStore.withTypes<AppStore>();

export function SessionWatcher() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const store = useAppStore();

  useEffect(() => {
    if (!signedIn) return undefined;
    const stopTokenCheck = startTokenCheck(() => void checkSession(store));
    const stopInactivity = startInactivityTimer(() => endSession(store.dispatch));
    return () => {
      stopTokenCheck();
      stopInactivity();
    };
  }, [signedIn, store]);

  return null;
}
