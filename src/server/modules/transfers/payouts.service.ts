/**
 * Payouts to outside rails, two-phase: sending reserves the funds at once (a pending ledger
 * transfer to payouts_clearing) and records the payout; after its hold (PAYOUT_HOLD_S, when the
 * customer may still cancel it) Kudi hands it to the rail, whose signed webhook later posts it
 * (the money leaves) or voids it (the money is back in the wallet). Each change of a payout
 * writes its step of the timeline (recordPayoutEvent) in the same transaction.
 */
import type { Static } from '@sinclair/typebox';
import { activity, server, transfers } from '../../../shared/messages';
import { minorToMajor } from '../../../shared/money';
import { decimalMoney, feeMinor, type FeeTable } from '../../../shared/pricing';
import type { CadWithdrawalReceipt, Currency, NgnWithdrawalReceipt, Req } from '../../../shared/types';
import { isEmail, isNgnAccountNumber } from '../../../shared/validation';
import { maskAccountNumber } from '../../lib/account-number';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { customerAccount, systemAccountId, type Trx } from '../ledger/accounts.repository';
import type { TransferMetadata } from '../ledger/ledger.tables';
import { isKudiDepositEmail } from '../ledger/customer-wallets';
import { findCadWallet } from '../ledger/wallets.repository';
import { postPending, transfer, voidPending, type InsufficientFundsMessage, type TransferRow } from '../ledger/ledger.service';
import { bankByEitherCode, isAccountNumberOf, isPartnerBank, type BankRecord } from './banks';
import { accountHolderName, ACCOUNT_NUMBER_DIGITS, UNKNOWN_BANK } from './name-inquiry.service';
import type { PayoutOutcomeEvent } from './payout-webhook.schemas';
import { giveBackPayoutLimit } from '../limits/limits.repository';
import { notifyMoneySent, notifyPayoutCancelled, notifyPayoutFailed } from '../notifications/notify';
import { countAgainstLimits, type LimitContext } from '../limits/limits.service';
import { savePayoutRecipient } from '../recipients/recipients.repository';
import { savedBankAccount } from '../recipients/recipients.service';
import {
  dueNow,
  insertPayout,
  lockPayout,
  lockPayoutById,
  markHandedOver,
  recordOutcome,
  recordPayoutEvent,
  type PayoutRow,
} from './payouts.repository';
import { activatedNairaWallet, amountMinor, withinNgnLimit } from './sender.service';
import type { PayoutRail } from './transfers.tables';

const ACCOUNT_NAME_MISMATCH = 'The account name does not match this account. Please verify the account again.';
const UNKNOWN_PAYOUT = 'Unknown payout reference';
const DEFAULT_FAILURE = 'Declined by the receiving bank';
const BANK_TRANSFER = 'Bank transfer';
const INTERAC_TRANSFER = 'Interac e-Transfer';

/** The notes of a payout's timeline (payout_events.note); a failure's note is the rail's reason. */
export const PAYOUT_NOTES = {
  sent: { nip: 'Sent to the bank', interac: 'Sent by Interac e-Transfer' } satisfies Record<PayoutRail, string>,
  cancelled: 'Cancelled by you',
  refunded: 'Refunded to your wallet',
} as const;

/** When a payout is handed to its rail and how long the rail takes (config PAYOUT_HOLD_S, PAYOUT_SETTLE_MS). */
export interface PayoutTiming {
  payoutHoldS: number;
  payoutSettleMs: number;
}

/** When a payout made at `createdAt` is expected to arrive: after its hold and the rail's settlement time. */
export const arrivesBy = (createdAt: Date, timing: PayoutTiming): string =>
  new Date(createdAt.getTime() + timing.payoutHoldS * 1000 + timing.payoutSettleMs).toISOString();

export interface InteracOrder {
  amount: bigint;
  /** The fee (FEES_JSON 'interac'), charged on top of the amount. */
  fee: bigint;
  email: string;
  name: string;
  description: string;
}

export interface BankOrder {
  amount: bigint;
  /** The fee (FEES_JSON 'ngn_bank'), charged on top of the amount. */
  fee: bigint;
  bank: BankRecord;
  /** As the request gave it: with recipientId, the saved recipient's number masked (or in full). */
  accountNumber: string;
  accountName: string;
  description: string;
  /** spec-next §E: a saved recipient's id; the payout goes to its saved account (sendToBank resolves it). */
  recipientId: string | null;
}

