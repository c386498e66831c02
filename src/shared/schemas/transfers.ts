/** Withdrawals, transfers to users of the product and conversion (spec §7). Receipts are the `data`. */
import { Type } from '@sinclair/typebox';
import type { EndpointName } from '../endpoints';
import {
  Amount,
  Code,
  Currency,
  Email,
  EmailParams,
  MoneyInput,
  Name,
  Ok,
  OkTrueString,
  Text,
  Timestamp,
  Timezone,
  TransactionStatus,
  responses,
  type EndpointSchema,
} from './common';

export const CadWithdrawalReceipt = Type.Object({
  amount: Amount,
  recipient_name: Type.String(),
  transaction_reference: Type.String(),
  created_at: Timestamp,
  status: TransactionStatus,
});

export const NgnWithdrawalReceipt = Type.Object({
  amount: Amount,
  account_number: Type.String(),
  account_name: Type.String(),
  bank_name: Type.String(),
  tx_ref: Type.String(),
  created_at: Timestamp,
  status: TransactionStatus,
});

export const CadTransferReceipt = Type.Object({
  amount: Amount,
  recipient_name: Type.String(),
  transaction_reference: Type.String(),
  created_at: Timestamp,
});

export const NgnTransferReceipt = Type.Object({
  amount: Amount,
  sent_to: Type.String(),
  tx_ref: Type.String(),
  created_at: Timestamp,
});

export const ConversionReceipt = Type.Object({
  from_currency: Currency,
  to_currency: Currency,
  amount: Amount,
  converted_amount: Amount,
  /** NGN per 1 CAD, as in Rate.actual_rate. */
  rate: Type.String(),
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
        data: Type.Optional(Type.Object({ name: Type.String() })),
      }),
    ),
  },
  cadWalletTransfer: { body: WalletTransferBody, response: responses(OkTrueString(CadTransferReceipt)) },
  ngnWalletTransfer: { body: WalletTransferBody, response: responses(Ok(NgnTransferReceipt)) },
  currencyConversion: {
    body: Type.Object({ from_currency: Currency, to_currency: Currency, amount: MoneyInput, timezone: Timezone }),
    response: responses(
      Type.Object({ success: Type.Literal(true), message: Type.String(), data: ConversionReceipt }),
    ),
  },
} satisfies Partial<Record<EndpointName, EndpointSchema>>;
