/** Tables of the ledger and wallets (migration 0003). Money is bigint minor units; ids are bigint. */
import type { ColumnType, Generated } from 'kysely';
import type { Currency, TransactionType } from '../../../shared/types';
import type { DefaultedTimestamp } from '../../db/columns';

export type AccountKind = 'customer' | 'system';
export type SystemAccountCode = 'deposits_clearing' | 'payouts_clearing' | 'fx_liquidity' | 'bills_clearing' | 'fees';
export type TransferStatus = 'pending' | 'posted' | 'voided';
/** 'fee': the fee of an outgoing call, to the fees account, linked to the transfer it is the fee of (migration 0008). */
export type TransferKind = 'deposit' | 'withdrawal' | 'wallet_transfer' | 'conversion' | 'bill' | 'fee';
/** Rails whose references are recorded once: Interac e-Transfer and Nigeria's NIP. */
export type Provider = 'interac' | 'nip';

/**
 * What a transfer records for its history line (spec §3 fields). Names are as the parties
 * gave them; bank details are the outside account's.
 */
export interface TransferMetadata {
  description?: string;
  /** Who the money came from (deposits, incoming user transfers). */
  sender_name?: string;
  /** Who the money went to (withdrawals, bills, outgoing user transfers). */
  recipient_name?: string;
  bank_name?: string;
  account_number?: string;
  /** The quoted rate of a conversion, NGN per 1 CAD. */
  rate?: string;
}

type BigintColumn = ColumnType<bigint, bigint | undefined, bigint>;
type JsonColumn<T> = ColumnType<T, string | undefined, string>;

export interface LedgerAccountsTable {
  id: Generated<bigint>;
  currency: Currency;
  kind: AccountKind;
  code: SystemAccountCode | null;
  user_id: string | null;
  /** Credits minus debits (see the migration for the signs). */
  balance: BigintColumn;
  pending_debits: BigintColumn;
  created_at: DefaultedTimestamp;
}

export interface LedgerTransfersTable {
  id: Generated<bigint>;
  reference: string;
  debit_account_id: bigint;
  credit_account_id: bigint;
  amount: bigint;
  currency: Currency;
  status: TransferStatus;
  kind: TransferKind;
  linked_id: bigint | null;
  provider: Provider | null;
  external_ref: string | null;
  metadata: JsonColumn<TransferMetadata>;
  created_at: DefaultedTimestamp;
  posted_at: Date | null;
  voided_at: Date | null;
}

export interface LedgerEntriesTable {
  id: Generated<bigint>;
  transfer_id: bigint;
  account_id: bigint;
  /** Signed: positive credits, negative debits. */
  amount: bigint;
  balance_after: bigint;
  created_at: DefaultedTimestamp;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  claim: string;
  status: 'in_progress' | 'done';
  response_status: number | null;
  response_body: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: DefaultedTimestamp;
}

export interface CadWalletsTable {
  user_id: string;
  deposit_email: string;
  security_question: string;
  security_answer: string;
}

export interface NairaWalletsTable {
  user_id: string;
  is_wallet_activated: Generated<boolean>;
  bank_name: string | null;
  bank_code: string | null;
  account_name: string | null;
  account_number: string | null;
  tx_ref: string | null;
  bvn_hash: string | null;
  bvn_last4: string | null;
  nin_hash: string | null;
  gender: 'male' | 'female' | null;
  activated_at: Date | null;
}

/** The history's filters as history_checkpoints names them: every line, or one transaction type's. */
export type HistoryFilter = 'ALL' | TransactionType;

/** A wallet's history line at a position counted from its oldest line (migration 0016): a cache the history reads and extends. */
export interface HistoryCheckpointsTable {
  account_id: bigint;
  filter: HistoryFilter;
  /** 1 for the oldest line of the filter. */
  position: bigint;
  transfer_id: bigint;
}

export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_entries: LedgerEntriesTable;
  idempotency_keys: IdempotencyKeysTable;
  cad_wallets: CadWalletsTable;
  naira_wallets: NairaWalletsTable;
  history_checkpoints: HistoryCheckpointsTable;
}
