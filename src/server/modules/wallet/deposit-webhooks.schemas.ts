/** Payloads the rails post to our deposit webhooks (server-only: the app never sends them). */
import { Type } from '@sinclair/typebox';

/** Minor units as digits: no floats on the wire. */
const AmountMinor = Type.String({ pattern: '^[0-9]{1,18}$' });
const Reference = Type.String({ minLength: 1, maxLength: 64 });
const Name = Type.String({ minLength: 1, maxLength: 200 });

/** An Interac e-Transfer autodeposited to a customer's deposit e-mail. */
export const InteracCredit = Type.Object({
  reference: Reference,
  deposit_email: Type.String({ maxLength: 254 }),
  amount_minor: AmountMinor,
  sender_name: Name,
});

/** A NIP inflow to a customer's virtual account; `reference` is the NIP session id. */
export const BankCredit = Type.Object({
  reference: Reference,
  account_number: Type.String({ pattern: '^[0-9]{10}$' }),
  amount_minor: AmountMinor,
  sender_name: Name,
  sender_bank: Name,
  sender_account_number: Type.String({ pattern: '^[0-9]{10}$' }),
  narration: Type.Optional(Type.String({ maxLength: 200 })),
});

export const WEBHOOK_PATHS = { interac: '/webhooks/interac', bank: '/webhooks/bank' } as const;
