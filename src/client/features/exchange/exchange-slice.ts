import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Currency } from '../../../shared/types';
import { sessionEnded } from '../../app/session-slice';

/** The side the customer typed in last: it drives, the other is computed from the rate (spec §4). */
export type Side = 'from' | 'to';

export interface ExchangeState {
  from: Currency;
  to: Currency;
  driver: Side;
  /** The driving side's text, as entered. */
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
    /** Picking a currency on one side; the same one on both sides flips the other side. */
    currencyChosen: (state, { payload }: PayloadAction<{ side: Side; currency: Currency }>) => {
      const { side, currency } = payload;
      state[side] = currency;
      const opposite = side === 'from' ? 'to' : 'from';
      if (state[opposite] === currency) state[opposite] = other(currency);
    },
    amountEdited: (state, { payload }: PayloadAction<{ side: Side; amount: string }>) => {
      state.driver = payload.side;
      state.amount = payload.amount;
    },
    /**
     * The target the customer typed, replaced by the exact amount the server credits for the
     * source it takes (the target still drives): shown before anything is converted.
     */
    targetNormalised: (state, { payload }: PayloadAction<string>) => {
      if (state.driver === 'to') state.amount = payload;
    },
    /**
     * Swap (spec §2: "exchanges the currencies and amounts"): the currencies change places and the
     * two amounts as shown (the payload) change sides. The side the customer last edited keeps
     * driving, now holding the other side's former amount, and the other side is recomputed from
     * it, so the pair shown stays what the server would credit. With nothing computed yet (no
     * rate, no readable amount), the typed text moves with its currency and keeps driving there.
     */
    swapped: (state, { payload: shownAmounts }: PayloadAction<Record<Side, string>>) => {
      [state.from, state.to] = [state.to, state.from];
      const other: Side = state.driver === 'from' ? 'to' : 'from';
      const moved = shownAmounts[other].trim();
      if (moved !== '') state.amount = moved;
      else state.driver = other;
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

export const { currencyChosen, amountEdited, targetNormalised, swapped, insufficientWarningChanged, amountsCleared } = exchangeSlice.actions;
export const { selectExchange } = exchangeSlice.selectors;
