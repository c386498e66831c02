import { endpoints } from '../../shared/endpoints';
import type { CadWallet, Currency, NairaWallet, Rate, Req, Res } from '../../shared/types';
import { api } from './api';

/** A quote direction: get-rates is called for CAD→NGN and NGN→CAD; both answer NGN per 1 CAD. */
export interface RatePair {
  from: Currency;
  to: Currency;
}

/**
 * The wallet calls every money screen shares (spec §7): both wallets (tag `Wallet`, id = currency;
 * their answers fill the normalized `wallets` slice, app/wallets-slice.ts, which is where screens read
 * a wallet: `selectWallet`, `useWallet`), the quoted rates (`Rates`), the NGN limit and the naira
 * wallet activation (which reloads the NGN wallet).
 */
export const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCadWallet: build.query<CadWallet, void>({
      query: () => ({ url: endpoints.cadWallet.path, method: endpoints.cadWallet.method }),
      transformResponse: (body: Res<'cadWallet'>) => body.data,
      providesTags: [{ type: 'Wallet', id: 'CAD' }],
    }),
    getNairaWallet: build.query<NairaWallet, void>({
      query: () => ({ url: endpoints.nairaWallet.path, method: endpoints.nairaWallet.method }),
      transformResponse: (body: Res<'nairaWallet'>) => body.data,
      providesTags: [{ type: 'Wallet', id: 'NGN' }],
    }),
    getRate: build.query<Rate, RatePair>({
      query: ({ from, to }) => ({
        url: endpoints.getRates.path,
        method: endpoints.getRates.method,
        params: { from_currency: from, to_currency: to },
      }),
      transformResponse: (body: Res<'getRates'>) => body.data,
      providesTags: ['Rates'],
    }),
    /** The maximum single NGN amount. */
    getNgnLimit: build.query<number, void>({
      query: () => ({ url: endpoints.ngnLimit.path, method: endpoints.ngnLimit.method }),
      transformResponse: (body: Res<'ngnLimit'>) => body.data,
    }),
    /** Success is `success === 'true'` (spec §7); the NGN wallet is then reloaded. */
    activateNairaWallet: build.mutation<Res<'activateNairaWallet'>, Req<'activateNairaWallet'>>({
      query: (body) => ({ url: endpoints.activateNairaWallet.path, method: endpoints.activateNairaWallet.method, body }),
      invalidatesTags: (result) => (result?.success === 'true' ? [{ type: 'Wallet', id: 'NGN' }] : []),
    }),
  }),
});

/**
 * Balances and quotes change outside the app (a deposit through the rail, a new rate): every
 * screen that shows them asks again when it mounts (or its argument changes), when the window
 * regains focus and when the network comes back (setupListeners in index.tsx). Hook options given
 * by a screen take precedence.
 */
export const LIVE_QUERY = { refetchOnMountOrArgChange: true, refetchOnFocus: true, refetchOnReconnect: true } as const;

export const useGetCadWalletQuery = ((arg, options) =>
  walletApi.useGetCadWalletQuery(arg, { ...LIVE_QUERY, ...options })) as typeof walletApi.useGetCadWalletQuery;
export const useGetNairaWalletQuery = ((arg, options) =>
  walletApi.useGetNairaWalletQuery(arg, { ...LIVE_QUERY, ...options })) as typeof walletApi.useGetNairaWalletQuery;
export const useGetRateQuery = ((arg, options) =>
  walletApi.useGetRateQuery(arg, { ...LIVE_QUERY, ...options })) as typeof walletApi.useGetRateQuery;

export const { useGetNgnLimitQuery, useActivateNairaWalletMutation } = walletApi;
