import { createEntityAdapter, createSlice } from '@reduxjs/toolkit';
import type { CadWallet, Currency, NairaWallet } from '../../shared/types';
import { walletApi } from '../api/wallet-api';
import { sessionEnded } from './session-slice';

/** A wallet, keyed by its currency, with the details its GET call returns (spec §3). */
export type Wallet = ({ currency: 'CAD' } & CadWallet) | ({ currency: 'NGN' } & NairaWallet);

/** The wallet of `currency`, with the fields of that currency's GET call. */
export type WalletOf<C extends Currency> = Extract<Wallet, { currency: C }>;

const walletsAdapter = createEntityAdapter({ selectId: (wallet: Wallet) => wallet.currency });

/**
 * The one owner of the customer's wallets: filled only by the answers of the wallet queries
 * (`getCadWallet`, `getNairaWallet`: on mount, focus, reconnect, and after a money mutation
 * invalidated `Wallet`), emptied with the session. Screens read a wallet through the selectors below
 * (or `useWallet`), never from the queries' `data`.
 */
export const walletsSlice = createSlice({
  name: 'wallets',
  initialState: walletsAdapter.getInitialState(),
  reducers: {},
  extraReducers: (builder) =>
    builder
      .addCase(sessionEnded, () => walletsAdapter.getInitialState())
      .addMatcher(walletApi.endpoints.getCadWallet.matchFulfilled, (state, { payload }) => {
        walletsAdapter.setOne(state, { currency: 'CAD', ...payload });
      })
      .addMatcher(walletApi.endpoints.getNairaWallet.matchFulfilled, (state, { payload }) => {
        walletsAdapter.setOne(state, { currency: 'NGN', ...payload });
      }),
});

const adapterSelectors = walletsAdapter.getSelectors(walletsSlice.selectSlice);

/** Every loaded wallet. */
export const selectWallets = adapterSelectors.selectAll;

/** The wallet of `currency` once its GET call answered, else undefined. */
export const selectWallet = adapterSelectors.selectById as <C extends Currency>(
  state: Parameters<typeof adapterSelectors.selectById>[0],
  currency: C,
) => WalletOf<C> | undefined;

/** The spendable balance of `currency` (major units), undefined until its wallet is loaded. */
export const selectWalletBalance = (state: Parameters<typeof adapterSelectors.selectById>[0], currency: Currency): number | undefined =>
  adapterSelectors.selectById(state, currency)?.balance;
