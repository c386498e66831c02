/** TypeBox schemas of every endpoint, keyed like `endpoints`. The client imports these as types only. */
import type { EndpointName } from '../endpoints';
import { activitySchemas } from './activity';
import { authSchemas } from './auth';
import { billSchemas } from './bills';
import type { EndpointSchema } from './common';
import { limitSchemas } from './limits';
import { miscSchemas } from './misc';
import { pricingSchemas } from './pricing';
import { recipientSchemas } from './recipients';
import { sessionSchemas } from './sessions';
import { statementSchemas } from './statements';
import { transferSchemas } from './transfers';
import { walletSchemas } from './wallet';

export const schemas = {
  ...authSchemas,
  ...walletSchemas,
  ...transferSchemas,
  ...billSchemas,
  ...miscSchemas,
  ...pricingSchemas,
  ...limitSchemas,
  ...activitySchemas,
  ...recipientSchemas,
  ...sessionSchemas,
  ...statementSchemas,
} satisfies Record<EndpointName, EndpointSchema>;

export type Schemas = typeof schemas;

export * from './common';
export { User, LoginData } from './auth';
export { Rate, CadWallet, NairaWallet, Bank, Transaction } from './wallet';
export {
  CadWithdrawalReceipt,
  NgnWithdrawalReceipt,
  CadTransferReceipt,
  NgnTransferReceipt,
  ConversionReceipt,
} from './transfers';
export { Payee, BillPaymentResult } from './bills';
export { Country, OutboxMessage } from './misc';
export { Quote, Pricing, FeeLine } from './pricing';
export { Limits, ProofOfAddress } from './limits';
export { TransactionDetail, TransactionEvent, Counterparty } from './activity';
export { Recipient } from './recipients';
export { DeviceSession } from './sessions';
