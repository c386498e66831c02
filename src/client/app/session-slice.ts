import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoginData } from '../../shared/types';
import { readStoredUser, secondsLeft, tokenExpiry, type StoredUser } from './stored-session';

/**
 * Why a session ended: the customer signed out in this tab ('signedOut', the only end the diagnostics
 * recorder forgets the customer's log on), its token expired or could not be refreshed ('expired'), the
 * account could not be loaded ('userNotLoaded'), or another tab removed the stored session ('endedElsewhere').
 */
export type SessionEndReason = 'signedOut' | 'expired' | 'userNotLoaded' | 'endedElsewhere';

/** Mirrors localStorage 'user': the listener in session-persistence.ts writes every change back. */
export interface SessionState {
  token: string | null;
  email: string | null;
  /** The token's `exp` claim, seconds since the epoch. */
  expiresAt: number | null;
}

const fromStored = (stored: StoredUser | null): SessionState => {
  const token = stored?.access_token ?? null;
  return { token, email: stored?.email ?? null, expiresAt: tokenExpiry(token) };
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState: () => fromStored(readStoredUser()),
  reducers: {
    /** Login succeeded: `payload` is the login response's data. */
    sessionStarted: (_state, { payload }: PayloadAction<LoginData>) =>
      fromStored({ ...payload, token: payload.access_token }),
    /**
     * A refresh answered: `token` for the customer `email` (the one it was asked for). The token sits
     * under a named key, so redaction (DevTools, diagnostics) recognises it. Only the session of that
     * customer takes it: never one that ended or was replaced by another customer's meanwhile.
     */
    tokenRefreshed: (state, { payload: { token, email } }: PayloadAction<{ token: string; email: string }>) => {
      if (state.token === null || !state.email || state.email.toLowerCase() !== email.toLowerCase()) return;
      state.token = token;
      state.expiresAt = tokenExpiry(token);
    },
    /** Another tab changed the stored session (storage event): a refreshed token of the same customer. */
    sessionSynced: (_state, { payload }: PayloadAction<StoredUser>) => fromStored(payload),
    /**
     * Another tab signed in as another customer: this tab follows the stored session, and every slice
     * but the screen preferences starts afresh (store.ts); the RTK Query cache is reset (session-persistence.ts).
     */
    customerSwitched: (_state, { payload }: PayloadAction<StoredUser>) => fromStored(payload),
    /** `payload.reason`: why (SessionEndReason); kept in the diagnostics action log. */
    sessionEnded: (_state, _action: PayloadAction<{ reason: SessionEndReason } | undefined>) => fromStored(null),
  },
  selectors: {
    selectSession: (state) => state,
    selectToken: (state) => state.token,
    selectSessionEmail: (state) => state.email,
    selectIsSignedIn: (state) => state.token !== null,
    /** Signed in with a token whose expiry has not passed (what the route guard lets through, spec §2). */
    selectHasLiveSession: (state) => secondsLeft(state.token) > 0,
  },
});

export const { sessionStarted, tokenRefreshed, sessionSynced, customerSwitched, sessionEnded } = sessionSlice.actions;
export const { selectSession, selectToken, selectSessionEmail, selectIsSignedIn, selectHasLiveSession } = sessionSlice.selectors;
