import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { Currency } from '../../shared/types';
import { useGetCadWalletQuery, useGetNairaWalletQuery } from '../api/wallet-api';
import { useAppSelector } from './store';
import { selectWallet, type WalletOf } from './wallets-slice';

export interface UseWallet<C extends Currency> {
  /** The wallet from the `wallets` slice (undefined until its GET call answered). */
  wallet: WalletOf<C> | undefined;
  /** The first load is under way (nothing loaded yet). */
  isLoading: boolean;
  isError: boolean;
  error: FetchBaseQueryError | SerializedError | undefined;
}

/**
 * The wallet of `currency` for a screen: subscribes to its query (which asks again on mount, focus
 * and reconnect, wallet-api.ts LIVE_QUERY) and reads the wallet from its one owner, the `wallets` slice.
 */
export function useWallet<C extends Currency>(currency: C, options: { skip?: boolean } = {}): UseWallet<C> {
  const skip = options.skip ?? false;
  const cad = useGetCadWalletQuery(undefined, { skip: skip || currency !== 'CAD' });
  const ngn = useGetNairaWalletQuery(undefined, { skip: skip || currency !== 'NGN' });
  const { isLoading, isError, error } = currency === 'CAD' ? cad : ngn;
  const wallet = useAppSelector((state) => selectWallet(state, currency));
  return { wallet, isLoading, isError, error };
}
