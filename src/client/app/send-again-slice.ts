import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Currency } from '../../shared/types';
import { sessionEnded } from './session-slice';

/**
 * 'Send again' of a history item (spec-next §C): the send screen it opens starts with the same
 * recipient and amount. The history's detail page writes the draft; the send screen takes it once,
 * when it mounts. In the store, so DevTools and a support replay show it (an account number is
 * masked there, as everywhere: its key says what it is, app/redact.ts).
 */
export type SendAgainDraft =
  /** An Interac e-Transfer (/transfer-cad). */
  | { flow: 'interac'; name: string; email: string; amount: number }
  /**
   * A payout to a Nigerian bank account (/transfer-naira): the bank by its name, the number when
   * known in full; else its masked number, by which the screen finds the saved recipient (spec-next §E).
   */
  | { flow: 'ngn-bank'; bankName: string | null; accountNumber: string; accountNumberMasked?: string | null; amount: number }
  /** A transfer to another user of the product (/transfer-{product}), on its currency's tab. */
  | { flow: 'kudi-user'; currency: Currency; email: string; amount: number };

export type SendAgainFlow = SendAgainDraft['flow'];

export interface SendAgainState {
  draft: SendAgainDraft | null;
}

const initialState: SendAgainState = { draft: null };

export const sendAgainSlice = createSlice({
  name: 'sendAgain',
  initialState,
  reducers: {
    sendAgainStarted: (state, { payload }: PayloadAction<SendAgainDraft>) => {
      state.draft = payload;
    },
    /** The send screen took the draft: it is not offered again. */
    sendAgainTaken: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
  selectors: {
    selectSendAgain: (state) => state.draft,
  },
});

export const { sendAgainStarted, sendAgainTaken } = sendAgainSlice.actions;
export const { selectSendAgain } = sendAgainSlice.selectors;
