import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Payee } from '../../../shared/types';
import { sessionEnded } from '../../app/session-slice';

export interface BillPaymentState {
  /** The payee search as typed. */
  query: string;
  /** The payee whose form is open; null shows the search (spec §4). */
  payee: Payee | null;
}

const initialState: BillPaymentState = { query: '', payee: null };

export const billPaymentSlice = createSlice({
  name: 'billPayment',
  initialState,
  reducers: {
    queryChanged: (state, { payload }: PayloadAction<string>) => {
      state.query = payload;
    },
    payeeSelected: (state, { payload }: PayloadAction<Payee>) => {
      state.payee = payload;
    },
    /** Closing the success modal (or Cancel) goes back to the search. */
    payeeCleared: (state) => {
      state.payee = null;
    },
    /** Leaving the screen or switching category starts over. */
    billPaymentReset: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
  selectors: {
    selectQuery: (state) => state.query,
    selectPayee: (state) => state.payee,
  },
});

export const { queryChanged, payeeSelected, payeeCleared, billPaymentReset } = billPaymentSlice.actions;
export const { selectQuery, selectPayee } = billPaymentSlice.selectors;
