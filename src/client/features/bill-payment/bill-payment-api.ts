import { endpoints } from '../../../shared/endpoints';
import type { BillCategory, Payee, Req, Res } from '../../../shared/types';
import { api } from '../../api/api';
import { moneyRequest, touchedBy, type MoneyArgs } from '../money/money-call';

export const billPaymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /bills/search-payee { name, category }: the payees matching what was typed, of the screen's
     * category (?category=), so a school search never lists an electricity company; Pay Bills finds all.
     */
    searchPayees: build.query<Payee[], { name: string; category: BillCategory }>({
      query: ({ name, category }) => ({
        url: endpoints.searchPayee.path,
        method: endpoints.searchPayee.method,
        body: { name, category } satisfies Req<'searchPayee'>,
      }),
      transformResponse: (body: Res<'searchPayee'>) => body.data,
    }),
    /** POST /auth/confirm-transaction-pin: the one-time PIN check a bill payment needs first. */
    confirmTransactionPin: build.mutation<Res<'confirmTransactionPin'>, Req<'confirmTransactionPin'>>({
      query: (body) => ({ url: endpoints.confirmTransactionPin.path, method: endpoints.confirmTransactionPin.method, body }),
    }),
    /** POST /bills/create-bill-payment (paid from the CAD wallet); the CAD wallet and its history are refetched. */
    createBillPayment: build.mutation<Res<'createBillPayment'>, MoneyArgs<Req<'createBillPayment'>>>({
      query: (args) => moneyRequest(endpoints.createBillPayment, args),
      invalidatesTags: touchedBy('CAD'),
    }),
  }),
});

export const { useSearchPayeesQuery, useConfirmTransactionPinMutation, useCreateBillPaymentMutation } = billPaymentApi;