/** Names compared as a person would: case and spacing aside. */
const normalName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** POST /wallet/cad-withdrawal: recipient name, a valid e-mail, amount, and the reference question and answer it carries. */
export function interacOrder(body: Req<'cadWithdrawal'>, fees: FeeTable): InteracOrder {
  const amount = amountMinor(body.Amount);
  const [name, email] = [body.CustomerName.trim(), body.CustomerEmail.trim()];
  if (!name || !body.SecurityQuestion.trim() || !body.SecurityQuestionAnswer.trim()) throw badRequest(transfers.cadFieldsRequired);
  if (!isEmail(email)) throw badRequest(server.invalidEmail);
  return { amount, fee: feeMinor(fees.interac, amount), email, name, description: body.Description.trim() || INTERAC_TRANSFER };
}

/**
 * POST /wallet/ngn-withdrawal: a bank of the list (by bank or NIBSS code), an account number it
 * could have issued, an amount within the NGN limit. With recipient_id (spec-next §E) the number is
 * the saved recipient's, checked against it when the payout is made (sendToBank).
 */
export function bankOrder(body: Req<'ngnWithdrawal'>, ngnMaxKobo: bigint, fees: FeeTable): BankOrder {
  const amount = withinNgnLimit(amountMinor(body.amount), ngnMaxKobo);
  const bank = bankByEitherCode(body.account_bank.trim());
  if (!bank) throw badRequest(UNKNOWN_BANK);
  const accountNumber = body.account_number.trim();
  const recipientId = body.recipient_id ?? null;
  if (recipientId === null) {
    if (!isNgnAccountNumber(accountNumber)) throw badRequest(ACCOUNT_NUMBER_DIGITS);
    if (!isAccountNumberOf(bank, accountNumber)) throw badRequest(server.invalidAccountNumber);
  }
  return {
    amount,
    fee: feeMinor(fees.ngn_bank, amount),
    bank,
    accountNumber,
    accountName: body.account_name,
    description: body.description.trim() || BANK_TRANSFER,
    recipientId,
  };
}

interface Payout {
  userId: string;
  currency: Currency;
  amount: bigint;
  /** Reserved with the amount, posted or released with it. */
  fee: bigint;
  metadata: TransferMetadata;
  rail: PayoutRail;
  destination: string;
  bankCode: string | null;
  /** The screen's insufficient-balance text (spec §5). */
  insufficientFunds: InsufficientFundsMessage;
  /** What the sender's limits are counted with. */
  limits: LimitContext;
}

/**
 * Insufficient-balance texts of the send screens (spec §5): the NGN withdrawal's 'Insufficient
 * balance'; the CAD withdrawal names none, so it takes the CAD send's 'Insufficient CAD balance'.
 */
const INSUFFICIENT_CAD: InsufficientFundsMessage = () => transfers.insufficientWalletBalance('CAD');
const INSUFFICIENT_NGN: InsufficientFundsMessage = () => transfers.insufficientBalance;

/**
 * Counts the payout against the sender's limits (403 over one), reserves the funds (pending
 * transfer to payouts_clearing) and records the payout for its rail with what it was counted for,
 * due for its hand-over after its hold, and its first step ('created').
 */
async function reservePayout(trx: Trx, payout: Payout, timing: PayoutTiming): Promise<TransferRow> {
  const counted = await countAgainstLimits(trx, payout.limits, payout.userId, payout.currency, payout.amount);
  const wallet = await customerAccount(trx, payout.userId, payout.currency);
  const row = await transfer(trx, {
    debit: wallet.id,
    credit: await systemAccountId(trx, 'payouts_clearing', payout.currency),
    amount: payout.amount,
    fee: payout.fee,
    currency: payout.currency,
    kind: 'withdrawal',
    metadata: payout.metadata,
    pending: true,
    insufficientFunds: payout.insufficientFunds,
  });
  const { rail, destination, bankCode } = payout;
  await insertPayout(
    trx,
    { transfer_id: row.id, reference: row.reference, rail, destination, bank_code: bankCode, limit_bucket: counted.bucket, limit_minor: counted.amount },
    timing.payoutHoldS * 1000,
  );
  await recordPayoutEvent(trx, row.id, 'created', null);
  await notifyMoneySent(trx, row.id);
  return row;
}

