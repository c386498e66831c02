import { useEffect } from 'react';
import { useAppDispatch } from './store';
import { dialogClosed } from './ui-slice';

/**
 * Closes the ui-slice dialog `id` when the component showing it unmounts, i.e. when the customer
 * leaves the money flow's screen. The open flag lives in the store (DevTools time-travel shows it),
 * so without this a PIN or receipt dialog left open would greet the customer on their next visit,
 * over a form that starts empty.
 */
export function useDialogClosedOnUnmount(id: string) {
  const dispatch = useAppDispatch();
  useEffect(() => () => void dispatch(dialogClosed(id)), [id, dispatch]);
}
