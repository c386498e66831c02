import { api } from '../../api/api';
import { buildPath, endpoints } from '../../../shared/endpoints';
import { LOGIN_METHOD } from '../../../shared/limits';
import type { ProofOfAddress, Req, Res } from '../../../shared/types';

/** Profile and security calls (spec §7): password check, password and PIN change, profile update. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /auth/login in the session: the password check before a password or PIN change. */
    checkPassword: build.mutation<Res<'login'>, Pick<Req<'login'>, 'email' | 'password'>>({
      query: (body) => ({ url: endpoints.login.path, method: endpoints.login.method, body: { ...body, method: LOGIN_METHOD } }),
    }),
    changePassword: build.mutation<Res<'resetPassword'>, { email: string; new_password: string; confirm_password: string }>({
      query: ({ email, ...passwords }) => ({
        url: buildPath('resetPassword', { email }),
        method: endpoints.resetPassword.method,
        body: { ...passwords, is_link: false } satisfies Req<'resetPassword'>,
      }),
    }),
    changeTransactionPin: build.mutation<Res<'resetTransactionPin'>, Req<'resetTransactionPin'>>({
      query: (body) => ({ url: endpoints.resetTransactionPin.path, method: endpoints.resetTransactionPin.method, body }),
    }),
    /** GET /verification/proof-of-address: none, pending, approved or rejected (with the reason). */
    getProofOfAddress: build.query<ProofOfAddress, void>({
      query: () => ({ url: endpoints.proofOfAddress.path, method: endpoints.proofOfAddress.method }),
      transformResponse: (body: Res<'proofOfAddress'>) => body.data,
      providesTags: ['ProofOfAddress'],
    }),
    /**
     * POST /verification/proof-of-address (multipart, one file `document`): pending review. The
     * status and the limits are asked again (an approval raises the tier to Plus).
     */
    uploadProofOfAddress: build.mutation<Res<'uploadProofOfAddress'>, File>({
      query: (document) => {
        const body = new FormData();
        body.append('document', document);
        return { url: endpoints.uploadProofOfAddress.path, method: endpoints.uploadProofOfAddress.method, body };
      },
      invalidatesTags: ['ProofOfAddress', 'Limits'],
    }),
    updateProfile: build.mutation<Res<'updateProfile'>, Req<'updateProfile'>>({
      query: (body) => ({ url: endpoints.updateProfile.path, method: endpoints.updateProfile.method, body }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const {
  useCheckPasswordMutation,
  useChangePasswordMutation,
  useChangeTransactionPinMutation,
  useUpdateProfileMutation,
  useGetProofOfAddressQuery,
  useUploadProofOfAddressMutation,
} = profileApi;
