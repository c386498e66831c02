import { endpoints } from '../../../shared/endpoints';
import type { Req, Res } from '../../../shared/types';
import { api } from '../../api/api';

export const exchangeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /wallet/currency-conversion; both wallets, both histories and the quotes are refetched
     * afterwards (the server quoted again: the next conversion is shown at the current rate).
     */
    convertCurrency: build.mutation<Res<'currencyConversion'>, { body: Req<'currencyConversion'>; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({
        url: endpoints.currencyConversion.path,
        method: endpoints.currencyConversion.method,
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: [
        { type: 'Wallet', id: 'CAD' },
        { type: 'Wallet', id: 'NGN' },
        { type: 'Transactions', id: 'LIST-CAD' },
        { type: 'Transactions', id: 'LIST-NGN' },
        'Rates',
      ],
    }),
  }),
});

export const { useConvertCurrencyMutation } = exchangeApi;
