/**
 * The double-entry ledger (after TigerBeetle's data model and pgledger): every movement is a
 * transfer between two accounts of one currency, written with its entries and new balances in
 * the caller's database transaction. Payouts to outside rails are two-phase: a pending
 * transfer reserves the funds, then is posted (moved) or voided (released).
 */
import { randomBytes } from 'node:crypto';
import { MAX_BALANCE_MINOR } from '../../../shared/limits';
import { exchange, history, server } from '../../../shared/messages';
import { formatMinor } from '../../../shared/money';
import type { Currency } from '../../../shared/types';
import { ApiError, conflict, unprocessable } from '../../lib/errors';
import { adjustAccount, available, lockAccounts, systemAccountId, type LedgerAccount, type Trx } from './accounts.repository';
import type { Provider, TransferKind, TransferMetadata } from './ledger.tables';
import {
  findByExternalRef,
  insertPostedTransfer,
  insertTransfer,
  lockTransfer,
  pendingFeesOf,
  postMovement,
  settleTransfer,
  type TransferRow,
} from './transfers.repository';

export type { TransferRow } from './transfers.repository';

export interface TransferRequest {
  debit: bigint;
  credit: bigint;
  /** Minor units, > 0. */
  amount: bigint;
  currency: Currency;
  kind: TransferKind;
  metadata?: TransferMetadata;
  /** The rail's reference: a transfer already recorded under it is answered instead of repeated. */
  external?: { provider: Provider; ref: string };
  /** Reserve the funds only; postPending or voidPending settles it. */
  pending?: boolean;
  /** The other leg of a conversion; the transfer a fee is the fee of. */
  linkedId?: bigint;
  /**
   * The fee the debited customer pays for this transfer (minor units, 0 or omitted: none). The
   * funds check covers amount + fee; the fee moves to the currency's `fees` account in the same
   * transaction, as its own transfer (kind 'fee', linked to this one), pending when this one is.
   */
  fee?: bigint;
  /**
   * The text of the refusal when the debited customer lacks the funds, as the calling screen
   * shows it (spec §5); the exchange screen's text by default.
   */
  insufficientFunds?: InsufficientFundsMessage;
}

/** The insufficient-balance text of a screen, from the wallet's currency and what it can spend. */
export type InsufficientFundsMessage = (currency: Currency, availableMinor: bigint) => string;

/** 'Insufficient {currency} balance. Available: {balance} {currency}' (the exchange screen, spec §5). */
const exchangeInsufficientFunds: InsufficientFundsMessage = (currency, availableMinor) =>
  exchange.insufficientBalanceAvailable(currency, formatMinor(availableMinor));

/** A customer wallet lacks the funds (422); the message is the calling screen's. */
export class InsufficientFundsError extends ApiError {
  constructor(
    readonly currency: Currency,
    readonly availableMinor: bigint,
    message: InsufficientFundsMessage = exchangeInsufficientFunds,
  ) {
    super(422, message(currency, availableMinor));
  }
}

/** A credit would take a customer wallet above its ceiling (MAX_BALANCE_MINOR). */
export class BalanceCeilingError extends ApiError {
  constructor(readonly currency: Currency) {
    super(422, server.balanceCeiling(currency));
  }
}

/** PostgreSQL's numeric_value_out_of_range: a figure a bigint cannot hold. */
const isOutOfRange = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '22003';

/**
 * Runs a ledger write; a figure out of the database's range (a backstop: the amount and balance
 * limits keep every figure far inside a bigint) is a 422, never a 500. The caller's transaction
 * rolls back with it.
 */
async function inRange<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isOutOfRange(err)) throw unprocessable(server.amountOutOfRange);
    throw err;
  }
}

/** A new transfer reference: KD and 16 hex digits. */
export const newReference = (): string => `KD${randomBytes(8).toString('hex').toUpperCase()}`;

function accountFor(accounts: Map<bigint, LedgerAccount>, id: bigint, currency: Currency): LedgerAccount {
  const account = accounts.get(id);
  if (!account) throw new Error(`Ledger account ${id} does not exist`);
  if (account.currency !== currency) throw new Error(`Ledger account ${id} holds ${account.currency}, not ${currency}`);
  return account;
}

/** Refuses a debit a customer cannot cover; system accounts may go below zero. */
function requireFunds(account: LedgerAccount, amount: bigint, message?: InsufficientFundsMessage): void {
  if (account.kind === 'customer' && available(account) < amount) {
    throw new InsufficientFundsError(account.currency, available(account), message);
  }
}

/** Refuses a credit that would take a customer wallet above MAX_BALANCE_MINOR. */
function requireRoom(account: LedgerAccount, amount: bigint): void {
  if (account.kind === 'customer' && account.balance + amount > MAX_BALANCE_MINOR) throw new BalanceCeilingError(account.currency);
}

/** A rail retrying the same reference gets the recorded transfer; a different one under it is refused. */
function sameTransfer(recorded: TransferRow, request: TransferRequest): TransferRow {
  const same =
    recorded.debit_account_id === request.debit &&
    recorded.credit_account_id === request.credit &&
    recorded.amount === request.amount &&
    recorded.kind === request.kind;
  if (!same) throw conflict('This reference was already used for a different transfer');
  return recorded;
}

