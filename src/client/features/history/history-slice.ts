import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { HISTORY_FIRST_PAGE } from '../../../shared/limits';
import type { Currency, TransactionType } from '../../../shared/types';
import { sessionEnded } from '../../app/session-slice';

export interface HistoryState {
  filtersOpen: boolean;
  currency: Currency;
  /** null: All Types. */
  type: TransactionType | null;
  page: number;
}

const initialState: HistoryState = { filtersOpen: false, currency: 'CAD', type: null, page: HISTORY_FIRST_PAGE };

export const historySlice = createSlice({
  name: 'history',
  initialState,
  reducers: {
    filtersToggled: (state) => {
      state.filtersOpen = !state.filtersOpen;
    },
    /** A new filter starts again at the first page. */
    currencyFiltered: (state, { payload }: PayloadAction<Currency>) => {
      state.currency = payload;
      state.page = HISTORY_FIRST_PAGE;
    },
    typeFiltered: (state, { payload }: PayloadAction<TransactionType | null>) => {
      state.type = payload;
      state.page = HISTORY_FIRST_PAGE;
    },
    pageChanged: (state, { payload }: PayloadAction<number>) => {
      state.page = payload;
    },
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
  selectors: {
    selectHistory: (state) => state,
  },
});

export const { filtersToggled, currencyFiltered, typeFiltered, pageChanged } = historySlice.actions;
export const { selectHistory } = historySlice.selectors;
