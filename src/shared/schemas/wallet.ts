/** Wallets, rates, PIN set-up, NGN banks and transaction history (spec §7, /wallet and /NGN-banks). */
import { Type } from '@sinclair/typebox';
import type { EndpointName } from '../endpoints';
import { GENDERS } from '../limits';
import {
  Amount,
  Code,
  Currency,
  Direction,
  Nullable,
  Ok,
  RecipientId,
  Timestamp,
  TransactionStatus,
  TransactionType,
  responses,
  type EndpointSchema,
} from './common';

export const Rate = Type.Object({
  from_currency: Currency,
  to_currency: Currency,
  /** NGN per 1 CAD with thousands commas, e.g. '1,050.25' (money.parseRate reads it). */
  actual_rate: Type.String(),
});

export const CadWallet = Type.Object({
  balance: Amount,
  /** The deposit email. */
  email: Type.String(),
  /** The reference question shown to the sender. */
  security_question: Type.String(),
  security_answer: Type.String(),
});

/** The string fields are null until the wallet is activated. */
export const NairaWallet = Type.Object({
  balance: Amount,
  is_wallet_activated: Type.Boolean(),
  bank_name: Nullable(Type.String()),
  account_name: Nullable(Type.String()),
  account_number: Nullable(Type.String()),
  tx_ref: Nullable(Type.String()),
});

export const Bank = Type.Object({ bankName: Type.String(), bankCode: Type.String(), nibssBankCode: Type.String() });

/** A name inquiry's account holder (spec §7: customer.account.name). */
const NameInquiryCustomer = Type.Object({ account: Type.Object({ name: Type.String(), number: Type.String() }) });

export const Transaction = Type.Object({
  id: Type.String(),
  transaction_date: Timestamp,
  transaction_type: TransactionType,
  amount: Amount,
  currency: Currency,
  status: TransactionStatus,
  recipient_name: Nullable(Type.String()),
  sent_to: Nullable(Type.String()),
  /** Spelled so in the data. */
  recieved_from: Nullable(Type.String()),
  description: Nullable(Type.String()),
  bank_name: Nullable(Type.String()),
  account_number: Nullable(Type.String()),
  /** spec-next §C: money in (a deposit, a conversion's credit, a user's transfer to you) or out. */
  direction: Direction,
  /** The transfer's reference, as receipts and e-mails show it (the same as id). */
  reference: Type.String(),
  /** A failed or cancelled payout whose money went back to the wallet (spec-next §C). */
  refunded: Type.Boolean(),
});

/** `{ success: 'true', message, data: null }`: the §7 calls whose success flag is a string. */
const OkTrueStringMessage = Type.Object({ success: Type.Literal('true'), message: Type.String(), data: Type.Null() });

export const walletSchemas = {
  getRates: {
    querystring: Type.Object({ from_currency: Currency, to_currency: Currency }),
    response: responses(Ok(Rate)),
  },
  cadWallet: { response: responses(Ok(CadWallet)) },
  nairaWallet: { response: responses(Ok(NairaWallet)) },
  activateNairaWallet: {
    body: Type.Object({
      bvn: Code,
      /** Optional (spec §5): absent, empty or null is no NIN. */
      NIN: Type.Optional(Nullable(Code)),
      /** spec §5, §9: male when not given. */
      gender: Type.Optional(Type.Union(GENDERS.map((gender) => Type.Literal(gender)))),
    }),
    response: responses(OkTrueStringMessage),
  },
  createPin: {
    body: Type.Object({ transaction_pin: Code, confirm_transaction_pin: Code }),
    response: responses(OkTrueStringMessage),
  },
  /** `data` is the maximum single NGN amount. */
  ngnLimit: { response: responses(Ok(Amount)) },
  ngnBanks: { response: responses(Ok(Type.Object({ bankList: Type.Array(Bank) }))) },
  nameInquiry: {
    params: Type.Object({ accountNumber: Code, nibssBankCode: Code, senderAccountNumber: Code }),
    /**
     * spec-next §E (optional): the name check of a saved recipient (GET /recipients, kind 'ngn_bank')
     * run again without its full number: accountNumber is then its account_number_masked (or full
     * number) and nibssBankCode its bank's; the answer's number is masked. Without it, spec §7's call.
     */
    querystring: Type.Object({
      recipient_id: Type.Optional(
        RecipientId(
          "A saved recipient's id (GET /recipients, kind 'ngn_bank'): the check runs on its saved account; accountNumber is then its account_number_masked (or full number), nibssBankCode its bank's; the answer's number is masked. Another customer's id: 404.",
        ),
      ),
    }),
    response: responses(
      Type.Object({
        success: Type.Boolean(),
        /** '00' means the account was found. */
        code: Type.String(),
        customer: Nullable(NameInquiryCustomer),
        message: Type.String(),
        /** The same as `customer` (spec-next: every answer keeps the { success, message, data } shape). */
        data: Nullable(NameInquiryCustomer),
      }),
    ),
  },
  transactions: {
    querystring: Type.Object({
      currency: Currency,
      /** Omitted or empty ('transaction_type=') for 'All Types'. */
      transaction_type: Type.Optional(Type.Union([TransactionType, Type.Literal('')])),
      /** 1-based; query strings are not coerced, so it arrives as digits. */
      page: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })),
    }),
    response: responses(
      Type.Object({
        success: Type.Literal(true),
        message: Type.String(),
        data: Type.Array(Transaction),
        pagination: Type.Object({ total: Type.Integer(), limit: Type.Integer(), page: Type.Integer() }),
      }),
    ),
  },
} satisfies Partial<Record<EndpointName, EndpointSchema>>;
