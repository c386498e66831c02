import { endpoints } from '../../../shared/endpoints';
import type { AmountSide, Currency, Quote, Req, Res } from '../../../shared/types';
import { api } from '../../api/api';
import { moneyRequest, touchedBy, type MoneyArgs } from '../money/money-call';

export interface QuoteArgs {
  from: Currency;
  to: Currency;
  /** Digits with at most two decimals, no separators. */
  amount: string;
  side: AmountSide;
}

const quoteRequest = ({ from, to, amount, side }: QuoteArgs) => ({
  url: endpoints.createQuote.path,
  method: endpoints.createQuote.method,
  body: { from_currency: from, to_currency: to, amount, amount_side: side } satisfies Req<'createQuote'>,
});

export const exchangeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /quotes while the customer types the amount to receive: the exact amount to send
     * (spec-next §A). Not kept once the form stops asking for it.
     */
    quoteEstimate: build.query<Quote, QuoteArgs>({
      query: quoteRequest,
      transformResponse: (body: Res<'createQuote'>) => body.data,
      keepUnusedDataFor: 0,
    }),
    /** POST /quotes for the review: the rate held 60 s that Confirm sends with its quote_id. */
    createQuote: build.mutation<Quote, QuoteArgs>({
      query: quoteRequest,
      transformResponse: (body: Res<'createQuote'>) => body.data,
    }),
    /**
     * POST /wallet/currency-conversion (with the review's quote_id); both wallets, both histories,
     * the limits and the rates are refetched afterwards.
     */
    convertCurrency: build.mutation<Res<'currencyConversion'>, MoneyArgs<Req<'currencyConversion'>>>({
      query: (args) => moneyRequest(endpoints.currencyConversion, args),
      invalidatesTags: [...touchedBy('CAD'), ...touchedBy('NGN'), 'Rates'],
    }),
  }),
});

export const { useQuoteEstimateQuery, useCreateQuoteMutation, useConvertCurrencyMutation } = exchangeApi;
