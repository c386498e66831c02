import { useEffect, useState } from 'react';
import { selectSendAgain, sendAgainTaken, type SendAgainDraft, type SendAgainFlow } from './send-again-slice';
import { useAppDispatch, useAppStore } from './store';

/**
 * The Send again draft for `flow`, as it was when the screen mounted (null when there is none or it
 * is another flow's); the screen takes it, so a later visit starts empty.
 */
export function useSendAgainDraft<F extends SendAgainFlow>(flow: F): Extract<SendAgainDraft, { flow: F }> | null {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const [draft] = useState(() => {
    const current = selectSendAgain(store.getState());
    return current?.flow === flow ? (current as Extract<SendAgainDraft, { flow: F }>) : null;
  });
  useEffect(() => {
    if (draft) dispatch(sendAgainTaken());
  }, [draft, dispatch]);
  return draft;
}
