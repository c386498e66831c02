/**
 * What a user-to-user transfer is asked to do and what it did: shared by the checked path
 * (user-transfer.service.ts) and the one-statement path (user-transfer.one-statement.ts), so
 * neither imports the other for its types.
 */
import type { Currency } from '../../../shared/types';
import type { TransferRow } from '../ledger/transfers.repository';

export interface UserTransferOrder {
  currency: Currency;
  amount: bigint;
  /** The fee (FEES_JSON 'wallet_transfer_cad' / 'wallet_transfer_ngn'), charged on top of the amount. */
  fee: bigint;
  recipientEmail: string;
}

export interface UserTransferResult {
  row: TransferRow;
  recipientName: string;
  /** The fee charged with it (minor units of its currency). */
  fee: bigint;
}
