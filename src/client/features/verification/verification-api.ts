import { api } from '../../api/api';
import { buildPath, endpoints } from '../../../shared/endpoints';
import * as M from '../../../shared/messages';
import type { Req, Res } from '../../../shared/types';

/** Phone, identity and e-mail verification calls of the /verification screen (spec §7). */
export const verificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendPhoneOtp: build.mutation<Res<'sendOtpPhone'>, Req<'sendOtpPhone'>>({
      query: (body) => ({ url: endpoints.sendOtpPhone.path, method: endpoints.sendOtpPhone.method, body }),
    }),
    verifyPhone: build.mutation<Res<'verifyPhone'>, Req<'verifyPhone'> & { phone_number: string }>({
      query: ({ phone_number, otp }) => ({
        url: buildPath('verifyPhone', { phone_number }),
        method: endpoints.verifyPhone.method,
        body: { otp },
      }),
      invalidatesTags: (result) => (result?.message === M.phone.verified ? ['User'] : []),
    }),
    createIdentitySession: build.mutation<Res<'createIdentitySession'>, void>({
      query: () => ({ url: endpoints.createIdentitySession.path, method: endpoints.createIdentitySession.method }),
    }),
    /** Not in the spec: the Email Verification button sends a new e-mail code (POST /auth/resend-otp/{email}). */
    resendVerificationEmail: build.mutation<Res<'resendOtp'>, string>({
      query: (email) => ({ url: buildPath('resendOtp', { email }), method: endpoints.resendOtp.method }),
    }),
  }),
});

export const {
  useSendPhoneOtpMutation,
  useVerifyPhoneMutation,
  useCreateIdentitySessionMutation,
  useResendVerificationEmailMutation,
} = verificationApi;
