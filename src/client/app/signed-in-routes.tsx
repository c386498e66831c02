import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { paths } from './paths';

// One chunk per screen, so '/' downloads none of these.
const DashboardScreen = lazy(() => import('../features/dashboard/dashboard-screen'));
const VerificationScreen = lazy(() => import('../features/verification/verification-screen'));
const AddMoneyScreen = lazy(() => import('../features/add-money/add-money-screen'));
const SelectCurrencyScreen = lazy(() => import('../features/transfer/select-currency-screen'));
const TransferCadScreen = lazy(() => import('../features/transfer-cad/transfer-cad-screen'));
const TransferNairaScreen = lazy(() => import('../features/transfer-naira/transfer-naira-screen'));
const TransferUserScreen = lazy(() => import('../features/transfer-user/transfer-user-screen'));
const ExchangeScreen = lazy(() => import('../features/exchange/exchange-screen'));
const HistoryScreen = lazy(() => import('../features/history/history-screen'));
const TransactionDetailScreen = lazy(() => import('../features/history/transaction-detail-screen'));
const ProfileScreen = lazy(() => import('../features/profile/profile-screen'));
const BillPaymentScreen = lazy(() => import('../features/bill-payment/bill-payment-screen'));
const AboutScreen = lazy(() => import('../features/about/about-screen'));
// The shared layout of the guarded screens: its own chunk, so '/' does not download it.
const AppLayout = lazy(() => import('../features/layout/app-layout'));

/**
 * The signed-in screens in their layout. The app's route table (router.tsx) puts them behind the
 * session guard; the support replay renders them too, in its own memory router, outside the guard.
 */
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
      { path: paths.historyItem, element: <TransactionDetailScreen /> },
      { path: paths.profile, element: <ProfileScreen /> },
      { path: paths.billPayment, element: <BillPaymentScreen /> },
      { path: paths.about, element: <AboutScreen /> },
    ],
  },
];
