/**
 * A transaction's whole life (spec-next §C): GET /transactions/{id}, the history line of one of the
 * customer's transfers with its fee, rate, counterparty, expected arrival and timeline; and
 * POST /transactions/{id}/cancel, a payout cancelled while it is in its hold.
 */
import { activity } from '../../../shared/messages';
import { decimalMoney } from '../../../shared/pricing';
import type { Counterparty, TransactionDetail, TransactionEvent } from '../../../shared/types';
import type { Db } from '../../db/database';
import { maskAccountNumber } from '../../lib/account-number';
import { conflict, notFound } from '../../lib/errors';
import type { Trx } from '../ledger/accounts.repository';
import { accountHistoryLine, customerAccountOf, type HistoryRow } from '../ledger/transfers.repository';
import { payoutEvents } from '../transfers/payouts.repository';
import { arrivesBy, cancelPayout, type PayoutTiming } from '../transfers/payouts.service';
import { historyItem } from '../wallet/history.service';
import { feeOf, holderOf, otherConversionLeg } from './activity.repository';

export interface ActivityDeps {
  db: Db;
  /** PAYOUT_HOLD_S and PAYOUT_SETTLE_MS: a payout's expected arrival. */
  config: PayoutTiming;
}

interface CustomerLine {
  row: HistoryRow;
  /** The customer's account the transfer moves money in or out of: the side they see. */
  accountId: bigint;
}

/** The transfer with this reference as the signed-in customer sees it; another customer's, or none, is a 404. */
async function customerLine(db: Db | Trx, userId: string, reference: string): Promise<CustomerLine> {
  const accountId = await customerAccountOf(db, userId, reference);
  const row = accountId === undefined ? undefined : await accountHistoryLine(db, accountId, reference);
  if (accountId === undefined || !row) throw notFound(activity.notFound);
  return { row, accountId };
}

/** A payout's own line (not the line of its fee). */
const isPayout = (row: HistoryRow): boolean => row.payout_id !== null && row.payout_id === row.id;

const NOBODY: Counterparty = { name: null, bank_name: null, account_number_masked: null, email: null };

/**
 * Who is on the other side: a bank payout's holder, bank and masked number; an Interac payout's
 * recipient and e-mail; the other customer of a user transfer; a deposit's sender (and their bank,
 * masked, when the rail gave it); a bill's biller and the customer's account with it, masked.
 * Conversions and fees have none.
 */
async function counterpartyOf(db: Db, row: HistoryRow, accountId: bigint): Promise<Counterparty> {
  const { metadata } = row;
  switch (row.kind) {
    case 'withdrawal':
      if (row.payout_rail === 'interac') return { ...NOBODY, name: metadata.recipient_name ?? null, email: row.payout_destination };
      return {
        name: metadata.recipient_name ?? null,
        bank_name: metadata.bank_name ?? null,
        account_number_masked: maskAccountNumber(metadata.account_number ?? row.payout_destination),
        email: null,
      };
    case 'wallet_transfer': {
      const incoming = row.credit_account_id === accountId;
      const other = await holderOf(db, incoming ? row.debit_account_id : row.credit_account_id);
      const name = (incoming ? metadata.sender_name : metadata.recipient_name) ?? other?.name ?? null;
      return { ...NOBODY, name, email: other?.email ?? null };
    }
    case 'deposit':
      return {
        name: metadata.sender_name ?? null,
        bank_name: metadata.bank_name ?? null,
        account_number_masked: maskAccountNumber(metadata.account_number),
        email: null,
      };
    case 'bill':
      return { ...NOBODY, name: metadata.recipient_name ?? null, account_number_masked: maskAccountNumber(metadata.account_number) };
    default:
      return NOBODY;
  }
}

/** The timeline: a payout's (or its fee's) from its steps; any other transfer's from its own times. */
async function eventsOf(db: Db, row: HistoryRow): Promise<TransactionEvent[]> {
  if (row.payout_id !== null) {
    return (await payoutEvents(db, row.payout_id)).map((event) => ({ status: event.status, at: event.at.toISOString(), note: event.note }));
  }
  const events: TransactionEvent[] = [{ status: 'created', at: row.created_at.toISOString(), note: null }];
  if (row.status === 'posted') events.push({ status: 'completed', at: (row.posted_at ?? row.created_at).toISOString(), note: null });
  if (row.status === 'voided') {
    const at = (row.voided_at ?? row.created_at).toISOString();
    events.push({ status: 'failed', at, note: null }, { status: 'refunded', at, note: null });
  }
  return events;
}

/** NGN per 1 CAD of a conversion, without thousands separators ('1,039.50' → '1039.50'). */
const rateOf = (row: HistoryRow): string | null => (row.kind === 'conversion' && row.metadata.rate ? row.metadata.rate.replace(/,/g, '') : null);

/** A conversion's sides, from either of its legs: what left one wallet and what arrived in the other. */
async function conversionOf(db: Db, row: HistoryRow): Promise<TransactionDetail['conversion']> {
  const other = await otherConversionLeg(db, row);
  if (!other) return null;
  const [sent, received] = row.linked_id === null ? [row, other] : [other, row];
  return {
    sent: decimalMoney(sent.amount),
    sent_currency: sent.currency,
    received: decimalMoney(received.amount),
    received_currency: received.currency,
  };
}

async function detailOf(db: Db, config: PayoutTiming, { row, accountId }: CustomerLine): Promise<TransactionDetail> {
  const payout = isPayout(row);
  // One after the other: they share the snapshot's one connection.
  // A fee is the sender's: the recipient of a transfer paid none.
  const fee = row.kind === 'fee' || row.credit_account_id === accountId ? 0n : await feeOf(db, row.id);
  const counterparty = await counterpartyOf(db, row, accountId);
  const events = await eventsOf(db, row);
  const conversion = row.kind === 'conversion' ? await conversionOf(db, row) : null;
  return {
    ...historyItem(row, accountId),
    fee: decimalMoney(fee),
    rate: rateOf(row),
    conversion,
    counterparty,
    arrives_by: payout ? arrivesBy(row.created_at, config) : null,
    cancellable: payout && row.status === 'pending' && row.payout_outcome === null && row.payout_handed_at === null,
    events,
  };
}

/**
 * GET /transactions/{id}: the customer's transaction with this id (its reference), or a 404. Read in
 * one snapshot (a read-only, repeatable-read transaction), so a payout settling meanwhile shows either
 * before or after: never a pending status above a timeline that already ends in its refund.
 */
export async function transactionDetail(deps: ActivityDeps, userId: string, id: string): Promise<TransactionDetail> {
  return deps.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => detailOf(trx, deps.config, await customerLine(trx, userId, id)));
}

/**
 * POST /transactions/{id}/cancel: the customer's payout, while it has not been handed to its rail,
 * cancelled and refunded in one transaction (payouts.service cancelPayout); answers its detail.
 * Anything else of theirs (handed over, settled, cancelled, not a payout) is a 409; none of theirs a 404.
 */
export async function cancelTransaction(deps: ActivityDeps, userId: string, id: string): Promise<TransactionDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const { row } = await customerLine(trx, userId, id);
    if (!isPayout(row)) throw conflict(activity.cannotCancel);
    await cancelPayout(trx, row.id);
  });
  return transactionDetail(deps, userId, id);
}
