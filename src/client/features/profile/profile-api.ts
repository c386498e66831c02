import { api } from '../../api/api';
import { buildPath, endpoints } from '../../../shared/endpoints';
import { LOGIN_METHOD } from '../../../shared/limits';
import type { Req, Res } from '../../../shared/types';

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
} = profileApi;
