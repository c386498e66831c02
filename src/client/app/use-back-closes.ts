import { useCallback, useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, UNSAFE_NavigationContext, useLocation, useNavigate } from 'react-router-dom';

/** The key of `location.state` that marks a screen's history entry for its open steps. */
const STEPS_MARK = 'steps';

const markOf = (state: unknown): unknown =>
  typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[STEPS_MARK] : undefined;

/**
 * The state of the history entry on show now. The router hands a navigation to the screen in a
 * transition, so `useLocation()` may still show the entry a navigation just left (and shows none to
 * a screen that is going); the history object (the navigator of BrowserRouter and MemoryRouter), or
 * a data router's own state, knows at once.
 */
export function useCurrentEntryState(): () => unknown {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  return useCallback(
    () => (router ? router.state.location.state : (navigator as { location?: { state?: unknown } }).location?.state),
    [navigator, router],
  );
}

/**
 * A phone's Back button closes a screen's steps (its review, PIN and result dialogs) instead of
 * leaving the screen with what was typed. While `open`, the screen's history entry is followed by
 * one of its own (the same address, its state marked with `id`): Back returns to the screen's entry
 * and `close` runs. Steps closed any other way (Done, Cancel, a success) take that entry off again,
 * unless they closed because the customer went to another screen.
 */
export function useBackCloses(id: string, open: boolean, close: () => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const marked = markOf(location.state) === id;
  const entryState = useCurrentEntryState();
  /** Whether this screen added the entry, so an entry that is gone was taken by Back. */
  const added = useRef(false);
  const latest = useRef({ location, close });
  latest.current = { location, close };

  // Decided on the entry on show now (the router's screen may lag behind it); `marked` only makes
  // the check run again once the screen has caught up (after a Back, say).
  useEffect(() => {
    const onOwnEntry = markOf(entryState()) === id;
    if (open && !onOwnEntry) {
      if (added.current) {
        // The entry this screen added is gone: Back was pressed.
        added.current = false;
        latest.current.close();
        return;
      }
      added.current = true;
      const { pathname, search, hash, state } = latest.current.location;
      const previous = typeof state === 'object' && state !== null ? state : {};
      void navigate({ pathname, search, hash }, { state: { ...previous, [STEPS_MARK]: id } });
    } else if (!open && onOwnEntry) {
      // Closed on the screen (Done, Cancel, a success): its entry goes. Closed by leaving for another
      // entry (the receipt's View details), the entry on show is that one, which stays.
      added.current = false;
      void navigate(-1);
    }
  }, [id, open, marked, navigate, entryState]);
}
