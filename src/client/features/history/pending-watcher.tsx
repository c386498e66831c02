import { useEffect } from 'react';
import * as M from '../../../shared/messages';
import type { Currency } from '../../../shared/types';
import { isHttpError } from '../../api/error-message';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { historyApi } from './history-api';
import { PENDING_POLL_MS, payoutWatched, selectWatchedItems, watchDropped } from './pending-watch';

const WALLETS: readonly Currency[] = ['CAD', 'NGN'];

/** Asks for one item's detail every PENDING_POLL_MS while it is watched; an item not found is dropped. */
function PolledItem({ id }: { id: string }) {
  const dispatch = useAppDispatch();
  const { error } = historyApi.useGetTransactionDetailQuery(id, { pollingInterval: PENDING_POLL_MS });
  const notFound = isHttpError(error) && error.status === 404;
  useEffect(() => {
    if (notFound) dispatch(watchDropped(id));
  }, [notFound, id, dispatch]);
  return null;
}

/**
 * When the app opens (a sign-in, a reload, the next visit): the first history page of each wallet is
 * read once, and what is still pending on it (a payout sent before the reload, or from another
 * device) is watched as a payout sent in this app is, so its outcome too is told while the app is open.
 */
function useWatchPendingOnOpen() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    for (const currency of WALLETS) {
      void dispatch(historyApi.endpoints.getTransactions.initiate({ currency, type: null, page: 1 }, { subscribe: false })).then(({ data }) => {
        for (const item of data?.data ?? []) {
          // A fee's own item is told with the payout it was charged with, not as a transfer of its own.
          if (!M.history.isFeeDescription(item.description)) dispatch(payoutWatched({ id: item.id, currency: item.currency, status: item.status }));
        }
      });
    }
  }, [dispatch]);
}

/**
 * Rendered once in the signed-in layout: the payouts still pending (sent in this app, or found when
 * it opened) are asked for again until they settle, so the toast of their outcome (pending-watch.ts)
 * comes on any screen. Nothing is polled while nothing is pending.
 */
export function PendingWatcher() {
  useWatchPendingOnOpen();
  const items = useAppSelector(selectWatchedItems);
  const polled = Object.keys(items).filter((id) => items[id].polled);
  return (
    <>
      {polled.map((id) => (
        <PolledItem key={id} id={id} />
      ))}
    </>
  );
}
