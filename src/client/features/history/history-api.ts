import { buildPath, endpoints } from '../../../shared/endpoints';
import { PRODUCT_SLUG } from '../../../shared/product';
import type { Currency, Res, StatementQuery, TransactionDetail, TransactionType } from '../../../shared/types';
import { api } from '../../api/api';
import { LIVE_QUERY } from '../../api/wallet-api';
import { touchedBy } from '../money/money-call';

export interface HistoryQuery {
  currency: Currency;
  /** null: all types (the parameter is left out). */
  type: TransactionType | null;
  page: number;
}

/**
 * The tag of one history item's detail: `Transactions` with the item's id (its reference), beside
 * the lists' `LIST-<currency>` ids. A cancel, or a status change seen in a list, refetches it.
 */
export const detailTag = (id: string) => ({ type: 'Transactions' as const, id });

/** A statement the browser holds as a file: an object URL of its bytes and the name to save it under. */
export interface StatementFile {
  url: string;
  filename: string;
}

/** The name of the file in `Content-Disposition: attachment; filename="…"`, if it gives one. */
export function attachmentName(disposition: string | null): string | null {
  const match = disposition && /filename="([^"]+)"/.exec(disposition);
  return match ? match[1] : null;
}

const statementName = ({ currency, from, to, format }: StatementQuery) => `${PRODUCT_SLUG}-statement-${currency}-${from}-to-${to}.${format}`;

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
    /** GET /transactions/{id} (spec-next §C): the history item with its fee, rate, counterparty, arrival and timeline. */
    getTransactionDetail: build.query<TransactionDetail, string>({
      query: (id) => ({ url: buildPath('transactionDetail', { id }), method: endpoints.transactionDetail.method }),
      transformResponse: (body: Res<'transactionDetail'>) => body.data,
      providesTags: (_result, _error, id) => [detailTag(id)],
    }),
    /**
     * GET /statements (spec-next §E) with the bearer token of the app's base query (a plain link
     * would have none): the file becomes an object URL to save; a refusal is its JSON message.
     * The caller revokes the URL once the file is saved.
     */
    downloadStatement: build.mutation<StatementFile, StatementQuery>({
      query: (request) => ({
        url: endpoints.statement.path,
        method: endpoints.statement.method,
        params: { ...request },
        cache: 'no-store',
        responseHandler: async (response: Response) => {
          if (!response.ok) return response.headers.get('content-type')?.includes('json') ? response.json() : response.text();
          const blob = await response.blob();
          return { url: URL.createObjectURL(blob), filename: attachmentName(response.headers.get('content-disposition')) ?? statementName(request) };
        },
      }),
    }),
    /**
     * POST /transactions/{id}/cancel (spec-next §C): a payout still in its hold is cancelled and
     * refunded (200 with the detail). Then its detail, its wallet, that wallet's history and the
     * limits are stale; after a refusal (409) the detail is asked again, its state having moved on.
     */
    cancelTransaction: build.mutation<Res<'cancelTransaction'>, string>({
      query: (id) => ({ url: buildPath('cancelTransaction', { id }), method: endpoints.cancelTransaction.method }),
      invalidatesTags: (result, _error, id) => [detailTag(id), ...(result ? touchedBy(result.data.currency) : [])],
    }),
  }),
});

/** Refetched on mount, page or filter change, focus and reconnect: money arrives from outside the app. */
export const useGetTransactionsQuery = ((arg, options) =>
  historyApi.useGetTransactionsQuery(arg, { ...LIVE_QUERY, ...options })) as typeof historyApi.useGetTransactionsQuery;

/** The detail is asked again on mount, focus and reconnect too: a payout settles outside the app. */
export const useGetTransactionDetailQuery = ((arg, options) =>
  historyApi.useGetTransactionDetailQuery(arg, { ...LIVE_QUERY, ...options })) as typeof historyApi.useGetTransactionDetailQuery;

export const { useCancelTransactionMutation, useDownloadStatementMutation } = historyApi;
