import { endpoints } from '../../../shared/endpoints';
import type { Currency, Res, TransactionType } from '../../../shared/types';
import { api } from '../../api/api';
import { LIVE_QUERY } from '../../api/wallet-api';

export interface HistoryQuery {
  currency: Currency;
  /** null: all types (the parameter is left out). */
  type: TransactionType | null;
  page: number;
}

export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /wallet/transactions?currency=&transaction_type=&page= (page sent as a string). */
    getTransactions: build.query<Res<'transactions'>, HistoryQuery>({
      query: ({ currency, type, page }) => ({
        url: endpoints.transactions.path,
        method: endpoints.transactions.method,
        params: { currency, ...(type ? { transaction_type: type } : {}), page: String(page) },
      }),
      providesTags: (_result, _error, { currency }) => [{ type: 'Transactions', id: `LIST-${currency}` }],
    }),
  }),
});

/** Refetched on mount, page or filter change, focus and reconnect: money arrives from outside the app. */
export const useGetTransactionsQuery = ((arg, options) =>
  historyApi.useGetTransactionsQuery(arg, { ...LIVE_QUERY, ...options })) as typeof historyApi.useGetTransactionsQuery;
