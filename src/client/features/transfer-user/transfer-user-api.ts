import { buildPath, endpoints } from '../../../shared/endpoints';
import type { Currency, Req, Res } from '../../../shared/types';
import { api } from '../../api/api';
import { moneyRequest, recipientsTag, touchedBy, type MoneyArgs } from '../money/money-call';

export interface RecipientCheck {
  email: string;
  currency: Currency;
}

type TransferArgs = MoneyArgs<Req<'cadWalletTransfer'>>;

export const transferUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /auth/check-email/{email}?currency_type=: whether a user of the product can receive this currency. */
    checkRecipient: build.query<Res<'checkEmail'>, RecipientCheck>({
      query: ({ email, currency }) => ({
        url: buildPath('checkEmail', { email }),
        method: endpoints.checkEmail.method,
        params: { currency_type: currency },
      }),
      // Every change of email or tab checks again (spec §4).
      keepUnusedDataFor: 0,
    }),
    /** POST /wallet/cad-wallet-transfer; the CAD wallet, its history and the saved recipients (it completes at once) are refetched. */
    cadWalletTransfer: build.mutation<Res<'cadWalletTransfer'>, TransferArgs>({
      query: (args) => moneyRequest(endpoints.cadWalletTransfer, args),
      invalidatesTags: [...touchedBy('CAD'), recipientsTag],
    }),
    /** POST /wallet/ngn-wallet-transfer; the NGN wallet, its history and the saved recipients are refetched. */
    ngnWalletTransfer: build.mutation<Res<'ngnWalletTransfer'>, TransferArgs>({
      query: (args) => moneyRequest(endpoints.ngnWalletTransfer, args),
      invalidatesTags: [...touchedBy('NGN'), recipientsTag],
    }),
  }),
});

export const { useCheckRecipientQuery, useCadWalletTransferMutation, useNgnWalletTransferMutation } = transferUserApi;
