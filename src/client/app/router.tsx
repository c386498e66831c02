import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router-dom';
import styled from 'styled-components';
import { NavigationBridge } from './navigation';
import { paths } from './paths';
import { RequireSession } from './require-session';
import { useAppStore } from './store';

// One chunk per screen, so '/' downloads only the auth screen.
const AuthScreen = lazy(() => import('../features/auth/auth-screen'));
const IdentityVerificationScreen = lazy(() => import('../features/identity/identity-verification-screen'));
const PrivacyPolicyScreen = lazy(() => import('../features/privacy/privacy-policy-screen'));
const DashboardScreen = lazy(() => import('../features/dashboard/dashboard-screen'));
const VerificationScreen = lazy(() => import('../features/verification/verification-screen'));
const AddMoneyScreen = lazy(() => import('../features/add-money/add-money-screen'));
const SelectCurrencyScreen = lazy(() => import('../features/transfer/select-currency-screen'));
const TransferCadScreen = lazy(() => import('../features/transfer-cad/transfer-cad-screen'));
const TransferNairaScreen = lazy(() => import('../features/transfer-naira/transfer-naira-screen'));
const TransferUserScreen = lazy(() => import('../features/transfer-user/transfer-user-screen'));
const ExchangeScreen = lazy(() => import('../features/exchange/exchange-screen'));
const HistoryScreen = lazy(() => import('../features/history/history-screen'));
const ProfileScreen = lazy(() => import('../features/profile/profile-screen'));
const BillPaymentScreen = lazy(() => import('../features/bill-payment/bill-payment-screen'));
const AboutScreen = lazy(() => import('../features/about/about-screen'));
const ReplayScreen = lazy(() => import('../features/support/replay-screen'));
// The shared layout of the guarded screens: its own chunk, so '/' does not download it.
const AppLayout = lazy(() => import('../features/layout/app-layout'));

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

function Root() {
  return (
    <>
      <NavigationBridge />
      <RouteRecorder />
      <Suspense fallback={<Loading>Loading…</Loading>}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** The signed-in screens in their layout; the support replay renders them too, outside the guard. */
export const signedInRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: paths.dashboard, element: <DashboardScreen /> },
      { path: paths.verification, element: <VerificationScreen /> },
      { path: paths.addMoney, element: <AddMoneyScreen /> },
      { path: paths.transfer, element: <SelectCurrencyScreen /> },
      { path: paths.transferCad, element: <TransferCadScreen /> },
      { path: paths.transferNaira, element: <TransferNairaScreen /> },
      { path: paths.transferUser, element: <TransferUserScreen /> },
      { path: paths.exchange, element: <ExchangeScreen /> },
      { path: paths.history, element: <HistoryScreen /> },
      { path: paths.profile, element: <ProfileScreen /> },
      { path: paths.billPayment, element: <BillPaymentScreen /> },
      { path: paths.about, element: <AboutScreen /> },
    ],
  },
];

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

export const createAppRouter = () => createBrowserRouter(routes);
