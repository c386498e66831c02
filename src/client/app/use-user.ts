import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { User } from '../../shared/types';
import { useGetUserQuery } from '../api/user-api';
import { useAppSelector } from './store';
import { selectUser } from './user-slice';

export interface UseUser {
  /** The current user from the `user` slice (null until GET /auth/user answered). */
  user: User | null;
  /** The first load is under way (nothing loaded yet). */
  isLoading: boolean;
  isError: boolean;
  error: FetchBaseQueryError | SerializedError | undefined;
}

/**
 * The current user for a screen: subscribes to `getUser` (so it is loaded, and polled when
 * `pollingInterval` is set) and reads the user from its one owner, the `user` slice.
 */
export function useUser(options: { skip?: boolean; pollingInterval?: number } = {}): UseUser {
  const { isLoading, isError, error } = useGetUserQuery(undefined, options);
  const user = useAppSelector(selectUser);
  return { user, isLoading, isError, error };
}
