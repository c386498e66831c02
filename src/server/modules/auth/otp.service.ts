import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import { OTP_RESEND_COOLDOWN_MS } from '../../../shared/limits';
import { emailVerification, server } from '../../../shared/messages';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { ApiError, badRequest, tooManyRequests } from '../../lib/errors';
import type { AuthDeps } from './auth.deps';
import type { OtpPurpose, SignUpSubmission } from './auth.tables';
import { otpMessage } from './notifications';
import {
  consumeOtp,
  countWrongTry,
  insertOtp,
  newestSubmission,
  lockUnusedOtps,
  otpsSince,
  retireOtps,
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

/** How a code is issued. */
export interface IssueOptions {
  /** An e-mail verification code's sign-up: using the code gives the account these details. */
  submission?: SignUpSubmission;
  /** False for another person's sign-up: their own code, whatever the cool-down of the others' (the hourly cap still holds). */
  cooldown?: boolean;
}

/**
 * Why no new code may be issued now (the resend cool-down or the hourly cap), or null. The
 * cool-down keeps a second code from following a first that can still be used; once the newest
 * is used, replaced, out of tries or expired, the customer needs a new one at once (the hourly
 * cap still holds).
 */
async function issueRefusal(trx: Transaction<Database>, target: OtpTarget, now: Date, options: IssueOptions = {}): Promise<ApiError | null> {
  const codes = await otpsSince(trx, target.userId, target.purpose, new Date(now.getTime() - OTP_CAP_WINDOW_MS));
  const newest = codes[0];
  const newestUsable = newest && newest.consumed_at === null && newest.attempts < OTP_MAX_ATTEMPTS && newest.expires_at.getTime() > now.getTime();
  if (options.cooldown !== false && newestUsable && now.getTime() - newest.created_at.getTime() < OTP_RESEND_COOLDOWN_MS) return tooManyRequests(server.otpCooldown);
  if (codes.length >= OTP_HOURLY_CAP) {
    const freeAt = codes[OTP_HOURLY_CAP - 1].created_at.getTime() + OTP_CAP_WINDOW_MS;
    return tooManyRequests(server.otpHourlyCap(minutesLeft(freeAt - now.getTime(), OTP_CAP_WINDOW_MS)));
  }
  return null;
}

/** Whether a new code may be issued now (outside the cool-down unless told otherwise, under the hourly cap). */
export async function mayIssueOtp(trx: Transaction<Database>, target: OtpTarget, now: Date, options: IssueOptions = {}): Promise<boolean> {
  return (await issueRefusal(trx, target, now, options)) === null;
}

/**
 * Creates a 6-digit code (stored only as an HMAC) that replaces the target's older codes (a
 * sign-up's: those of the same password; another person's sign-up keeps its own), and returns it
 * for sending. Runs in the caller's transaction, which must hold the user's row lock.
 */
export async function issueOtp(trx: Transaction<Database>, secret: string, target: OtpTarget, now: Date, options: IssueOptions = {}): Promise<string> {
  const refusal = await issueRefusal(trx, target, now, options);
  if (refusal) throw refusal;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await retireOtps(trx, target.userId, target.purpose, now, options.submission?.password_hash);
  await insertOtp(trx, {
    user_id: target.userId,
    purpose: target.purpose,
    recipient: target.recipient,
    code_hash: digest(secret, target, code),
    created_at: now,
    expires_at: new Date(now.getTime() + OTP_TTL_MS),
    submission: options.submission,
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
  /** Runs in the transaction that uses up the code (the change the code allows); `used` is the code's row. */
  onValid(trx: Transaction<Database>, used: OtpRow): Promise<T>;
}

/**
 * Checks a code: single use, 10 minutes, 5 wrong tries then dead. Wrong tries are counted
 * even though the call fails; guesses are also throttled per IP. Where several codes are live
 * (e-mail codes of different sign-ups), a try is checked against each and a wrong one counts
 * against each; the one that matches is used and the others end.
 */
export async function useOtp<T>(db: Db, secret: string, now: Date, check: OtpCheck<T>): Promise<T> {
  // Every try counts until it turns out right (or fails for a fault of ours): taken first, so that
  // guesses sent at the same moment cannot all pass the check.
  const guess = await takeHit(db, throttles.otpGuessesPerIp, check.ip, now);
  try {
    const result = await commitThenRefuse(db, async (trx) => {
      const wrongCode = badRequest(check.wrongCode ?? emailVerification.invalidOtp);
      const rows = await lockUnusedOtps(trx, check.target.userId, check.target.purpose, check.target.recipient);
      const newest = rows[0];
      if (!newest) return check.hideMissing ? wrongCode : badRequest(server.invalidOrExpiredOtp);
      const live = rows.filter((row) => row.attempts < OTP_MAX_ATTEMPTS && row.expires_at.getTime() > now.getTime());
      if (live.length === 0) {
        if (newest.attempts >= OTP_MAX_ATTEMPTS) return tooManyRequests(server.otpTooManyAttempts);
        return check.hideMissing ? wrongCode : badRequest(server.otpExpired);
      }
      const used = live.find((row) => codeMatches(secret, row, check.code));
      if (!used) {
        await countWrongTry(trx, live.map((row) => row.id));
        return live[0].attempts + 1 >= OTP_MAX_ATTEMPTS ? tooManyRequests(server.otpTooManyAttempts) : wrongCode;
      }
      await consumeOtp(trx, used.id, now);
      if (live.length > 1) await retireOtps(trx, check.target.userId, check.target.purpose, now);
      return check.onValid(trx, used);
    });
    await guess.giveBack();
    return result;
  } catch (err) {
    if (!(err instanceof ApiError)) await guess.giveBack();
    throw err;
  }
}

/** Sends a code by SMS (phone) or e-mail (everything else); a sign-up's code names whose sign-up it confirms. */
export function deliverOtp(channels: Pick<AuthDeps, 'email' | 'sms'>, target: OtpTarget, code: string, submission?: SignUpSubmission): Promise<void> {
  const message = otpMessage(target.recipient, target.purpose, code, submission && `${submission.first_name} ${submission.last_name}`);
  return (target.purpose === 'phone_verification' ? channels.sms : channels.email).send(message);
}

/**
 * Issues a code in its own transaction (the user's row locked, so concurrent requests queue) and
 * sends it. An e-mail verification code is for the newest sign-up (what its codes gave), or the
 * account as it is.
 */
export async function sendNewOtp(deps: AuthDeps, target: OtpTarget, now: Date): Promise<void> {
  const { code, submission } = await deps.db.transaction().execute(async (trx) => {
    await lockUser(trx, target.userId);
    const submission = target.purpose === 'email_verification' ? ((await newestSubmission(trx, target.userId)) ?? undefined) : undefined;
    return { code: await issueOtp(trx, deps.config.otpSecret, target, now, { submission }), submission };
  });
  await deliverOtp(deps, target, code, submission);
}
