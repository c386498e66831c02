/** Saved recipients (spec-next §E): each completed send saves (or updates) its recipient. */
import { Type } from '@sinclair/typebox';
import type { EndpointName } from '../endpoints';
import { RECIPIENTS_MAX } from '../limits';
import { Nullable, Ok, RecipientId, RecipientKind, Timestamp, responses, type EndpointSchema } from './common';

export const Recipient = Type.Object({
  id: Type.String(),
  kind: RecipientKind,
  /** Interac: the name the customer gave; NGN bank: the account's verified holder; Kudi user: their legal name. */
  name: Type.String(),
  /** Interac and Kudi user: the e-mail, in full (an e-mail is no account number). */
  email: Type.Optional(Type.String()),
  /** NGN bank: the bank's name. */
  bank_name: Type.Optional(Type.String()),
  /** NGN bank: the bank's code in GET /NGN-banks (an addition to spec-next §E, so a client picks the bank without matching names). */
  bank_code: Type.Optional(Type.String()),
  /**
   * NGN bank: only the last four digits shown, e.g. '******5790'; null for the other kinds. The full
   * number never leaves the server after the first send: a send or name check to a saved account
   * names it by the recipient's id (recipient_id of POST /wallet/ngn-withdrawal and of
   * GET /wallet/get_name_inquiry/…).
   */
  account_number_masked: Nullable(Type.String()),
  /** When the customer last sent to this recipient (the send's time); the list is newest first. */
  last_used_at: Timestamp,
});

export const recipientSchemas = {
  listRecipients: {
    response: responses(Ok(Type.Array(Recipient, { description: `Newest first (last_used_at), at most ${RECIPIENTS_MAX}` }))),
  },
  deleteRecipient: {
    params: Type.Object({ id: RecipientId() }),
    response: responses(Ok(Type.Object({ /** The removed recipient's id. */ id: Type.String() }))),
  },
} satisfies Partial<Record<EndpointName, EndpointSchema>>;
