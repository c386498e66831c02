import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Currency } from '../../../shared/types';
import { sessionEnded } from '../../app/session-slice';

/** The side the customer typed in last: it drives, the other is computed from the rate (spec §4). */
export type Side = 'from' | 'to';

export interface ExchangeState {
  from: Currency;
  to: Currency;
  driver: Side;
  /** The driving side's amount as entered: digits and at most one '.' with two decimals, no separators. */
  amount: string;
  /** The live insufficient-balance warning was shown and not cleared since (spec §5: once until cleared). */
  insufficientWarned: boolean;
}

const initialState: ExchangeState = { from: 'CAD', to: 'NGN', driver: 'from', amount: '', insufficientWarned: false };

const other = (currency: Currency): Currency => (currency === 'CAD' ? 'NGN' : 'CAD');

export const exchangeSlice = createSlice({
  name: 'exchange',
  initialState,
  reducers: {
    /**
     * Picking a currency on one side; the same one on both sides flips the other side. Then the
     * amount the customer typed keeps its currency (spec-next §A: switching currencies never turns
     * what was typed into a different amount): it moves to the side that now holds its currency.
     */
    currencyChosen: (state, { payload }: PayloadAction<{ side: Side; currency: Currency }>) => {
      const { side, currency } = payload;
      if (state[side] === currency) return;
      const typedIn = state[state.driver];
      state[side] = currency;
      const opposite = side === 'from' ? 'to' : 'from';
      if (state[opposite] === currency) state[opposite] = other(currency);
      state.driver = state.from === typedIn ? 'from' : 'to';
    },
    amountEdited: (state, { payload }: PayloadAction<{ side: Side; amount: string }>) => {
      state.driver = payload.side;
      state.amount = payload.amount;
    },
    /**
     * Swap (spec §2: "exchanges the currencies and amounts"): the currencies change places and each
     * amount moves with its currency. The amount the customer typed stays exactly as typed, in its
     * currency, now on the other side, and still drives (spec-next §A); the other side is asked
     * again at the new direction's rate.
     */
    swapped: (state) => {
      [state.from, state.to] = [state.to, state.from];
      state.driver = state.driver === 'from' ? 'to' : 'from';
    },
    insufficientWarningChanged: (state, { payload }: PayloadAction<boolean>) => {
      state.insufficientWarned = payload;
    },
    /** After a conversion the form starts over (currencies kept). */
    amountsCleared: (state) => {
      state.amount = '';
      state.driver = 'from';
      state.insufficientWarned = false;
    },
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
  selectors: {
    selectExchange: (state) => state,
  },
});

export const { currencyChosen, amountEdited, swapped, insufficientWarningChanged, amountsCleared } = exchangeSlice.actions;
export const { selectExchange } = exchangeSlice.selectors;
