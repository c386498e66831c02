/** Session, account, profile, phone and identity calls (spec §7, /auth and /external). */
import { Type } from '@sinclair/typebox';
import type { EndpointName } from '../endpoints';
import { IDENTITY_STATUSES, LOGIN_METHOD } from '../limits';
import {
  Code,
  Email,
  EmailParams,
  Name,
  Nullable,
  Ok,
  OkMessage,
  Password,
  ServerDate,
  Text,
  Timezone,
  responses,
  type EndpointSchema,
} from './common';

export const User = Type.Object({
  is_email_verified: Type.Boolean(),
  is_phone_verified: Type.Boolean(),
  is_identity_verified: Type.Boolean(),
  is_set_transaction_pin: Type.Boolean(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  phone_number: Nullable(Type.String()),
  address: Type.String(),
  nationality: Type.String(),
  country_of_residence: Type.String(),
  /** dd/MM/yyyy */
  dob: Type.String(),
  /** Not in the spec: where the identity check stands (see IDENTITY_STATUSES); a declined check shows so. */
  identity_status: Type.Union(IDENTITY_STATUSES.map((status) => Type.Literal(status))),
});

/** What login answers in `data`; the client stores it (plus `token`) under the 'user' key. */
export const LoginData = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  /** Seconds until the access token expires. */
  expires_in: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  is_email_verified: Type.Boolean(),
  is_phone_verified: Type.Boolean(),
  is_identity_verified: Type.Boolean(),
  is_set_transaction_pin: Type.Boolean(),
});

const OtpBody = Type.Object({ otp: Code });

export const authSchemas = {
  login: {
    body: Type.Object({ email: Email, password: Password, method: Type.Literal(LOGIN_METHOD) }),
    response: responses(Ok(LoginData)),
  },
  logout: { response: responses(OkMessage) },
  refreshToken: {
    params: EmailParams,
    response: responses(Ok(Type.Object({ token: Type.String() }))),
  },
  signUp: {
    body: Type.Object({
      address: Text,
      confirm_password: Password,
      country_of_residence: Code,
      date_of_birth: ServerDate,
      email: Email,
      legal_first_name: Name,
      legal_last_name: Name,
      nationality: Code,
      password: Password,
      /** The device's zone (not in spec §7): the age is counted on the date it has there, as the date picker counts it. */
      timezone: Type.Optional(Timezone),
    }),
    response: responses(OkMessage),
  },
  verifyEmail: {
    params: EmailParams,
    body: OtpBody,
    // `data.choose_password`: the address was signed up for with more than one password, so none
    // signs in; the customer chooses one with Forgot password (an e-mail says so too).
    response: responses(Type.Object({
      success: Type.Literal(true),
      message: Type.String(),
      data: Nullable(Type.Object({ choose_password: Type.Literal(true) })),
    })),
  },
  resendOtp: { params: EmailParams, response: responses(OkMessage) },
  forgotPassword: { body: Type.Object({ email: Email }), response: responses(OkMessage) },
  verifyOtp: { params: EmailParams, body: OtpBody, response: responses(OkMessage) },
  resetPassword: {
    params: EmailParams,
    body: Type.Object({ new_password: Password, confirm_password: Password, is_link: Type.Boolean() }),
    response: responses(OkMessage),
  },
  user: { response: responses(Ok(User)) },
  updateTimezone: { body: Type.Object({ timezone: Timezone }), response: responses(OkMessage) },
  updateProfile: {
    body: Type.Object({
      address: Text,
      country_of_residence: Code,
      dob: ServerDate,
      first_name: Name,
      last_name: Name,
      /** Spelled so by the spec; carries the nationality. */
      nationlaity: Code,
    }),
    response: responses(OkMessage),
  },
  sendOtpPhone: { body: Type.Object({ phone_number: Code }), response: responses(OkMessage) },
  verifyPhone: {
    params: Type.Object({ phone_number: Code }),
    body: OtpBody,
    response: responses(OkMessage),
  },
  createIdentitySession: {
    response: responses(
      Type.Object({
        success: Type.Literal(true),
        message: Type.String(),
        data: Type.Object({ verification: Type.Object({ url: Type.String(), id: Type.String() }) }),
      }),
    ),
  },
  externalIdentitySession: {
    body: Type.Object({ first_name: Name, last_name: Name, key: Type.String({ maxLength: 200 }) }),
    response: responses(
      Type.Object({
        success: Type.Literal(true),
        message: Type.String(),
        data: Type.Object({ verification_url: Type.String() }),
      }),
    ),
  },
  confirmTransactionPin: { body: Type.Object({ transaction_pin: Code }), response: responses(OkMessage) },
  resetTransactionPin: {
    body: Type.Object({ new_pin: Code, confirm_pin: Code }),
    response: responses(OkMessage),
  },
} satisfies Partial<Record<EndpointName, EndpointSchema>>;
