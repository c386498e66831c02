import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import * as M from '../../../shared/messages';
import { IDENTITY_POLL_INTERVAL_MS, IDENTITY_POLL_MAX_MS } from '../../../shared/limits';
import { useGetUserQuery } from '../../api/user-api';
import { useAppSelector } from '../../app/store';
import { selectIsIdentityVerified } from '../../app/user-slice';

/**
 * After an identity check starts, the current user is polled every 5 s for at most 300 s until
 * is_identity_verified is true; then the completion toast shows (spec §4, §9).
 */
export function useIdentityPolling(): () => void {
  const [polling, setPolling] = useState(false);
  // The query is polled; the answers land in the user slice, which is where the flag is read.
  useGetUserQuery(undefined, { pollingInterval: polling ? IDENTITY_POLL_INTERVAL_MS : 0 });
  const verified = useAppSelector(selectIsIdentityVerified);

  useEffect(() => {
    if (!polling) return undefined;
    if (verified) {
      toast.success(M.identity.completed);
      setPolling(false);
      return undefined;
    }
    const timer = setTimeout(() => setPolling(false), IDENTITY_POLL_MAX_MS);
    return () => clearTimeout(timer);
  }, [polling, verified]);

  return () => setPolling(true);
}
