import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import { OTP_RESEND_COOLDOWN_MS } from '../../../shared/limits';
import { emailVerification, server } from '../../../shared/messages';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { ApiError, badRequest, tooManyRequests } from '../../lib/errors';
import type { AuthDeps } from './auth.deps';
import type { OtpPurpose } from './auth.tables';
import { otpMessage } from './notifications';
import {
  consumeOtp,
  insertOtp,
  lockUnusedOtp,
  otpTimesSince,
  retireOtps,
  setOtpAttempts,
  type OtpRow,
} from './otp.repository';
import { commitThenRefuse } from './refusal';
import { minutesLeft, OTP_CAP_WINDOW_MS, OTP_HOURLY_CAP, OTP_MAX_ATTEMPTS, OTP_TTL_MS } from './rules';
import { takeHit, throttles } from './throttle.service';
import { lockUser } from './users.repository';

/** Whose code, what for, and where it was sent (lower-cased e-mail or phone number). */
export interface OtpTarget {
  userId: string;
  purpose: OtpPurpose;
  recipient: string;
}

function digest(secret: string, target: OtpTarget, code: string): string {
  return createHmac('sha256', secret).update(`${target.purpose}:${target.userId}:${target.recipient}:${code}`).digest('base64url');
}

function codeMatches(secret: string, row: OtpRow, code: string): boolean {
  const expected = Buffer.from(row.code_hash);
  const given = Buffer.from(digest(secret, { userId: row.user_id, purpose: row.purpose, recipient: row.recipient }, code));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Why no new code may be issued now (the resend cool-down or the hourly cap), or null. */
async function issueRefusal(trx: Transaction<Database>, target: OtpTarget, now: Date): Promise<ApiError | null> {
  const times = await otpTimesSince(trx, target.userId, target.purpose, new Date(now.getTime() - OTP_CAP_WINDOW_MS));
  if (times.length > 0 && now.getTime() - times[0].getTime() < OTP_RESEND_COOLDOWN_MS) return tooManyRequests(server.otpCooldown);
  if (times.length >= OTP_HOURLY_CAP) {
    const freeAt = times[OTP_HOURLY_CAP - 1].getTime() + OTP_CAP_WINDOW_MS;
    return tooManyRequests(server.otpHourlyCap(minutesLeft(freeAt - now.getTime(), OTP_CAP_WINDOW_MS)));
  }
  return null;
}

/** Whether a new code may be issued now (outside the cool-down, under the hourly cap). */
export async function mayIssueOtp(trx: Transaction<Database>, target: OtpTarget, now: Date): Promise<boolean> {
  return (await issueRefusal(trx, target, now)) === null;
}

/**
 * Creates a 6-digit code (stored only as an HMAC) that replaces the target's older codes, and
 * returns it for sending. Runs in the caller's transaction, which must hold the user's row lock.
 */
export async function issueOtp(trx: Transaction<Database>, secret: string, target: OtpTarget, now: Date): Promise<string> {
  const refusal = await issueRefusal(trx, target, now);
  if (refusal) throw refusal;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await retireOtps(trx, target.userId, target.purpose, now);
  await insertOtp(trx, {
    user_id: target.userId,
    purpose: target.purpose,
    recipient: target.recipient,
    code_hash: digest(secret, target, code),
    created_at: now,
    expires_at: new Date(now.getTime() + OTP_TTL_MS),
  });
  return code;
}

export interface OtpCheck<T> {
  target: OtpTarget;
  code: string;
  ip: string;
  /** The answer to a wrong code: 'Invalid OTP!' (e-mail and reset codes) unless given ('Invalid OTP' for phone codes, spec §8). */
  wrongCode?: string;
  /**
   * Answers a missing or expired code like a wrong one, so the answer does not tell whether the
   * address has an account (reset codes: forgot-password answers the same for everyone).
   */
  hideMissing?: boolean;
  /** Runs in the transaction that uses up the code (the change the code allows). */
  onValid(trx: Transaction<Database>): Promise<T>;
}

/**
 * Checks a code: single use, 10 minutes, 5 wrong tries then dead. Wrong tries are counted
 * even though the call fails; guesses are also throttled per IP.
 */
export async function useOtp<T>(db: Db, secret: string, now: Date, check: OtpCheck<T>): Promise<T> {
  // Every try counts until it turns out right (or fails for a fault of ours): taken first, so that
  // guesses sent at the same moment cannot all pass the check.
  const guess = await takeHit(db, throttles.otpGuessesPerIp, check.ip, now);
  try {
    const result = await commitThenRefuse(db, async (trx) => {
      const wrongCode = badRequest(check.wrongCode ?? emailVerification.invalidOtp);
      const row = await lockUnusedOtp(trx, check.target.userId, check.target.purpose, check.target.recipient);
      if (!row) return check.hideMissing ? wrongCode : badRequest(server.invalidOrExpiredOtp);
      if (row.attempts >= OTP_MAX_ATTEMPTS) return tooManyRequests(server.otpTooManyAttempts);
      if (row.expires_at.getTime() <= now.getTime()) return check.hideMissing ? wrongCode : badRequest(server.otpExpired);
      if (!codeMatches(secret, row, check.code)) {
        await setOtpAttempts(trx, row.id, row.attempts + 1);
        return row.attempts + 1 >= OTP_MAX_ATTEMPTS ? tooManyRequests(server.otpTooManyAttempts) : wrongCode;
      }
      await consumeOtp(trx, row.id, now);
      return check.onValid(trx);
    });
    await guess.giveBack();
    return result;
  } catch (err) {
    if (!(err instanceof ApiError)) await guess.giveBack();
    throw err;
  }
}

/** Sends a code by SMS (phone) or e-mail (everything else). */
export function deliverOtp(channels: Pick<AuthDeps, 'email' | 'sms'>, target: OtpTarget, code: string): Promise<void> {
  const message = otpMessage(target.recipient, target.purpose, code);
  return (target.purpose === 'phone_verification' ? channels.sms : channels.email).send(message);
}

/** Issues a code in its own transaction (the user's row locked, so concurrent requests queue) and sends it. */
export async function sendNewOtp(deps: AuthDeps, target: OtpTarget, now: Date): Promise<void> {
  const code = await deps.db.transaction().execute(async (trx) => {
    await lockUser(trx, target.userId);
    return issueOtp(trx, deps.config.otpSecret, target, now);
  });
  await deliverOtp(deps, target, code);
}
