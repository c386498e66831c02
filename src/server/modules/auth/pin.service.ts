import type { Transaction } from 'kysely';
import { pin as pinMessages, server } from '../../../shared/messages';
import { isFourDigitPin } from '../../../shared/validation';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { badRequest, conflict, forbidden, tooManyRequests, unauthorized, type ApiError } from '../../lib/errors';
import { consumeLiveGrant, retireUserGrants } from './grants.repository';
import { issueGrant } from './grants.service';
import { notifyPinChanged } from '../notifications/notify';
import { hashPin, pinMatches } from './pin';
import { commitThenRefuse } from './refusal';
import { minutesLeft, PIN_LOCK_MS, PIN_MAX_ATTEMPTS } from './rules';
import { takeFreshPasswordCheck, type AuthContext } from './session.service';
import { lockUser, updateUser, type UserRow } from './users.repository';

/** What PIN checks need: the root database (never a transaction) and the PIN secret. `app` fits. */
export interface PinDeps {
  db: Db;
  config: Pick<Config, 'pinSecret'>;
}

/** POST /wallet/create-pin: the first PIN, exactly 4 digits, confirmed. */
export async function createPin(deps: PinDeps, userId: string, pin: string, confirmation: string, now = new Date()): Promise<void> {
  if (!isFourDigitPin(pin)) throw badRequest(pinMessages.invalidFourDigit);
  if (pin !== confirmation) throw badRequest(pinMessages.mismatch);
  await deps.db.transaction().execute(async (trx) => {
    const user = await lockUser(trx, userId);
    if (!user) throw unauthorized();
    if (user.pin_hash) throw conflict(server.pinAlreadySet);
    await updateUser(trx, userId, { pin_hash: hashPin(deps.config.pinSecret, userId, pin) }, now);
  });
}

/** What a PIN check needs of the user's row, locked by the caller's transaction. */
export type PinHolder = Pick<UserRow, 'id' | 'pin_hash' | 'pin_failed_count' | 'pin_locked_until'>;

/**
 * The outcome of a PIN check on a row the caller locked: `refusal` when the PIN may not be used
 * or is wrong, `wrote` when the check changed the counters (a wrong try counted or a streak
 * reset), which must then be committed whatever happens to the rest of the request.
 */
export interface PinOutcome {
  refusal?: ApiError;
  wrote: boolean;
}

/**
 * The PIN rules on a locked user row: locked → 429 (the right PIN too); right → the wrong-try
 * count is reset; wrong → counted, the fifth in a row locks PIN use for 30 minutes.
 */
export async function checkPinOnLockedRow(trx: Transaction<Database>, secret: string, user: PinHolder, pin: string, now: Date): Promise<PinOutcome> {
  if (!user.pin_hash) return { refusal: badRequest(server.pinNotSet), wrote: false };
  const lockedFor = user.pin_locked_until ? user.pin_locked_until.getTime() - now.getTime() : 0;
  if (lockedFor > 0) return { refusal: tooManyRequests(server.pinLockedFor(minutesLeft(lockedFor, PIN_LOCK_MS))), wrote: false };
  if (pinMatches(secret, user.id, pin, user.pin_hash)) {
    if (user.pin_failed_count === 0 && !user.pin_locked_until) return { wrote: false };
    await updateUser(trx, user.id, { pin_failed_count: 0, pin_locked_until: null }, now);
    return { wrote: true };
  }
  const failed = user.pin_failed_count + 1;
  if (failed >= PIN_MAX_ATTEMPTS) {
    await updateUser(trx, user.id, { pin_failed_count: 0, pin_locked_until: new Date(now.getTime() + PIN_LOCK_MS) }, now);
    // A lock stops the PIN's use at once: a confirmation given before it no longer pays a bill.
    await retireUserGrants(trx, user.id, now, 'pin_step_up');
    return { refusal: tooManyRequests(server.pinLockedFor(minutesLeft(PIN_LOCK_MS, PIN_LOCK_MS))), wrote: true };
  }
  await updateUser(trx, user.id, { pin_failed_count: failed }, now);
  return { refusal: badRequest(server.incorrectPinAttemptsLeft(PIN_MAX_ATTEMPTS - failed)), wrote: true };
}

