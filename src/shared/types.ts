/**
 * Request and response types derived from the schemas. Type-only: importing this file never
 * brings TypeBox into the browser bundle.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { EndpointName } from './endpoints';
import type { BILL_CATEGORIES, CURRENCIES, RECIPIENT_KINDS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from './limits';
import type * as S from './schemas';

type Part<N extends EndpointName, K extends 'body' | 'params' | 'querystring'> = S.Schemas[N] extends {
  [P in K]: infer T extends TSchema;
}
  ? Static<T>
  : undefined;

/** The JSON body of a call (undefined when it has none). */
export type Req<N extends EndpointName> = Part<N, 'body'>;
/** The path params of a call (undefined when it has none). */
export type Params<N extends EndpointName> = Part<N, 'params'>;
/** The query string of a call (undefined when it has none). */
export type Query<N extends EndpointName> = Part<N, 'querystring'>;
/** The 200 body of a call. */
export type Res<N extends EndpointName> = Static<S.Schemas[N]['response'][200]>;
/** The body of every 4xx answer: `{ success: false, message }`. */
export type ErrorBody = Static<typeof S.ErrorResponse>;

export type Currency = (typeof CURRENCIES)[number];
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export type BillCategory = (typeof BILL_CATEGORIES)[number];
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];

export type User = Static<typeof S.User>;
export type LoginData = Static<typeof S.LoginData>;
export type Rate = Static<typeof S.Rate>;
export type CadWallet = Static<typeof S.CadWallet>;
export type NairaWallet = Static<typeof S.NairaWallet>;
export type Bank = Static<typeof S.Bank>;
export type Transaction = Static<typeof S.Transaction>;
export type Pagination = Res<'transactions'>['pagination'];
export type TransactionDetail = Static<typeof S.TransactionDetail>;
export type TransactionEvent = Static<typeof S.TransactionEvent>;
export type Counterparty = Static<typeof S.Counterparty>;
export type DeviceSession = Static<typeof S.DeviceSession>;
export type Direction = Transaction['direction'];
export type NameInquiry = Res<'nameInquiry'>;
export type Limits = Static<typeof S.Limits>;
export type ProofOfAddress = Static<typeof S.ProofOfAddress>;
export type CadWithdrawalReceipt = Static<typeof S.CadWithdrawalReceipt>;
export type NgnWithdrawalReceipt = Static<typeof S.NgnWithdrawalReceipt>;
export type CadTransferReceipt = Static<typeof S.CadTransferReceipt>;
export type NgnTransferReceipt = Static<typeof S.NgnTransferReceipt>;
export type ConversionReceipt = Static<typeof S.ConversionReceipt>;
export type Payee = Static<typeof S.Payee>;
export type BillPaymentResult = Static<typeof S.BillPaymentResult>;
export type Country = Static<typeof S.Country>;
export type OutboxMessage = Static<typeof S.OutboxMessage>;
export type Quote = Static<typeof S.Quote>;
export type Pricing = Static<typeof S.Pricing>;
export type FeeLine = Static<typeof S.FeeLine>;
export type Recipient = Static<typeof S.Recipient>;
export type AmountSide = Req<'createQuote'>['amount_side'];
/** GET /statements (spec-next §E): the wallet, the period's days and the file's format. */
export type StatementQuery = Query<'statement'>;
export type StatementFormat = StatementQuery['format'];
