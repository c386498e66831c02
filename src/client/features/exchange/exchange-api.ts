import { endpoints } from '../../../shared/endpoints';
import type { Req, Res } from '../../../shared/types';
import { api } from '../../api/api';
import { moneyRequest, touchedBy, type MoneyArgs } from '../money/money-call';

export const exchangeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /wallet/currency-conversion; both wallets, both histories and the quotes are refetched
     * afterwards (the server quoted again: the next conversion is shown at the current rate).
     */
    convertCurrency: build.mutation<Res<'currencyConversion'>, MoneyArgs<Req<'currencyConversion'>>>({
      query: (args) => moneyRequest(endpoints.currencyConversion, args),
      invalidatesTags: [...touchedBy('CAD'), ...touchedBy('NGN'), 'Rates'],
    }),
  }),
});

export const { useConvertCurrencyMutation } = exchangeApi;
