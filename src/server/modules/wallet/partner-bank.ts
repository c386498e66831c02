import type { Trx } from '../ledger/accounts.repository';

/** A naira virtual account opened for a customer at the partner bank. */
export interface VirtualAccount {
  bankName: string;
  /** The bank's NIBSS code. */
  bankCode: string;
  /** 10-digit NUBAN. */
  accountNumber: string;
  accountName: string;
  /** The partner's reference of the account (the wallet's tx_ref). */
  reference: string;
}

/**
 * The Nigerian partner bank that issues virtual accounts (a simulator until a real one is
 * configured). It is called inside the activation's transaction, which a provider keeping its
 * state in our database (the simulator) uses and a remote one ignores.
 */
export interface PartnerBank {
  openVirtualAccount(trx: Trx, holder: { userId: string; accountName: string }): Promise<VirtualAccount>;
}