/**
 * Checks the transaction PIN of every money call. Five wrong PINs in a row lock PIN use for 30
 * minutes (the right PIN is refused too while locked). It commits its own transaction, so a wrong
 * try is counted even though the caller's request fails: call it with the root database BEFORE
 * opening the money transaction, e.g. `await verifyTransactionPin(app, userId, pin)`. (Money
 * calls without an Idempotency-Key check the PIN inside their transaction instead: see
 * transfers/sender.service.ts.)
 */
export async function verifyTransactionPin(deps: PinDeps, userId: string, pin: string, now = new Date()): Promise<void> {
  if (deps.db.isTransaction) throw new Error('verifyTransactionPin needs the root database: a wrong PIN must be counted even when the caller rolls back');
  if (!isFourDigitPin(pin)) throw badRequest(pinMessages.invalidModal);
  await commitThenRefuse(deps.db, async (trx) => {
    const user = await lockUser(trx, userId);
    if (!user) return unauthorized();
    return (await checkPinOnLockedRow(trx, deps.config.pinSecret, user, pin, now)).refusal;
  });
}

/** Who confirms a PIN: the customer, in one of their sessions. */
export type PinConfirmer = Pick<AuthContext, 'userId' | 'sessionId'>;

/**
 * POST /auth/confirm-transaction-pin: the PIN checked, one bill payment of this session is allowed
 * within 5 minutes. It replaces a confirmation of this session still unused (a refused payment
 * leaves it so): confirmations do not pile up into payments made later without a PIN.
 */
export async function confirmTransactionPin(deps: PinDeps, auth: PinConfirmer, pin: string, now = new Date()): Promise<void> {
  await verifyTransactionPin(deps, auth.userId, pin, now);
  const binding = { sessionId: auth.sessionId };
  await deps.db.transaction().execute(async (trx) => {
    await retireUserGrants(trx, auth.userId, now, 'pin_step_up', binding);
    await issueGrant(trx, auth.userId, 'pin_step_up', now, binding);
  });
}

/**
 * Uses up the step-up grant of a PIN confirmed in this session (bill payment), inside the
 * payment's transaction: if the payment rolls back, the grant stays usable, by this session only.
 */
export async function consumeStepUpGrant(trx: Transaction<Database>, auth: PinConfirmer, now = new Date()): Promise<void> {
  if (!(await consumeLiveGrant(trx, auth.userId, 'pin_step_up', now, { sessionId: auth.sessionId }))) throw forbidden(server.pinConfirmationRequired);
}

/**
 * POST /auth/reset-transaction-pin: needs a fresh password check in this session; clears any lock
 * and ends the bill confirmations (step-up grants) given with the old PIN.
 * The 'PIN changed' e-mail is recorded with the change (the first PIN, createPin, sends none).
 */
export async function resetTransactionPin(deps: PinDeps, auth: AuthContext, pin: string, confirmation: string, now = new Date()): Promise<void> {
  if (!isFourDigitPin(pin) || !isFourDigitPin(confirmation)) throw badRequest(pinMessages.changeInvalid);
  if (pin !== confirmation) throw badRequest(pinMessages.changeMismatch);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await takeFreshPasswordCheck(trx, auth.sessionId, now))) throw forbidden(server.passwordCheckRequired);
    const pinHash = hashPin(deps.config.pinSecret, auth.userId, pin);
    await updateUser(trx, auth.userId, { pin_hash: pinHash, pin_failed_count: 0, pin_locked_until: null }, now);
    // The old PIN's confirmations go with it, in every session: one made with a leaked PIN pays no bill.
    await retireUserGrants(trx, auth.userId, now, 'pin_step_up');
    await notifyPinChanged(trx, auth.userId, now);
  });
}
