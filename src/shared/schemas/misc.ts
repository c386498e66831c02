/** Help, countries, health and the simulator-only dev calls. */
import { Type } from '@sinclair/typebox';
import type { EndpointName } from '../endpoints';
import { COMPLAINT_CATEGORY } from '../limits';
import {
  Code,
  Currency,
  Email,
  MoneyInput,
  Nullable,
  Ok,
  OkMessage,
  Timestamp,
  responses,
  type EndpointSchema,
} from './common';

export const Country = Type.Object({
  /** ISO 3166-1 alpha-2 code. */
  value: Type.String(),
  label: Type.String(),
  /** '' when unknown (spec §9). */
  dialCode: Type.String(),
});

export const OutboxMessage = Type.Object({
  /** An email address or a phone number. */
  to: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  otp: Nullable(Type.String()),
  /** The HTML part of an e-mail that has one (notifications). */
  html: Type.Optional(Type.String()),
  created_at: Timestamp,
});

export const miscSchemas = {
  contactUs: {
    body: Type.Object({
      email: Email,
      phone_number: Code,
      complaint_category: Type.Literal(COMPLAINT_CATEGORY),
      /** First and last name, a blank line, then the message. */
      complaint: Type.String({ maxLength: 5000 }),
    }),
    response: responses(OkMessage),
  },
  countries: { response: responses(Ok(Type.Array(Country))) },
  health: {
    response: {
      200: Type.Object({ status: Type.Literal('ok'), db: Type.Literal('ok') }),
      503: Type.Object({ status: Type.Literal('error'), db: Type.Literal('error') }),
    },
  },
  devOutbox: {
    querystring: Type.Object({ to: Email }),
    response: responses(Ok(Type.Array(OutboxMessage))),
  },
  devDeposit: {
    body: Type.Object({ email: Email, currency: Currency, amount: MoneyInput }),
    response: responses(OkMessage),
  },
} satisfies Partial<Record<EndpointName, EndpointSchema>>;
