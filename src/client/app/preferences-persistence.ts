import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { STORAGE_KEYS } from '../../shared/limits';
import { balanceVisibilitySet } from '../features/dashboard/dashboard-slice';

/** localStorage flag of each balance card (spec §3): 'true' or 'false'. */
const balanceKey = { CAD: STORAGE_KEYS.showCADBalance, NGN: STORAGE_KEYS.showNairaBalance } as const;

/**
 * Writes the customer's display preferences to localStorage (the balance cards' show/hide flags).
 * Only the app's store registers it: the support replay's sandbox store never writes to the browser.
 */
export function persistPreferences(listener: ListenerMiddlewareInstance): void {
  listener.startListening({
    actionCreator: balanceVisibilitySet,
    effect: ({ payload: { currency, shown } }) => {
      localStorage.setItem(balanceKey[currency], String(shown));
    },
  });
}
