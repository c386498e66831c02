/** Withdrawals, transfers to users of the product and conversion (spec §7). Receipts are the `data`. */
import { CloneType, Type } from '@sinclair/typebox';
import type { EndpointName } from '../endpoints';
import {
  Amount,
  Code,
  Currency,
  Email,
  EmailParams,
  MoneyInput,
  Name,
  Nullable,
  Ok,
  RecipientId,
  OkTrueString,
  Text,
  Timestamp,
  Timezone,
  TransactionStatus,
  responses,
  type EndpointSchema,
} from './common';

/**
 * spec-next §A: the fee of an outgoing call, charged on top of its amount. The server always sends
 * it; optional in the schema so spec §7's receipt (and an answer recorded before fees) stays valid.
 */
const Fee = Type.String({ pattern: '^[0-9]+\\.[0-9]{2}$', description: "The fee charged on top of the amount, e.g. '0.00'" });

export const CadWithdrawalReceipt = Type.Object({
  amount: Amount,
  recipient_name: Type.String(),
  transaction_reference: Type.String(),
  created_at: Timestamp,
  status: TransactionStatus,
  /** When the payout is expected to reach the recipient (spec-next §C: the result screen says so while it is pending). */
  arrives_by: Type.Optional(Timestamp),
  /** The fee charged on top of the amount (spec-next §A; '0.00' when none), two decimals, no separators. */
  fee: Type.Optional(Fee),
});

export const NgnWithdrawalReceipt = Type.Object({
  amount: Amount,
  account_number: Type.String(),
  account_name: Type.String(),
  bank_name: Type.String(),
  tx_ref: Type.String(),
  created_at: Timestamp,
  status: TransactionStatus,
  /** When the payout is expected to reach the recipient (spec-next §C: the result screen says so while it is pending). */
  arrives_by: Type.Optional(Timestamp),
  /** The fee charged on top of the amount (spec-next §A; '0.00' when none), two decimals, no separators. */
  fee: Type.Optional(Fee),
});

export const CadTransferReceipt = Type.Object({
  amount: Amount,
  recipient_name: Type.String(),
  transaction_reference: Type.String(),
  created_at: Timestamp,
  /** The fee charged on top of the amount (spec-next §A; '0.00' when none), two decimals, no separators. */
  fee: Type.Optional(Fee),
});

export const NgnTransferReceipt = Type.Object({
  amount: Amount,
  sent_to: Type.String(),
  tx_ref: Type.String(),
  created_at: Timestamp,
  /** The fee charged on top of the amount (spec-next §A; '0.00' when none), two decimals, no separators. */
  fee: Type.Optional(Fee),
});

export const ConversionReceipt = Type.Object({
  from_currency: Currency,
  to_currency: Currency,
  amount: Amount,
  converted_amount: Amount,
  /** NGN per 1 CAD as spec-next writes rates: no thousands separators, two decimals ('1039.50'). */
  rate: Type.String(),
  /** The reference of the conversion's history item in the wallet it left (GET /transactions/{id}). */
  reference: Type.String(),
  created_at: Timestamp,
});

const WalletTransferBody = Type.Object({
  amount: MoneyInput,
  recipient_email: Email,
  transaction_pin: Code,
  timezone: Timezone,
});

export const transferSchemas = {
  cadWithdrawal: {
    body: Type.Object({
      Amount: MoneyInput,
      CustomerEmail: Email,
      CustomerName: Name,
      Description: Text,
      SecurityQuestion: Text,
      SecurityQuestionAnswer: Text,
      transaction_pin: Code,
      timezone: Timezone,
    }),
    response: responses(OkTrueString(CadWithdrawalReceipt)),
  },
  ngnWithdrawal: {
    body: Type.Object({
      amount: MoneyInput,
      account_number: Code,
      /** The bank's code from the bank list. */
      account_bank: Code,
      transaction_pin: Code,
      description: Text,
      /** Always false; spelled so by the spec. */
      is_benficiary: Type.Boolean(),
      account_name: Name,
      timezone: Timezone,
      /**
       * spec-next §E (optional): send to a saved recipient (GET /recipients, kind 'ngn_bank') without
       * holding its full number. account_number is then the recipient's account_number_masked (or its
       * full number) and account_bank its bank; the server sends to the saved account, checks its
       * holder against account_name as for any send, and the receipt shows the number masked.
       * Without it the call is spec §7's.
       */
      recipient_id: Type.Optional(
        RecipientId(
          "A saved recipient's id (GET /recipients, kind 'ngn_bank'): the server sends to its saved account. account_number is then its account_number_masked (or full number), account_bank its bank; the receipt's account_number is masked. Another customer's id: 404.",
        ),
      ),
    }),
    response: responses(OkTrueString(NgnWithdrawalReceipt)),
  },
  checkEmail: {
    params: EmailParams,
    querystring: Type.Object({ currency_type: Currency }),
    response: responses(
      Type.Object({
        success: Type.Boolean(),
        message: Type.String(),
        data: Nullable(Type.Object({ name: Type.String() })),
      }),
    ),
  },
  cadWalletTransfer: { body: WalletTransferBody, response: responses(OkTrueString(CadTransferReceipt)) },
  ngnWalletTransfer: { body: WalletTransferBody, response: responses(Ok(NgnTransferReceipt)) },
  currencyConversion: {
    body: Type.Object({
      from_currency: Currency,
      to_currency: Currency,
      /**
       * What leaves the from_currency wallet, as entered (spec §7). With a quote_id it must equal the
       * quote's send_amount, whichever side the quote was asked for (a receive-side quote's too).
       */
      amount: Type.Union([Type.String({ maxLength: 40 }), Type.Number()], {
        description:
          "What leaves the from_currency wallet, as entered. With quote_id it must equal the quote's send_amount, also for a quote asked with amount_side 'receive'.",
      }),
      timezone: Timezone,
      /**
       * spec-next §A: a quote of POST /quotes (optional). The conversion then runs at the quote's rate
       * and amounts whatever the rate is now; expired or used → 409, another customer's or another
       * pair or amount → 400. Without it the call converts at the current rate, as spec §7 says.
       */
      quote_id: Type.Optional(
        Type.String({
          maxLength: 64,
          description:
            "A quote of POST /quotes: the conversion runs at its rate and amounts. Expired or already used: 409; another customer's, or another pair or send amount than this body's: 400.",
        }),
      ),
      /**
       * spec §6 ('every money movement needs the customer's 4-digit transaction PIN') and spec-next
       * §A (exchange goes form → review → PIN → result): optional, as spec §7's conversion carries
       * none. When given it is checked as every send's PIN is, wrong tries counted towards the lock;
       * a wrong or locked PIN moves nothing.
       */
      transaction_pin: Type.Optional(
        CloneType(Code, {
          description:
            "The 4-digit transaction PIN (optional; the web app sends it). When given it is checked as every send's is: a wrong PIN is refused and counted, five lock PIN use for 30 minutes, and nothing moves.",
        }),
      ),
    }),
    response: responses(
      Type.Object({ success: Type.Literal(true), message: Type.String(), data: ConversionReceipt }),
    ),
  },
} satisfies Partial<Record<EndpointName, EndpointSchema>>;
