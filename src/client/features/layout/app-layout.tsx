import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import styled from 'styled-components';
import * as M from '../../../shared/messages';
import { messageOf } from '../../api/error-message';
import { dialogIds } from '../../app/dialog-ids';
import { paths } from '../../app/paths';
import { selectIsSignedIn, sessionEnded } from '../../app/session-slice';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogOpened, selectIsDialogOpen } from '../../app/ui-slice';
import { useGate } from '../../app/use-gate';
import { useUser } from '../../app/use-user';
import { loadToasts, LoadingText, media, toast } from '../../ui';
import { PendingWatcher } from '../history';
import { BOTTOM_BAR_HEIGHT, MainMenu } from './main-menu';
import { SignOutDialog } from './sign-out-dialog';
import { VerificationReminderDialog } from './verification-reminder-dialog';

// Loaded only when it opens, so it stays out of the layout's chunk.
const SetPinDialog = lazy(() => import('../pin').then(({ SetPinDialog: dialog }) => ({ default: dialog })));

const Shell = styled.div`
  min-height: 100vh;
  ${media.lg} { display: flex; align-items: flex-start; }
`;

const Content = styled.div`
  flex: 1 1 auto;
  min-width: 0;
  padding: ${({ theme }) => theme.space.md};
  padding-bottom: calc(${BOTTOM_BAR_HEIGHT} + ${({ theme }) => theme.space.lg});
  ${media.lg} { padding: ${({ theme }) => theme.space.xl}; }
`;

/**
 * A guarded screen the gate closes sends the user to the dashboard with the dialog that explains why.
 * A screen opened by a link or the menu starts at its top, as a new page would (not halfway down
 * where the last one was scrolled to); Back and Forward leave the scroll to the browser.
 */
function GatedOutlet() {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { allowed, blockedBy } = useGate();
  const open = allowed(pathname);

  useEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);

  useEffect(() => {
    if (open || !blockedBy) return;
    dispatch(dialogOpened(blockedBy));
    void navigate(paths.dashboard, { replace: true });
  }, [open, blockedBy, dispatch, navigate]);

  return open ? <Outlet /> : null;
}

function PinDialog() {
  const open = useAppSelector((state) => selectIsDialogOpen(state, dialogIds.setPin));
  return open ? (
    <Suspense fallback={null}>
      <SetPinDialog />
    </Suspense>
  ) : null;
}

/**
 * The shared layout of the guarded screens (spec §2): side menu or bottom bar, the current user
 * loaded first (a failure says so, ends the session and goes to '/': '/' sends a signed-in customer
 * back to /dashboard, which would load and fail again), the gate, the layout's dialogs, and the
 * watch of payouts sent in this app until they settle (a toast tells their outcome on any screen).
 */
export default function AppLayout() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const { user, error } = useUser({ skip: !signedIn });
  const navigate = useNavigate();
  // On /dashboard, whatever loads first says the dashboard's loading text (spec §2).
  const { pathname } = useLocation();
  const loading = pathname === paths.dashboard ? M.dashboard.loading : null;
  const dispatch = useAppDispatch();

  // The toasts' code is fetched while the network is there: a payment confirmed after it dropped
  // can still say what became of it.
  useEffect(() => void loadToasts().catch(() => undefined), []);
  useEffect(() => {
    if (!error) return;
    // What sends the customer to '/': said as a result (kept across that route change), not as a
    // load failure of this screen, which the route change would take away at once.
    toast.error(messageOf(error, M.dashboard.loadUserFailed), { toastId: 'user-not-loaded' });
    dispatch(sessionEnded({ reason: 'userNotLoaded' }));
    void navigate(paths.home, { replace: true });
  }, [error, dispatch, navigate]);

  if (!signedIn) return <Navigate to={paths.home} replace />;

  return (
    <Shell>
      <MainMenu />
      <Content>
        {user ? (
          <Suspense fallback={<LoadingText>{loading ?? 'Loading…'}</LoadingText>}>
            <GatedOutlet />
          </Suspense>
        ) : (
          <LoadingText>{loading ?? 'Loading your account…'}</LoadingText>
        )}
      </Content>
      {user && <PendingWatcher />}
      <VerificationReminderDialog />
      <PinDialog />
      <SignOutDialog />
    </Shell>
  );
}
