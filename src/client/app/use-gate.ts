import { useCallback, useMemo } from 'react';
import { dialogIds } from './dialog-ids';
import { paths } from './paths';
import { useAppDispatch, useAppSelector } from './store';
import { dialogOpened } from './ui-slice';
import { selectHasTransactionPin, selectIsFullyVerified, selectUser } from './user-slice';

/** Screens open to every signed-in user; /verification too, or nobody could get verified (spec §2, §6). */
const OPEN_PATHS: ReadonlySet<string> = new Set([paths.dashboard, paths.profile, paths.about, paths.verification]);

export interface Gate {
  /** The dialog a gated link opens instead (verification reminder first, then set-PIN), or null when nothing is gated. */
  blockedBy: typeof dialogIds.verificationReminder | typeof dialogIds.setPin | null;
  /** Whether `path` may be opened now. */
  allowed(path: string): boolean;
  /** Opens the dialog that blocks `path`, or returns true when it may be opened. */
  tryOpen(path: string): boolean;
  /** The dashboard tile rule (spec §2): unverified with a first name → reminder; else no PIN → set-PIN; else run. */
  runGated(action: () => void): void;
}

/** The verification and PIN gate of spec §2 and §6, from the current user in the store. */
export function useGate(): Gate {
  const dispatch = useAppDispatch();
  const verified = useAppSelector(selectIsFullyVerified);
  const hasPin = useAppSelector(selectHasTransactionPin);
  const hasFirstName = useAppSelector((state) => Boolean(selectUser(state)?.first_name));

  const blockedBy = !verified ? dialogIds.verificationReminder : !hasPin ? dialogIds.setPin : null;

  const allowed = useCallback((path: string) => blockedBy === null || OPEN_PATHS.has(path), [blockedBy]);

  const tryOpen = useCallback(
    (path: string) => {
      if (blockedBy === null || OPEN_PATHS.has(path)) return true;
      dispatch(dialogOpened(blockedBy));
      return false;
    },
    [blockedBy, dispatch],
  );

  const runGated = useCallback(
    (action: () => void) => {
      if (!verified && hasFirstName) dispatch(dialogOpened(dialogIds.verificationReminder));
      else if (!hasPin) dispatch(dialogOpened(dialogIds.setPin));
      else action();
    },
    [verified, hasFirstName, hasPin, dispatch],
  );

  return useMemo(() => ({ blockedBy, allowed, tryOpen, runGated }), [blockedBy, allowed, tryOpen, runGated]);
}
