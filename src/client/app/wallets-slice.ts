import { createEntityAdapter, createSlice } from '@reduxjs/toolkit';
import type { CadWallet, NairaWallet } from '../../shared/types';
import { sessionEnded } from './session-slice';

/** A wallet, keyed by its currency, with the details its GET call returns (spec §3). */
export type Wallet = ({ currency: 'CAD' } & CadWallet) | ({ currency: 'NGN' } & NairaWallet);

const walletsAdapter = createEntityAdapter({ selectId: (wallet: Wallet) => wallet.currency });

export const walletsSlice = createSlice({
  name: 'wallets',
  initialState: walletsAdapter.getInitialState(),
  reducers: {
    walletReceived: walletsAdapter.setOne,
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => walletsAdapter.getInitialState()),
});

export const { walletReceived } = walletsSlice.actions;
export const { selectAll: selectWallets, selectById: selectWallet } = walletsAdapter.getSelectors(walletsSlice.selectSlice);