/**
 * An Interac e-Transfer out of the CAD wallet; never to the sender's own Kudi deposit e-mail
 * (another customer's is delivered to their wallet by the rail).
 */
export async function sendInterac(
  trx: Trx,
  userId: string,
  order: InteracOrder,
  timing: PayoutTiming,
  limits: LimitContext,
): Promise<CadWithdrawalReceipt> {
  if (isKudiDepositEmail(order.email)) {
    const own = await findCadWallet(trx, userId);
    if (own?.deposit_email === order.email.toLowerCase()) throw badRequest(server.selfTransfer);
  }
  const row = await reservePayout(
    trx,
    {
      userId,
      currency: 'CAD',
      amount: order.amount,
      fee: order.fee,
      metadata: { recipient_name: order.name, description: order.description },
      rail: 'interac',
      destination: order.email,
      bankCode: null,
      insufficientFunds: INSUFFICIENT_CAD,
      limits,
    },
    timing,
  );
  return {
    amount: minorToMajor(row.amount),
    recipient_name: order.name,
    transaction_reference: row.reference,
    created_at: row.created_at.toISOString(),
    status: 'pending',
    arrives_by: arrivesBy(row.created_at, timing),
    fee: decimalMoney(order.fee),
  };
}

/** The verified holder of the destination account; never the sender's own virtual account. */
async function verifiedHolder(trx: Trx, order: BankOrder, ownAccountNumber: string | null): Promise<string> {
  if (isPartnerBank(order.bank) && order.accountNumber === ownAccountNumber) throw badRequest(server.selfTransfer);
  const holder = await accountHolderName(trx, order.bank, order.accountNumber);
  if (!holder) throw badRequest(server.accountNotFound);
  if (normalName(holder) !== normalName(order.accountName)) throw badRequest(ACCOUNT_NAME_MISMATCH);
  return holder;
}

/**
 * The account a bank order pays and the number its answers show: the request's number, or (with
 * recipient_id, spec-next §E) the saved recipient's full number, shown masked: after the first send
 * the full number never leaves the server again (receipt, history line, detail, e-mail).
 */
async function destinationOf(trx: Trx, userId: string, order: BankOrder): Promise<{ order: BankOrder; shown: string }> {
  if (order.recipientId === null) return { order, shown: order.accountNumber };
  const saved = await savedBankAccount(trx, userId, order.recipientId, { accountNumber: order.accountNumber, bankCode: order.bank.bankCode });
  return { order: { ...order, accountNumber: saved.accountNumber }, shown: maskAccountNumber(saved.accountNumber) ?? '' };
}

/** A NIP transfer out of the (activated) naira wallet to a verified Nigerian bank account. */
export async function sendToBank(
  trx: Trx,
  userId: string,
  requested: BankOrder,
  timing: PayoutTiming,
  limits: LimitContext,
): Promise<NgnWithdrawalReceipt> {
  const wallet = await activatedNairaWallet(trx, userId);
  const { order, shown } = await destinationOf(trx, userId, requested);
  const holder = await verifiedHolder(trx, order, wallet.account_number);
  const { bank, accountNumber } = order;
  const row = await reservePayout(
    trx,
    {
      userId,
      currency: 'NGN',
      amount: order.amount,
      fee: order.fee,
      metadata: { recipient_name: holder, bank_name: bank.bankName, account_number: shown, description: order.description },
      rail: 'nip',
      destination: accountNumber,
      bankCode: bank.bankCode,
      insufficientFunds: INSUFFICIENT_NGN,
      limits,
    },
    timing,
  );
  return {
    amount: minorToMajor(row.amount),
    account_number: shown,
    account_name: holder,
    bank_name: bank.bankName,
    tx_ref: row.reference,
    created_at: row.created_at.toISOString(),
    status: 'pending',
    arrives_by: arrivesBy(row.created_at, timing),
    fee: decimalMoney(order.fee),
  };
}

