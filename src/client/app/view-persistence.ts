import { isAnyOf, type ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { CURRENCIES, HISTORY_FIRST_PAGE, TRANSACTION_TYPES } from '../../shared/limits';
import type { Currency, TransactionType } from '../../shared/types';
import { currencyFiltered, filtersToggled, pageChanged, typeFiltered, type HistoryState } from '../features/history/history-slice';
import { tabIds } from './dialog-ids';
import { customerSwitched, sessionEnded } from './session-slice';
import { tabSelected, type UiState } from './ui-slice';

/** sessionStorage key of what this tab's customer was looking at: History's filters and page, the chosen tabs. */
export const VIEW_KEY = 'kudi.view';

interface StoredView {
  history: HistoryState;
  tabs: UiState['tabs'];
}

/** What the stored view is made of, read from the store. */
interface ViewSource {
  history: HistoryState;
  ui: UiState;
}

const isCurrency = (value: unknown): value is Currency => CURRENCIES.includes(value as Currency);
const isType = (value: unknown): value is TransactionType => TRANSACTION_TYPES.includes(value as TransactionType);
const KNOWN_TABS: readonly string[] = Object.values(tabIds);

/** The stored view, each part checked (a part that is not what this app wrote is left at its start). */
function readView(): Partial<StoredView> {
  let stored: unknown;
  try {
    stored = JSON.parse(sessionStorage.getItem(VIEW_KEY) ?? 'null');
  } catch {
    return {};
  }
  if (typeof stored !== 'object' || stored === null) return {};
  const { history, tabs } = stored as { history?: Partial<HistoryState>; tabs?: Record<string, unknown> };
  const view: Partial<StoredView> = {};
  if (
    history &&
    isCurrency(history.currency) &&
    (history.type === null || isType(history.type)) &&
    Number.isSafeInteger(history.page) &&
    (history.page ?? 0) >= HISTORY_FIRST_PAGE &&
    typeof history.filtersOpen === 'boolean'
  ) {
    view.history = { currency: history.currency, type: history.type, page: history.page as number, filtersOpen: history.filtersOpen };
  }
  if (tabs && typeof tabs === 'object') {
    view.tabs = Object.fromEntries(
      Object.entries(tabs).filter((entry): entry is [string, Currency] => KNOWN_TABS.includes(entry[0]) && isCurrency(entry[1])),
    );
  }
  return view;
}

/**
 * The state a reloaded tab starts from, so a refresh keeps History's currency, type and page and the
 * chosen tabs (e.g. Add Money's NGN). Dialogs and steps are not kept: a refresh closes them.
 */
export function restoredView(): { history?: HistoryState; ui?: UiState } {
  const { history, tabs } = readView();
  return { ...(history && { history }), ...(tabs && { ui: { dialogs: {}, steps: {}, tabs } }) };
}

/**
 * Keeps the view in this tab's sessionStorage as it changes; forgets it when the session ends or
 * another tab switches this one to another customer (one customer's view is not the next one's).
 * Only the app's store registers it: the support replay's sandbox store never writes to the browser.
 */
export function persistView(listener: ListenerMiddlewareInstance): void {
  listener.startListening({
    matcher: isAnyOf(currencyFiltered, typeFiltered, pageChanged, filtersToggled, tabSelected),
    effect: (_action, { getState }) => {
      const { history, ui } = getState() as ViewSource;
      const view: StoredView = { history, tabs: ui.tabs };
      sessionStorage.setItem(VIEW_KEY, JSON.stringify(view));
    },
  });
  listener.startListening({
    matcher: isAnyOf(sessionEnded, customerSwitched),
    effect: () => sessionStorage.removeItem(VIEW_KEY),
  });
}
