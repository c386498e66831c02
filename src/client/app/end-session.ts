import type { Dispatch } from '@reduxjs/toolkit';
import { session } from '../../shared/messages';
import { navigateTo } from './navigation';
import { paths } from './paths';
import { sessionEnded } from './session-slice';
import { toast } from '../ui';

/** Ends an expired session (spec §4): clears it (the stored user too), tells the user, goes to '/'. */
export function endSession(dispatch: Dispatch): void {
  dispatch(sessionEnded({ reason: 'expired' }));
  toast.error(session.expired, { toastId: 'session-expired' });
  navigateTo(paths.home, { replace: true });
}
