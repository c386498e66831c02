import { buildPath, endpoints } from '../../../shared/endpoints';
import type { Recipient, Res } from '../../../shared/types';
import { api } from '../../api/api';
import { LIVE_QUERY } from '../../api/wallet-api';
import { recipientsTag } from '../money/money-call';

export const recipientsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /recipients: the customer's saved recipients, newest first, account numbers masked. */
    listRecipients: build.query<Recipient[], void>({
      query: () => ({ url: endpoints.listRecipients.path, method: endpoints.listRecipients.method }),
      transformResponse: (body: Res<'listRecipients'>) => body.data,
      providesTags: [recipientsTag],
    }),
    /** DELETE /recipients/{id}. */
    deleteRecipient: build.mutation<Res<'deleteRecipient'>, string>({
      query: (id) => ({ url: buildPath('deleteRecipient', { id }), method: endpoints.deleteRecipient.method }),
      invalidatesTags: [recipientsTag],
    }),
  }),
});

/** Asked again on mount, focus and reconnect: a payout sent earlier may have completed meanwhile (and saved its recipient). */
export const useListRecipientsQuery = ((arg, options) =>
  recipientsApi.useListRecipientsQuery(arg, { ...LIVE_QUERY, ...options })) as typeof recipientsApi.useListRecipientsQuery;

export const { useDeleteRecipientMutation } = recipientsApi;
