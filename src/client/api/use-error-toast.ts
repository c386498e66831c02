import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { screenToast } from '../app/toasts';
import { messageOf } from './error-message';
import { toast } from '../ui';

/**
 * Toasts a failed call once per failure: the server's message, else `fallback` (spec §8), e.g.
 * useErrorToast(ratesQuery.error, M.dashboard.ratesFailed). A toast about the screen: the same text
 * is not repeated while it shows, and leaving the screen clears it (app/toasts.tsx).
 */
export function useErrorToast(error: FetchBaseQueryError | SerializedError | undefined, fallback: string): void {
  useEffect(() => {
    if (!error) return;
    const message = messageOf(error, fallback);
    toast.error(message, screenToast(message));
  }, [error, fallback]);
}
