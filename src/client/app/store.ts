import { combineSlices, configureStore, createListenerMiddleware, type UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { api } from '../api/api';
import { billPaymentSlice } from '../features/bill-payment/bill-payment-slice';
import { dashboardSlice } from '../features/dashboard/dashboard-slice';
import { exchangeSlice } from '../features/exchange/exchange-slice';
import { historySlice } from '../features/history/history-slice';
import { pendingWatchSlice, watchPendingItems } from '../features/history/pending-watch';
import { verificationSlice } from '../features/verification/verification-slice';
import { createActionLog } from './action-log';
import { redact } from './redact';
import { persistPreferences } from './preferences-persistence';
import { sendAgainSlice } from './send-again-slice';
import { persistSession } from './session-persistence';
import { persistView } from './view-persistence';
import { customerSwitched, sessionSlice } from './session-slice';
import { uiSlice } from './ui-slice';
import { userSlice } from './user-slice';
import { walletsSlice } from './wallets-slice';

// Feature slices hold the state of their screens (filters, form sides), so DevTools time-travel shows them.
export const rootReducer = combineSlices(sessionSlice, userSlice, walletsSlice, uiSlice, dashboardSlice, exchangeSlice, historySlice, pendingWatchSlice, sendAgainSlice, billPaymentSlice, verificationSlice, api);

export type RootState = ReturnType<typeof rootReducer>;

/**
 * The app's reducer: when another tab signs in as another customer, every slice but the balance
 * visibility preferences starts afresh, in the same step that hands this tab the new session (the
 * RTK Query cache is reset right after it, by the session persistence listener).
 */
const appReducer = (state: Parameters<typeof rootReducer>[0], action: UnknownAction): RootState =>
  customerSwitched.match(action) && state
    ? rootReducer({ dashboard: state.dashboard, api: state.api }, action)
    : rootReducer(state, action);

/** A fresh store; the session starts from localStorage 'user' unless `preloadedState` gives one. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const listener = createListenerMiddleware();
  persistSession(listener);
  persistPreferences(listener);
  persistView(listener);
  // A pending item that settles is told in a toast and its balances asked again (features/history).
  watchPendingItems(listener);
  // The diagnostics recorder (features/support): last actions and failed requests, redacted on export.
  const actionLog = createActionLog();
  const store = configureStore({
    reducer: appReducer,
    preloadedState,
    // The development-only invariant checks stay on; their timing warnings only fire on a loaded machine.
    middleware: (getDefault) =>
      getDefault({ immutableCheck: { warnAfter: 250 }, serializableCheck: { warnAfter: 250 } })
        .prepend(listener.middleware)
        .prepend(actionLog.middleware)
        .concat(api.middleware),
    devTools: process.env.NODE_ENV !== 'production' && { actionSanitizer: redact, stateSanitizer: redact },
  });
  return Object.assign(store, { actionLog });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
