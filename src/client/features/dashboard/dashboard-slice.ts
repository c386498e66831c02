import { createSlice, type Dispatch, type PayloadAction } from '@reduxjs/toolkit';
import { STORAGE_KEYS } from '../../../shared/limits';
import type { Currency } from '../../../shared/types';

/** localStorage flag of each balance card (spec §3): 'true' or 'false'; shown when absent. */
const storageKey = { CAD: STORAGE_KEYS.showCADBalance, NGN: STORAGE_KEYS.showNairaBalance } as const;

const readShown = (currency: Currency) => localStorage.getItem(storageKey[currency]) !== 'false';

export interface DashboardState {
  /** Whether each balance is shown (true) or hidden behind dots. */
  showBalance: Record<Currency, boolean>;
}

const initialState = (): DashboardState => ({ showBalance: { CAD: readShown('CAD'), NGN: readShown('NGN') } });

export const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    balanceVisibilitySet: (state, { payload }: PayloadAction<{ currency: Currency; shown: boolean }>) => {
      state.showBalance[payload.currency] = payload.shown;
    },
  },
  selectors: {
    selectBalanceShown: (state, currency: Currency) => state.showBalance[currency],
  },
});

export const { balanceVisibilitySet } = dashboardSlice.actions;
export const { selectBalanceShown } = dashboardSlice.selectors;

/**
 * Shows or hides a balance. The app's store remembers the choice locally (app/preferences-persistence.ts,
 * a listener the support replay's sandbox does not have: nothing is written to the support agent's storage).
 */
export const setBalanceShown = (currency: Currency, shown: boolean) => (dispatch: Dispatch) => {
  dispatch(balanceVisibilitySet({ currency, shown }));
};
