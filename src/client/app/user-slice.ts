import { createSlice } from '@reduxjs/toolkit';
import type { User } from '../../shared/types';
import { userApi } from '../api/user-api';
import { sessionEnded } from './session-slice';

export interface UserState {
  /** The current user (GET /auth/user): profile fields and verification flags. */
  profile: User | null;
}

const initialState: UserState = { profile: null };

/**
 * The one owner of the current user: filled only by the answers of the `getUser` query (its first
 * load, a refetch after a mutation invalidated `User`, identity polling), emptied with the session.
 * Screens read it through the selectors below (or `useUser`), never from the query's `data`.
 */
export const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {},
  extraReducers: (builder) =>
    builder
      .addCase(sessionEnded, () => initialState)
      .addMatcher(userApi.endpoints.getUser.matchFulfilled, (state, { payload }) => {
        state.profile = payload.data;
      }),
  selectors: {
    selectUser: (state) => state.profile,
    /** Email, phone and identity all verified (spec §2, shared layout). */
    selectIsFullyVerified: ({ profile }) =>
      Boolean(profile?.is_email_verified && profile.is_phone_verified && profile.is_identity_verified),
    selectHasTransactionPin: ({ profile }) => Boolean(profile?.is_set_transaction_pin),
    selectIsIdentityVerified: ({ profile }) => profile?.is_identity_verified === true,
    /** Where the identity check stands (GET /auth/user identity_status); null until the user is loaded. */
    selectIdentityStatus: ({ profile }) => profile?.identity_status ?? null,
  },
});

export const { selectUser, selectIsFullyVerified, selectHasTransactionPin, selectIsIdentityVerified, selectIdentityStatus } =
  userSlice.selectors;