/**
 * Records a transfer in the caller's transaction: locks both accounts in id order, checks the
 * debited customer's available funds, writes the transfer, then either moves the money (entries
 * + balances) or, when pending, reserves it on the debit account.
 */
export async function transfer(trx: Trx, request: TransferRequest): Promise<TransferRow> {
  if (request.amount <= 0n) throw new RangeError(`Transfer amount must be positive, got ${request.amount}`);
  return transferLocked(trx, request, await lockAccounts(trx, [request.debit, request.credit]));
}

/**
 * `transfer` on accounts the caller already locked FOR UPDATE in this transaction (in id order,
 * as lockAccounts does), given as they were read under that lock.
 */
export async function transferLocked(trx: Trx, request: TransferRequest, accounts: Map<bigint, LedgerAccount>): Promise<TransferRow> {
  if (request.amount <= 0n) throw new RangeError(`Transfer amount must be positive, got ${request.amount}`);
  const debit = accountFor(accounts, request.debit, request.currency);
  const credit = accountFor(accounts, request.credit, request.currency);
  // Same-reference requests lock the same accounts, so this read sees any earlier commit.
  if (request.external) {
    const recorded = await findByExternalRef(trx, request.external.provider, request.external.ref);
    if (recorded) return sameTransfer(recorded, request);
  }
  const fee = request.fee ?? 0n;
  if (fee < 0n) throw new RangeError(`A fee cannot be negative, got ${fee}`);
  requireFunds(debit, request.amount + fee, request.insufficientFunds);
  // A pending transfer credits nothing until it is posted (postPending checks it then).
  if (!request.pending) requireRoom(credit, request.amount);
  const values = {
    reference: newReference(),
    debit_account_id: request.debit,
    credit_account_id: request.credit,
    amount: request.amount,
    currency: request.currency,
    kind: request.kind,
    linked_id: request.linkedId ?? null,
    provider: request.external?.provider ?? null,
    external_ref: request.external?.ref ?? null,
    metadata: request.metadata ?? {},
  };
  // Posted: the transfer, both balances and both entries in one statement.
  const row = !request.pending
    ? await inRange(() => insertPostedTransfer(trx, values))
    : await inRange(async () => {
        const pending = await insertTransfer(trx, { ...values, status: 'pending' });
        await adjustAccount(trx, debit.id, { pendingDebits: pending.amount });
        return pending;
      });
  if (fee > 0n) await chargeFee(trx, row, fee, request.pending === true);
  return row;
}

/**
 * The fee of `row`, from the same customer account to the `fees` account of its currency, in the
 * caller's transaction. The fees account is locked LAST, after every account of the movement, and
 * nothing is locked after it: it closes no wait cycle with any other writer (each takes it last).
 */
async function chargeFee(trx: Trx, row: TransferRow, fee: bigint, pending: boolean): Promise<TransferRow> {
  const feesAccount = await systemAccountId(trx, 'fees', row.currency);
  const accounts = await lockAccounts(trx, [row.debit_account_id, feesAccount]);
  return transferLocked(
    trx,
    {
      debit: row.debit_account_id,
      credit: feesAccount,
      amount: fee,
      currency: row.currency,
      kind: 'fee',
      linkedId: row.id,
      pending,
      metadata: { description: history.feeDescription(row.reference) },
    },
    accounts,
  );
}

async function lockPending(trx: Trx, id: bigint): Promise<{ row: TransferRow; accounts: Map<bigint, LedgerAccount> }> {
  const row = await lockTransfer(trx, id);
  if (!row) throw new Error(`Transfer ${id} does not exist`);
  if (row.status !== 'pending') throw new Error(`Transfer ${id} is ${row.status}, not pending`);
  return { row, accounts: await lockAccounts(trx, [row.debit_account_id, row.credit_account_id]) };
}

/** The rail confirmed a pending transfer: the reserved funds move, and so does its fee (if any). */
export async function postPending(trx: Trx, id: bigint): Promise<TransferRow> {
  const settled = await postOne(trx, id);
  for (const feeId of await pendingFeesOf(trx, id)) await postOne(trx, feeId);
  return settled;
}

/** The rail refused a pending transfer: the reserved funds (and its fee's) are released, nothing moves. */
export async function voidPending(trx: Trx, id: bigint): Promise<TransferRow> {
  const settled = await voidOne(trx, id);
  for (const feeId of await pendingFeesOf(trx, id)) await voidOne(trx, feeId);
  return settled;
}

async function postOne(trx: Trx, id: bigint): Promise<TransferRow> {
  const { row, accounts } = await lockPending(trx, id);
  requireRoom(accountFor(accounts, row.credit_account_id, row.currency), row.amount);
  await inRange(() => postMovement(trx, row, true));
  return settleTransfer(trx, id, 'posted');
}

async function voidOne(trx: Trx, id: bigint): Promise<TransferRow> {
  const { row } = await lockPending(trx, id);
  await adjustAccount(trx, row.debit_account_id, { pendingDebits: -row.amount });
  return settleTransfer(trx, id, 'voided');
}
