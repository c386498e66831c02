/**
 * Building blocks of the endpoint schemas. Request strings are only length-bounded here: the
 * services check formats (PIN, BVN, OTP, amounts) so they can answer the spec's own messages.
 */
import { Type, type TLiteral, type TSchema, type TUnion } from '@sinclair/typebox';
import {
  BILL_CATEGORIES,
  CURRENCIES,
  DIRECTIONS,
  NAME_MAX_LENGTH,
  RECIPIENT_KINDS,
  TEXT_MAX_LENGTH,
  TIERS,
  TRANSACTION_EVENT_STATUSES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '../limits';

/** What every endpoint schema has: optional request parts, a 200 body and the error bodies. */
export interface EndpointSchema {
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  response: { 200: TSchema } & Record<string | number, TSchema>;
}

const literals = <const T extends readonly string[]>(values: T): TUnion<TLiteral<T[number]>[]> =>
  Type.Union(values.map((value) => Type.Literal(value)));

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

// Request fields
export const Email = Type.String({ maxLength: 254 });
export const Name = Type.String({ maxLength: NAME_MAX_LENGTH });
export const Text = Type.String({ maxLength: TEXT_MAX_LENGTH });
export const Password = Type.String({ maxLength: 256 });
/** OTP, PIN, BVN, NIN, account and bank codes: checked for digits and length by the service. */
export const Code = Type.String({ maxLength: 32 });
/** An IANA time zone from the device, e.g. 'America/Toronto'. */
export const Timezone = Type.String({ maxLength: 100 });
/** A date as the server takes it: dd/MM/yyyy. */
export const ServerDate = Type.String({ maxLength: 10 });
/** Major units as entered, a number or a numeric string; parsed exactly by money.parseAmount. */
export const MoneyInput = Type.Union([Type.String({ maxLength: 40 }), Type.Number()]);

// Shared enumerations
export const Currency = literals(CURRENCIES);
export const BillCategory = literals(BILL_CATEGORIES);
export const TransactionType = literals(TRANSACTION_TYPES);
export const TransactionStatus = literals(TRANSACTION_STATUSES);
export const TransactionEventStatus = literals(TRANSACTION_EVENT_STATUSES);
export const Direction = literals(DIRECTIONS);
export const RecipientKind = literals(RECIPIENT_KINDS);
/** spec-next §B's tiers. */
export const Tier = literals(TIERS);

/**
 * spec-next §E: the id of one of the customer's saved recipients (GET /recipients). Optional on the
 * calls that take it; another customer's id, or none of theirs, is a 404.
 */
export const RecipientId = (description?: string) => Type.String({ minLength: 1, maxLength: 64, ...(description ? { description } : {}) });

// Common params
export const EmailParams = Type.Object({ email: Email });

// Response bodies
/** Major units with at most 2 decimals, as the spec shows them. */
export const Amount = Type.Number();
/** ISO 8601 timestamp, e.g. '2025-01-31T12:00:00.000Z'. */
export const Timestamp = Type.String();

/** Every 4xx (and the generic 5xx) answer: `{ success: false, message }`. */
export const ErrorResponse = Type.Object({ success: Type.Literal(false), message: Type.String() });

/** A 200 body with its error answers. */
export const responses = <T extends TSchema>(ok: T) => ({ 200: ok, '4xx': ErrorResponse, '5xx': ErrorResponse });

/**
 * `{ success: true, message, data: null }`: an answer with nothing more to say than its message still
 * has the three keys (spec-next: every answer keeps the `{ success, message, data }` shape).
 */
export const OkMessage = Type.Object({ success: Type.Literal(true), message: Type.String(), data: Type.Null() });

/** `{ success: true, message, data }` (spec-next: every answer keeps that shape). */
export const Ok = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Literal(true), message: Type.String(), data });

/** The calls of §7 whose success flag is the string 'true'. */
export const OkTrueString = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Literal('true'), message: Type.String(), data });
