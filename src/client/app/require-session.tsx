import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from './paths';
import { sessionEnded } from './session-slice';
import { useAppDispatch } from './store';
import { readStoredUser, secondsLeft } from './stored-session';

type SessionCheck = 'none' | 'expired' | 'valid';

function checkStoredSession(): SessionCheck {
  const stored = readStoredUser();
  if (!stored) return 'none';
  return secondsLeft(stored.access_token) > 0 ? 'valid' : 'expired';
}

/**
 * Route guard (spec §2): no stored session → '/' remembering the origin in `state.from`;
 * a token whose expiry has passed (or that has none) → the session is removed, then '/'.
 */
export function RequireSession() {
  const location = useLocation();
  const dispatch = useAppDispatch();
  const check = checkStoredSession();

  useEffect(() => {
    if (check === 'expired') dispatch(sessionEnded({ reason: 'expired' }));
  }, [check, dispatch]);

  if (check === 'valid') return <Outlet />;
  return <Navigate to={paths.home} replace state={check === 'none' ? { from: location } : undefined} />;
}
