import { useEffect, useState } from 'react';
import * as M from '../../../shared/messages';
import { IDENTITY_POLL_INTERVAL_MS, IDENTITY_POLL_MAX_MS } from '../../../shared/limits';
import { useGetUserQuery } from '../../api/user-api';
import { useAppSelector } from '../../app/store';
import { selectIdentityStatus, selectIsIdentityVerified } from '../../app/user-slice';
import { toast } from '../../ui';

export interface IdentityPolling {
  /** Starts polling; call it once the provider session exists. */
  start(): void;
  /**
   * The latest check was declined: the user's identity_status is 'declined' and, during a check
   * started here, the answer saying so was asked for after the start (an earlier answer may tell
   * of the check before it).
   */
  declined: boolean;
}

/**
 * After an identity check starts, the current user is polled every 5 s for at most 300 s until
 * is_identity_verified is true, then the completion toast shows (spec §4, §9); a decline of the
 * check also ends the polling (the card says so, from `declined`).
 */
export function useIdentityPolling(): IdentityPolling {
  /** When polling started (Date.now()); null while not polling. */
  const [since, setSince] = useState<number | null>(null);
  // The query is polled; the answers land in the user slice, which is where the flags are read.
  const { startedTimeStamp, isFetching } = useGetUserQuery(undefined, { pollingInterval: since !== null ? IDENTITY_POLL_INTERVAL_MS : 0 });
  const verified = useAppSelector(selectIsIdentityVerified);
  const status = useAppSelector(selectIdentityStatus);
  const answersThisCheck = since === null || (!isFetching && startedTimeStamp !== undefined && startedTimeStamp >= since);
  const declined = status === 'declined' && answersThisCheck;

  useEffect(() => {
    if (since === null) return undefined;
    if (verified) {
      toast.success(M.identity.completed);
      setSince(null);
      return undefined;
    }
    if (declined) {
      setSince(null);
      return undefined;
    }
    const timer = setTimeout(() => setSince(null), since + IDENTITY_POLL_MAX_MS - Date.now());
    return () => clearTimeout(timer);
  }, [since, verified, declined]);

  return { start: () => setSince(Date.now()), declined };
}
