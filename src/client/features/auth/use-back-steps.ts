import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppStore } from '../../app/store';
import { useCurrentEntryState } from '../../app/use-back-closes';
import { selectTab } from '../../app/ui-slice';
import { authUiIds } from './auth-flow';

/** The key of `location.state` that marks the history entry of the sign-up and forgot-password steps. */
const MARK = 'authSteps';

const isMarked = (state: unknown) => typeof state === 'object' && state !== null && MARK in state;

/**
 * A phone's Back button goes one step back in the sign-up wizard and the forgot-password flow, as
 * their own Back does (spec §4), instead of leaving the app with what was typed. While a flow is on
 * show, the screen's history entry is followed by one of its own (the same address, its state
 * marked): Back returns to the screen's entry and `back` runs; the flow still on show, the entry is
 * added again, so Forward never skips a step. Sign-in reached on the screen (Login, a success)
 * takes the entry off again. The mode and step stay in the ui slice; only the entry is the router's.
 */
export function useBackSteps(back: () => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const store = useAppStore();
  const entryState = useCurrentEntryState();
  const latest = useRef({ back, location });
  latest.current = { back, location };
  /** Whether the entry is this flow's, so an entry that is gone was taken by Back. */
  const added = useRef(false);
  const marked = isMarked(location.state);

  useEffect(() => {
    const inFlow = () => selectTab(store.getState(), authUiIds.mode, 'sign-in') !== 'sign-in';
    const onOwnEntry = () => isMarked(entryState());
    if (onOwnEntry()) {
      added.current = true;
    } else {
      // The entry this flow added is gone: Back was pressed.
      if (added.current) latest.current.back();
      added.current = inFlow();
      if (added.current) {
        const { pathname, search, hash, state } = latest.current.location;
        void navigate({ pathname, search, hash }, { state: { ...(state as object | null), [MARK]: true } });
      }
    }
    // Left on the screen for sign-in: the entry goes (left for another address, that entry stays).
    return () => {
      if (!inFlow() && onOwnEntry()) void navigate(-1);
    };
  }, [marked, navigate, entryState, store]);
}
