import { buildPath, endpoints } from '../../../shared/endpoints';
import type { Bank, NameInquiry, Params, Query, Req, Res } from '../../../shared/types';
import { api } from '../../api/api';
import { moneyRequest, touchedBy, type MoneyArgs } from '../money/money-call';

/** The name check's path params, and a saved recipient's id when it checks one. */
export type NameInquiryArgs = NonNullable<Params<'nameInquiry'>> & NonNullable<Query<'nameInquiry'>>;

export const transferNairaApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /NGN-banks: the bank picker's list. */
    getNgnBanks: build.query<Bank[], void>({
      query: () => ({ url: endpoints.ngnBanks.path, method: endpoints.ngnBanks.method }),
      transformResponse: (body: Res<'ngnBanks'>) => body.data.bankList,
    }),
    /**
     * GET /wallet/get_name_inquiry/{accountNumber}/{nibssBankCode}/{senderAccountNumber}: code '00'
     * names the account. With recipient_id (spec-next §E) the server checks that saved recipient's
     * account, which accountNumber names by its masked number.
     */
    nameInquiry: build.query<NameInquiry, NameInquiryArgs>({
      query: ({ recipient_id, ...params }) => ({
        url: buildPath('nameInquiry', params),
        method: endpoints.nameInquiry.method,
        ...(recipient_id ? { params: { recipient_id } } : {}),
      }),
    }),
    /** POST /wallet/ngn-withdrawal to a Nigerian bank account; the NGN wallet and its history are refetched. */
    ngnWithdrawal: build.mutation<Res<'ngnWithdrawal'>, MoneyArgs<Req<'ngnWithdrawal'>>>({
      query: (args) => moneyRequest(endpoints.ngnWithdrawal, args),
      invalidatesTags: touchedBy('NGN'),
    }),
  }),
});

export const { useGetNgnBanksQuery, useNameInquiryQuery, useNgnWithdrawalMutation } = transferNairaApi;
