import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../../shared/types';
import { sessionEnded } from './session-slice';

export interface UserState {
  /** The current user (GET /auth/user): profile fields and verification flags. */
  profile: User | null;
}

const initialState: UserState = { profile: null };

export const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {
    userReceived: (state, { payload }: PayloadAction<User>) => {
      state.profile = payload;
    },
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
  selectors: {
    selectUser: (state) => state.profile,
    /** Email, phone and identity all verified (spec §2, shared layout). */
    selectIsFullyVerified: ({ profile }) =>
      Boolean(profile?.is_email_verified && profile.is_phone_verified && profile.is_identity_verified),
    selectHasTransactionPin: ({ profile }) => Boolean(profile?.is_set_transaction_pin),
  },
});

export const { userReceived } = userSlice.actions;
export const { selectUser, selectIsFullyVerified, selectHasTransactionPin } = userSlice.selectors;
