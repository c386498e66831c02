import { useEffect } from 'react';
import { isHttpError } from '../../api/error-message';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { historyApi } from './history-api';
import { PENDING_POLL_MS, selectWatchedItems, watchDropped } from './pending-watch';

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
 * Rendered once in the signed-in layout: the payouts sent in this app that are still pending are
 * asked for again until they settle, so the toast of their outcome (pending-watch.ts) comes on any
 * screen. Nothing is polled while nothing is pending.
 */
export function PendingWatcher() {
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
