import { endpoints } from '../../../shared/endpoints';
import type { Req, Res } from '../../../shared/types';
import { api } from '../../api/api';
import { moneyRequest, touchedBy, type MoneyArgs } from '../money/money-call';

export const transferCadApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /wallet/cad-withdrawal (Interac e-Transfer); the CAD wallet and its history are refetched. */
    cadWithdrawal: build.mutation<Res<'cadWithdrawal'>, MoneyArgs<Req<'cadWithdrawal'>>>({
      query: (args) => moneyRequest(endpoints.cadWithdrawal, args),
      invalidatesTags: touchedBy('CAD'),
    }),
  }),
});

export const { useCadWithdrawalMutation } = transferCadApi;
