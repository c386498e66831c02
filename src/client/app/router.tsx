import { lazy, Suspense, useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import styled from 'styled-components';
import * as M from '../../shared/messages';
import { NavigationBridge } from './navigation';
import { paths } from './paths';
import { RequireSession } from './require-session';
import { signedInRoutes } from './signed-in-routes';
import { useAppStore } from './store';
import { ToastsClearedOnNavigation } from './toasts';

// One chunk per screen, so '/' downloads only the auth screen. Its chunk is named: the build adds its
// files to the prerendered index.html (webpack.config.js RouteChunksPlugin, scripts/prerender.mjs).
const AuthScreen = lazy(() => import(/* webpackChunkName: "sign-in" */ '../features/auth/auth-screen'));
const IdentityVerificationScreen = lazy(() => import('../features/identity/identity-verification-screen'));
const PrivacyPolicyScreen = lazy(() => import('../features/privacy/privacy-policy-screen'));
const ReplayScreen = lazy(() => import('../features/support/replay-screen'));

const Loading = styled.p.attrs({ role: 'status' })`
  padding: ${({ theme }) => theme.space.xl};
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
`;

/** Tells the diagnostics recorder each screen shown, so support can replay the one before Help. */
function RouteRecorder() {
  const { pathname } = useLocation();
  const { actionLog } = useAppStore();
  useEffect(() => actionLog.routeVisited(pathname), [actionLog, pathname]);
  return null;
}

/**
 * After a route change, a focus that was lost (the control that started it is gone) goes to the new
 * screen's heading (ui/focus-return.ts, loaded with the first route change: '/' does not need it).
 */
function FocusOnNavigation() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return undefined;
    shown.current = pathname;
    let stop: (() => void) | null = null;
    let left = false;
    void import('../ui/focus-return').then(({ focusAfterNavigation }) => {
      if (!left) stop = focusAfterNavigation();
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [pathname]);
  return null;
}

function Root() {
  // On /dashboard, whatever loads first says the dashboard's loading text (spec §2).
  const { pathname } = useLocation();
  return (
    <>
      <NavigationBridge />
      <RouteRecorder />
      <ToastsClearedOnNavigation />
      <FocusOnNavigation />
      <Suspense fallback={<Loading>{pathname === paths.dashboard ? M.dashboard.loading : 'Loading…'}</Loading>}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** The route table of spec §2. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: paths.home, element: <AuthScreen /> },
      { path: paths.login, element: <AuthScreen /> },
      { path: paths.identityVerification, element: <IdentityVerificationScreen /> },
      { path: paths.privacyPolicy, element: <PrivacyPolicyScreen /> },
      { path: paths.supportReplay, element: <ReplayScreen /> },
      { element: <RequireSession />, children: signedInRoutes },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

/**
 * The route table rendered inside the app's router. A declarative router (BrowserRouter, not
 * createBrowserRouter's data router): the app uses no loaders, actions or fetchers, and the data
 * router's code was a third of react-router's weight on '/'. Tests render AppRoutes in a
 * MemoryRouter (renderRoute).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
