import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from './session-slice';

/** Serializable UI state keyed by an id each feature picks, so DevTools can time-travel it. */
export interface UiState {
  /** Open dialogs, e.g. { 'set-pin': true }. */
  dialogs: Record<string, boolean>;
  /** Wizard steps, e.g. { 'sign-up': 3 }. */
  steps: Record<string, number>;
  /** Selected tabs, e.g. { 'add-money': 'NGN' }. */
  tabs: Record<string, string>;
}

const initialState: UiState = { dialogs: {}, steps: {}, tabs: {} };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    dialogOpened: (state, { payload: id }: PayloadAction<string>) => {
      state.dialogs[id] = true;
    },
    dialogClosed: (state, { payload: id }: PayloadAction<string>) => {
      delete state.dialogs[id];
    },
    stepChanged: (state, { payload }: PayloadAction<{ id: string; step: number }>) => {
      state.steps[payload.id] = payload.step;
    },
    tabSelected: (state, { payload }: PayloadAction<{ id: string; tab: string }>) => {
      state.tabs[payload.id] = payload.tab;
    },
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
  selectors: {
    selectIsDialogOpen: (state, id: string) => state.dialogs[id] === true,
    selectStep: (state, id: string, initial = 1) => state.steps[id] ?? initial,
    selectTab: (state, id: string, initial: string) => state.tabs[id] ?? initial,
  },
});

export const { dialogOpened, dialogClosed, stepChanged, tabSelected } = uiSlice.actions;
export const { selectIsDialogOpen, selectStep, selectTab } = uiSlice.selectors;
