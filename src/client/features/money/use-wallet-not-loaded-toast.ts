import { useEffect } from 'react';
import * as M from '../../../shared/messages';
import type { Currency } from '../../../shared/types';
import { screenToast } from '../../app/toasts';
import type { UseWallet } from '../../app/use-wallet';
import { toast } from '../../ui';

/**
 * 'Failed to load wallet details' (spec §8: it shows when the wallet is not loaded on display): the
 * wallet query of the wallet on screen failed and there is no wallet to show. Takes what
 * `useWallet(currency)` returns. The failed call itself keeps its own toast (the server's text,
 * else e.g. 'Failed to fetch wallet details'); a refetch that fails while the last wallet is still
 * shown gives only that one.
 */
export function useWalletNotLoadedToast({ isError, wallet }: Pick<UseWallet<Currency>, 'isError' | 'wallet'>): void {
  const notLoaded = isError && wallet === undefined;
  useEffect(() => {
    if (notLoaded) toast.error(M.transfers.walletNotLoaded, screenToast(M.transfers.walletNotLoaded));
  }, [notLoaded]);
}
