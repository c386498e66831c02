import { api } from '../../api/api';
import { buildPath, endpoints } from '../../../shared/endpoints';
import { LOGIN_METHOD } from '../../../shared/limits';
import type { LoginData, Req, Res } from '../../../shared/types';

type Message = Res<'signUp'>;
type WithEmail<T> = T & { email: string };

/** Sign in, sign up, e-mail codes and password reset (spec §7). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginData, Omit<Req<'login'>, 'method'>>({
      query: (body) => ({ url: endpoints.login.path, method: endpoints.login.method, body: { ...body, method: LOGIN_METHOD } }),
      transformResponse: (response: Res<'login'>) => response.data,
    }),
    signUp: build.mutation<Message, Req<'signUp'>>({
      query: (body) => ({ url: endpoints.signUp.path, method: endpoints.signUp.method, body }),
    }),
    verifyEmail: build.mutation<Res<'verifyEmail'>, WithEmail<Req<'verifyEmail'>>>({
      query: ({ email, otp }) => ({ url: buildPath('verifyEmail', { email }), method: endpoints.verifyEmail.method, body: { otp } }),
    }),
    resendOtp: build.mutation<Message, string>({
      query: (email) => ({ url: buildPath('resendOtp', { email }), method: endpoints.resendOtp.method }),
    }),
    forgotPassword: build.mutation<Message, Req<'forgotPassword'>>({
      query: (body) => ({ url: endpoints.forgotPassword.path, method: endpoints.forgotPassword.method, body }),
    }),
    verifyOtp: build.mutation<Message, WithEmail<Req<'verifyOtp'>>>({
      query: ({ email, otp }) => ({ url: buildPath('verifyOtp', { email }), method: endpoints.verifyOtp.method, body: { otp } }),
    }),
    resetPassword: build.mutation<Message, WithEmail<Omit<Req<'resetPassword'>, 'is_link'>>>({
      query: ({ email, ...body }) => ({
        url: buildPath('resetPassword', { email }),
        method: endpoints.resetPassword.method,
        body: { ...body, is_link: false },
      }),
    }),
  }),
});

export const {
  useLoginMutation,
  useSignUpMutation,
  useVerifyEmailMutation,
  useResendOtpMutation,
  useForgotPasswordMutation,
  useVerifyOtpMutation,
  useResetPasswordMutation,
} = authApi;