/**
 * Kudi hands a payout whose hold is over to its rail, in the caller's transaction: the payout row
 * is locked (as a cancel locks it, so the two serialize), a settled or cancelled one is left alone
 * (undefined), one already handed over is answered as it is; otherwise it is marked handed over,
 * due for settlement `settleMs` later, and its step 'sent' is written.
 */
export async function handOverPayout(trx: Trx, transferId: bigint, settleMs: number): Promise<PayoutRow | undefined> {
  const payout = await lockPayoutById(trx, transferId);
  if (!payout || payout.settled_at) return undefined;
  if (payout.handed_at) return payout;
  const handed = await markHandedOver(trx, transferId, settleMs);
  await recordPayoutEvent(trx, transferId, 'sent', PAYOUT_NOTES.sent[payout.rail]);
  return handed;
}

/**
 * The simulators' release of a payout (POST /dev/payouts/release): handed over now if it was
 * not, and due for settlement at once. False when it was already settled or cancelled.
 */
export async function releasePayout(trx: Trx, transferId: bigint): Promise<boolean> {
  const payout = await handOverPayout(trx, transferId, 0);
  if (!payout) return false;
  await dueNow(trx, transferId);
  return true;
}

/**
 * The customer cancels a payout (POST /transactions/{id}/cancel), in the caller's transaction:
 * only while it has not been handed to its rail. The payout row is locked first (the hand-over
 * locks it too: a cancel and a hand-over serialize, and of two cancels the second finds it
 * cancelled); then, as a failed payout: its limit usage is given back, the pending transfer and
 * its fee are voided (the money is available again), and it is recorded cancelled with the steps
 * 'cancelled' and 'refunded'. Anything else is a 409.
 */
export async function cancelPayout(trx: Trx, transferId: bigint): Promise<void> {
  const payout = await lockPayoutById(trx, transferId);
  if (!payout || payout.settled_at || payout.handed_at) throw conflict(activity.cannotCancel);
  await giveBackPayoutLimit(trx, transferId);
  await voidPending(trx, transferId);
  await recordOutcome(trx, transferId, 'cancelled', null);
  await recordPayoutEvent(trx, transferId, 'cancelled', PAYOUT_NOTES.cancelled);
  await recordPayoutEvent(trx, transferId, 'refunded', PAYOUT_NOTES.refunded);
  await notifyPayoutCancelled(trx, transferId);
}

export type SettlementResult = 'applied' | 'replayed';

/**
 * Applies a rail's outcome in one transaction: completed posts the pending transfer and saves its
 * recipient, failed voids it (the funds are available again), each with its steps of the timeline. The same outcome again
 * is a no-op; a contrary one (or one for a cancelled payout) is refused.
 */
export async function applyPayoutOutcome(trx: Trx, event: Static<typeof PayoutOutcomeEvent>): Promise<SettlementResult> {
  const payout = await lockPayout(trx, event.reference);
  if (!payout) throw notFound(UNKNOWN_PAYOUT);
  if (payout.outcome) {
    if (payout.outcome === 'cancelled') throw conflict('This payout was cancelled');
    if (payout.outcome !== event.status) throw conflict(`This payout has already ${payout.outcome}`);
    return 'replayed';
  }
  if (event.status === 'completed') {
    await postPending(trx, payout.transfer_id);
    await recordOutcome(trx, payout.transfer_id, 'completed', null);
    await recordPayoutEvent(trx, payout.transfer_id, 'completed', null);
    // The send completed: its recipient is saved for the sender (spec-next §E); a failed or cancelled one saves nothing.
    await savePayoutRecipient(trx, payout.transfer_id);
    return 'applied';
  }
  // A refunded payout gives back what it used of the sender's limits; the sender's user row is
  // locked first, as every send of theirs locks it first.
  await giveBackPayoutLimit(trx, payout.transfer_id);
  await voidPending(trx, payout.transfer_id);
  const reason = event.reason ?? DEFAULT_FAILURE;
  await recordOutcome(trx, payout.transfer_id, 'failed', reason);
  await recordPayoutEvent(trx, payout.transfer_id, 'failed', reason);
  await recordPayoutEvent(trx, payout.transfer_id, 'refunded', PAYOUT_NOTES.refunded);
  await notifyPayoutFailed(trx, payout.transfer_id);
  return 'applied';
}
