// The app tells the customer when a pending item settles (spec-next §C: "a toast when the app is
// open"). Every answer that shows history items (a history page, a detail) passes through here:
// an item seen pending is remembered with its status; when a later answer shows it completed,
// failed, refunded or cancelled, one toast says so and the balances are asked again. What is
// polled, and so seen again: the history page while it shows a pending row, the detail page while
// its item is pending, and a payout sent in this app, or found pending on the first history page
// of a wallet when the app opened, until it settles (<PendingWatcher />).
import { createSlice, isAnyOf, type ListenerMiddlewareInstance, type PayloadAction } from '@reduxjs/toolkit';
import * as M from '../../../shared/messages';
import type { Currency, Transaction, TransactionStatus } from '../../../shared/types';
import { api } from '../../api/api';
import { sessionEnded } from '../../app/session-slice';
import { formatMoney, toast } from '../../ui';
import { recipientsTag, touchedBy } from '../money/money-call';
import { detailTag, historyApi } from './history-api';

/** How often a pending item is asked again: the history page, the detail page, a payout just sent. */
export const PENDING_POLL_MS = 3_000;

export const isPending = (status: string): boolean => status.toLowerCase() === 'pending';

/** An item last seen pending. */
export interface WatchedItem {
  status: TransactionStatus;
  refunded: boolean;
  currency: Currency;
  /** Asked again every PENDING_POLL_MS wherever the customer is (a payout sent in this app). */
  polled: boolean;
  /**
   * The customer is cancelling it (POST /transactions/{id}/cancel under way): its being cancelled is
   * their own act, answered by the cancel itself, so the watch does not tell it. Any other change
   * is still told: a cancel refused because the payout had gone to its rail leaves its outcome to tell.
   */
  cancelling?: boolean;
}

export interface PendingWatchState {
  /** By the item's id (its reference). */
  items: Record<string, WatchedItem>;
}

const initialState: PendingWatchState = { items: {} };

type Seen = Pick<Transaction, 'id' | 'status' | 'refunded' | 'currency' | 'description'>;

/**
 * Remembers the pending items among `seen`; an item no longer pending is forgotten (its change was
 * just told). A fee's own item is no transfer of the customer's: the payout it was charged with is
 * the one told about.
 */
function remember(state: PendingWatchState, seen: Seen[]): void {
  for (const { id, status, refunded, currency, description } of seen) {
    if (M.history.isFeeDescription(description)) continue;
    if (isPending(status)) state.items[id] = { ...state.items[id], status, refunded, currency, polled: state.items[id]?.polled ?? false };
    else delete state.items[id];
  }
}

const { getTransactions, getTransactionDetail, cancelTransaction } = historyApi.endpoints;

export const pendingWatchSlice = createSlice({
  name: 'pendingWatch',
  initialState,
  reducers: {
    /** A payout this app just sent, answered pending: watched until it settles, wherever the customer goes. */
    payoutWatched: (state, { payload }: PayloadAction<{ id: string; currency: Currency; status: TransactionStatus }>) => {
      const { id, currency, status } = payload;
      if (isPending(status)) state.items[id] = { status, refunded: false, currency, polled: true };
    },
    /** An item that cannot be watched (its detail is not found): no more asking. */
    watchDropped: (state, { payload: id }: PayloadAction<string>) => {
      delete state.items[id];
    },
  },
  extraReducers: (builder) =>
    builder
      .addCase(sessionEnded, () => initialState)
      // The customer cancels it: their own act, answered by the cancel itself, not by a toast of the
      // watch (the next answer showing it cancelled ends its watch quietly, even one that was under
      // way). Refused (409: handed to its rail meanwhile), it is still pending: its outcome is told.
      .addMatcher(cancelTransaction.matchPending, (state, { meta }) => {
        const item = state.items[meta.arg.originalArgs];
        if (item) item.cancelling = true;
      })
      .addMatcher(cancelTransaction.matchRejected, (state, { meta }) => {
        const item = state.items[meta.arg.originalArgs];
        if (item) delete item.cancelling;
      })
      .addMatcher(getTransactions.matchFulfilled, (state, { payload }) => remember(state, payload.data))
      .addMatcher(getTransactionDetail.matchFulfilled, (state, { payload }) => remember(state, [payload])),
  selectors: {
    selectWatchedItems: (state) => state.items,
  },
});

export const { payoutWatched, watchDropped } = pendingWatchSlice.actions;
export const { selectWatchedItems } = pendingWatchSlice.selectors;

/** 'of $40.00 to Chidi Eze': what the toast names; the other party when the item names one. */
function whatAndWho(item: Transaction): string {
  const amount = formatMoney(item.currency, Math.abs(item.amount));
  const other = item.direction === 'credit' ? item.recieved_from : item.recipient_name || item.sent_to;
  return other ? `${amount} ${item.direction === 'credit' ? 'from' : 'to'} ${other}` : amount;
}

const BACK_IN_WALLET = 'The money is back in your wallet.';

/** The one toast of an item's change, by its new state. */
export function changeMessage(item: Transaction): { text: string; kind: 'success' | 'error' | 'info' } {
  const what = `Your transfer of ${whatAndWho(item)}`;
  switch (item.status) {
    case 'completed':
      return { text: `${what} has completed.`, kind: 'success' };
    case 'failed':
      return { text: item.refunded ? `${what} failed. ${BACK_IN_WALLET}` : `${what} failed.`, kind: 'error' };
    case 'cancelled':
      return { text: item.refunded ? `${what} was cancelled. ${BACK_IN_WALLET}` : `${what} was cancelled.`, kind: 'info' };
    default:
      return { text: `${what} is ${item.status}.`, kind: 'info' };
  }
}

type WatchRoot = { pendingWatch: PendingWatchState };

/**
 * Registers the watch on the store's listener: an answer showing a remembered pending item in
 * another state gives one toast (an event of its own: it stays when the customer changes screen,
 * app/toasts.tsx) and makes stale what the change moved: that wallet, the limits (a failed payout
 * gives its amount back), the other view of the item (the history page or the detail), and the
 * saved recipients when it completed (spec-next §E).
 */
export function watchPendingItems(listener: ListenerMiddlewareInstance): void {
  listener.startListening({
    matcher: isAnyOf(getTransactions.matchFulfilled, getTransactionDetail.matchFulfilled),
    effect: (action, { getOriginalState, dispatch }) => {
      const before = (getOriginalState() as WatchRoot).pendingWatch.items;
      const fromList = getTransactions.matchFulfilled(action);
      const items: Transaction[] = fromList ? action.payload.data : getTransactionDetail.matchFulfilled(action) ? [action.payload] : [];
      for (const item of items) {
        const was = before[item.id];
        if (!was || (was.status === item.status && was.refunded === item.refunded)) continue;
        if (was.cancelling && item.status === 'cancelled') continue;
        const { text, kind } = changeMessage(item);
        toast[kind](text, { toastId: `settled:${item.id}:${item.status}` });
        const stale = touchedBy(item.currency).filter((tag) => !(fromList && tag.type === 'Transactions'));
        // A completed payout saved its recipient (spec-next §E).
        const saved = item.status === 'completed' ? [recipientsTag] : [];
        dispatch(api.util.invalidateTags([...stale, ...saved, ...(fromList ? [detailTag(item.id)] : [])]));
      }
    },
  });
}
