/**
 * What every money movement asks of its sender (spec §6): e-mail, phone and identity verified,
 * a transaction PIN set, a valid order, and (except bill payment, confirmed by a step-up grant)
 * the right PIN, checked with the lockout of the accounts module.
 */
import { sql } from 'kysely';
import { pin as pinMessages, server } from '../../../shared/messages';
import { isFourDigitPin, validateAmount } from '../../../shared/validation';
import type { Db } from '../../db/database';
import { badRequest, forbidden, unauthorized } from '../../lib/errors';
import { checkPinOnLockedRow, type PinDeps } from '../auth/pin.service';
import { CommitThenThrow, transactionCommitting } from '../auth/refusal';
import { takeHit, type ThrottleRule } from '../auth/throttle.service';
import { isFullyVerified } from '../auth/user.dto';
import { findUserById } from '../auth/users.repository';
import type { Trx } from '../ledger/accounts.repository';
import { findNairaWallet, type NairaWalletRow } from '../ledger/wallets.repository';
import { lockSender, type SenderRow } from './customers.repository';

/** 403 unless the customer is fully verified and has set a transaction PIN. */
export async function requireVerifiedSender(db: Db, userId: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  if (!isFullyVerified(user)) throw forbidden(server.verificationRequired);
  if (!user.pin_hash) throw forbidden(server.pinNotSet);
}

/**
 * The allowance of a look-up that reveals someone's name, per signed-in customer (rows, shared by
 * every API process): 30 per 15 minutes, enough for a person entering a few e-mails or account
 * numbers, too few to harvest names.
 */
export const nameLookupRule = (name: string, message: ThrottleRule['message']): ThrottleRule => ({
  name,
  limit: 30,
  windowMs: 15 * 60 * 1000,
  message,
});

/**
 * A look-up that reveals someone's name (the recipient check, name inquiry): only a customer who
 * may send asks (403 otherwise, as requireVerifiedSender), with well-formed input (`wellFormed`
 * throws its 400: an address half typed reveals nobody, so it costs nothing of the allowance),
 * and at most `rule.limit` times per window, counted per signed-in customer in throttle rows
 * shared by every API process (429). Answers what `wellFormed` returned.
 */
export async function allowNameLookup<T>(db: Db, userId: string, rule: ThrottleRule, wellFormed: () => T): Promise<T> {
  await requireVerifiedSender(db, userId);
  const input = wellFormed();
  await takeHit(db, rule, userId);
  return input;
}

/**
 * The checks of a PIN-confirmed call, in order, on the sender's row locked for the rest of the
 * money transaction: the sender may move money, the order is valid (so a malformed request never
 * costs a PIN try), the PIN is right.
 */
async function authorizeInTransaction<T>(
  trx: Trx,
  deps: PinDeps,
  userId: string,
  pin: string,
  validate: () => T,
  now = new Date(),
): Promise<{ order: T; sender: SenderRow; pinWrote: boolean }> {
  const sender = await lockSender(trx, userId);
  if (!sender) throw unauthorized();
  if (!isFullyVerified(sender)) throw forbidden(server.verificationRequired);
  if (!sender.pin_hash) throw forbidden(server.pinNotSet);
  const order = validate();
  if (!isFourDigitPin(pin)) throw badRequest(pinMessages.invalidModal);
  const outcome = await checkPinOnLockedRow(trx, deps.config.pinSecret, sender, pin, now);
  if (outcome.refusal) throw outcome.wrote ? new CommitThenThrow(outcome.refusal) : outcome.refusal;
  if (outcome.wrote) await sql`savepoint pin_checked`.execute(trx);
  return { order, sender, pinWrote: outcome.wrote };
}

/**
 * Records the answer of a money call with the money it describes, in its transaction, just before
 * that commits (the route's Idempotency-Key handling keeps it under the request's key); null when
 * there is nothing to record.
 */
export type RecordAnswer<T> = ((trx: Trx, answer: T) => Promise<void>) | null;

/**
 * A PIN-confirmed money call (spec §6): the sender's checks, the order, the PIN with its lockout,
 * then `move`, all in ONE database transaction (authorizedMovement), where `record` (if any)
 * records the answer just before it commits.
 */
export async function pinConfirmedMovement<O, T>(
  deps: PinDeps,
  userId: string,
  pin: string,
  validate: () => O,
  move: (trx: Trx, order: O, sender: SenderRow) => Promise<T>,
  record: RecordAnswer<T>,
): Promise<T> {
  return authorizedMovement(deps, userId, pin, validate, async (trx, order, sender) => {
    const answer = await move(trx, order, sender);
    if (record) await record(trx, answer);
    return answer;
  });
}

/**
 * The checks and the movement of a PIN-confirmed call in one transaction. A wrong PIN is counted
 * and committed (the transaction commits, then the request fails); a right PIN that reset the
 * count leaves a savepoint rolled back to if the movement then fails, so the reset sticks too.
 */
export async function authorizedMovement<O, T>(
  deps: PinDeps,
  userId: string,
  pin: string,
  validate: () => O,
  move: (trx: Trx, order: O, sender: SenderRow) => Promise<T>,
): Promise<T> {
  return transactionCommitting(deps.db, async (trx) => {
    const { order, sender, pinWrote } = await authorizeInTransaction(trx, deps, userId, pin, validate);
    if (!pinWrote) return move(trx, order, sender);
    try {
      return await move(trx, order, sender);
    } catch (err) {
      await sql`rollback to savepoint pin_checked`.execute(trx);
      throw new CommitThenThrow(err);
    }
  });
}

/** An amount in minor units: > 0, at most 2 decimals (the spec's messages otherwise). */
export function amountMinor(input: number | string): bigint {
  const amount = validateAmount(input);
  if (!amount.ok) throw badRequest(amount.message);
  return amount.minor;
}

/** The NGN maximum single amount (GET /wallet/limit/NGN) applies to every naira send. */
export function withinNgnLimit(amount: bigint, maxKobo: bigint): bigint {
  if (amount > maxKobo) throw badRequest(server.amountAboveLimit);
  return amount;
}

/** Sending naira needs an activated naira wallet (spec §6); answers it. */
export async function activatedNairaWallet(trx: Trx, userId: string): Promise<NairaWalletRow> {
  const wallet = await findNairaWallet(trx, userId);
  if (!wallet?.is_wallet_activated) throw forbidden(server.walletNotActivated);
  return wallet;
}
