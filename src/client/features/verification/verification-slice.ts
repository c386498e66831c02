import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../../app/session-slice';

export interface VerificationState {
  /** The number the last phone code was sent to (dial code plus digits); the code dialog needs it. */
  phoneCodeSentTo: string | null;
}

const initialState: VerificationState = { phoneCodeSentTo: null };

/** What the /verification screen shows beyond open dialogs, kept in the store for time-travel. */
export const verificationSlice = createSlice({
  name: 'verification',
  initialState,
  reducers: {
    phoneCodeSent: (state, { payload }: PayloadAction<string>) => {
      state.phoneCodeSentTo = payload;
    },
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
  selectors: {
    selectPhoneCodeSentTo: (state) => state.phoneCodeSentTo,
  },
});

export const { phoneCodeSent } = verificationSlice.actions;
export const { selectPhoneCodeSentTo } = verificationSlice.selectors;
