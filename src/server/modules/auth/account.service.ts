import type { Transaction } from 'kysely';
import { codes, password as passwordMessages, server, signUp as signUpMessages } from '../../../shared/messages';
import type { Req } from '../../../shared/types';
import { isAtLeast18, isEmail, isSixDigitCode, isStrongPassword } from '../../../shared/validation';
import type { Database } from '../../db/schema';
import { ApiError, badRequest, conflict, forbidden } from '../../lib/errors';
import { zoneFormat } from '../../lib/time-zone';
import { assertCountryCodes } from '../countries/countries';
import { createCustomerWallets, renewDepositEmail } from '../ledger/customer-wallets';
import { notifyPasswordChanged } from '../notifications/notify';
import type { AuthDeps } from './auth.deps';
import type { OtpPurpose, SignUpSubmission } from './auth.tables';
import { consumeLiveGrant, retireUserGrants } from './grants.repository';
import { issueGrant } from './grants.service';
import { hasUnusedOtpSince, rebindOtps, retireOtps } from './otp.repository';
import { contestedSignUpMessage } from './notifications';
import { deliverOtp, issueOtp, mayIssueOtp, sendNewOtp, useOtp, type OtpTarget } from './otp.service';
import { hashPassword, passwordMatches } from './passwords';
import { OTP_CAP_WINDOW_MS } from './rules';
import { authenticateHeader, takeFreshPasswordCheck } from './session.service';
import { revokeUserSessions } from './sessions.repository';
import { readServerDate } from './user.dto';
import { findUserByEmail, insertUser, isUniqueViolation, lockUser, updateUser, type UserRow } from './users.repository';

/** A user id no row has: checks against it fail like a wrong code, so unknown e-mails look the same. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

const emailTarget = (user: Pick<UserRow, 'id' | 'email_lower'> | undefined, purpose: OtpPurpose, email: string): OtpTarget => ({
  userId: user?.id ?? NO_USER,
  purpose,
  recipient: user?.email_lower ?? email.trim().toLowerCase(),
});

function assertNewPassword(password: string, confirmation: string): void {
  if (!isStrongPassword(password)) throw badRequest(passwordMessages.rule);
  if (password !== confirmation) throw badRequest(passwordMessages.mismatch);
}

function assertSixDigits(code: string): void {
  if (!isSixDigitCode(code)) throw badRequest(codes.invalidSixDigitPin);
}

/**
 * Today's date where the customer is (`timezone`, the device's zone the app sends), as a local
 * midnight Date for ageOn; the server's own date without one. A Lagos customer whose 18th
 * birthday began there is not refused because it is still the day before on the server.
 */
function dateIn(timezone: string | undefined, now: Date): Date {
  if (timezone === undefined) return now;
  const parts = zoneFormat(timezone, { year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(now);
  const part = (type: 'year' | 'month' | 'day') => Number(parts.find((p) => p.type === type)?.value);
  return new Date(part('year'), part('month') - 1, part('day'));
}

/** The sign-up form checked and normalized, as the user row's values. */
function newUserValues(body: Req<'signUp'>, now: Date) {
  const email = body.email.trim();
  if (!isEmail(email)) throw badRequest(server.invalidEmail);
  const firstName = body.legal_first_name.trim();
  const lastName = body.legal_last_name.trim();
  if (!firstName || !lastName) throw badRequest(server.namesRequired);
  const nationality = body.nationality.trim().toUpperCase();
  const residence = body.country_of_residence.trim().toUpperCase();
  assertCountryCodes(nationality, residence);
  const dob = readServerDate(body.date_of_birth);
  if (!dob || dob.date.getFullYear() < 1900 || dob.date.getTime() > now.getTime()) throw badRequest(server.invalidDate);
  if (!isAtLeast18(dob.date, dateIn(body.timezone, now))) throw badRequest(signUpMessages.underAge);
  assertNewPassword(body.password, body.confirm_password);
  return {
    email,
    email_lower: email.toLowerCase(),
    first_name: firstName,
    last_name: lastName,
    dob: dob.iso,
    nationality,
    country_of_residence: residence,
    address: body.address.trim(),
  };
}

/** A sign-up's password hash and details, as its e-mail code gives them to the account. */
const submissionOf = (values: ReturnType<typeof newUserValues>, passwordHash: string): SignUpSubmission => ({
  password_hash: passwordHash,
  first_name: values.first_name,
  last_name: values.last_name,
  dob: values.dob,
  nationality: values.nationality,
  country_of_residence: values.country_of_residence,
  address: values.address,
});

/**
 * Creates the account, its wallets and the first e-mail code in one transaction, then sends the
 * code. An e-mail already verified (any case) is refused. An unverified one is told to request a
 * new code, and gets a code of its own (see replaceUnverifiedSignUp).
 */
export async function signUp(deps: AuthDeps, body: Req<'signUp'>, now = new Date()): Promise<void> {
  const values = newUserValues(body, now);
  const existing = await findUserByEmail(deps.db, values.email);
  if (existing?.is_email_verified) throw conflict(server.userExists);
  const passwordHash = await hashPassword(body.password, deps.config.passwordCost);
  const submission = submissionOf(values, passwordHash);
  if (existing) return replaceUnverifiedSignUp(deps, existing, body.password, { ...values, password_hash: passwordHash }, now);
  let created: { user: UserRow; code: string };
  try {
    created = await deps.db.transaction().execute(async (trx) => {
      const user = await insertUser(trx, { ...values, password_hash: passwordHash, created_at: now, updated_at: now });
      await createCustomerWallets(trx, user);
      const code = await issueOtp(trx, deps.config.otpSecret, emailTarget(user, 'email_verification', user.email), now, { submission });
      return { user, code };
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // A concurrent sign-up with the same e-mail won the insert: treat this one as a repeat.
    const winner = await findUserByEmail(deps.db, values.email);
    if (!winner || winner.is_email_verified) throw conflict(server.userExists);
    return replaceUnverifiedSignUp(deps, winner, body.password, { ...values, password_hash: passwordHash }, now);
  }
  await deliverOtp(deps, emailTarget(created.user, 'email_verification', created.user.email), created.code, submission);
}

/**
 * Signing up again before verifying. The codes of a sign-up go to the mailbox, whose owner cannot
 * tell them from the codes of another sign-up with the same address (the e-mail names whose
 * sign-up each confirms); so each code gives the account the details it was sent for
 * (`otps.submission`), whichever is used, and a sign-up never takes over another's code.
 * - The same password (the same person correcting a typo): the account takes the new details at
 *   once (and a deposit address from the new names); earlier reset codes, grants and sessions end;
 *   the codes already sent for that password now confirm the new details, and a fresh one is sent
 *   unless the resend cool-down or the hourly cap forbids it.
 * - Another password (someone else, or an abandoned sign-up): the account is left as it is but
 *   marked contested; this sign-up gets a code of its own, whatever the cool-down of the others'
 *   (under the hourly cap), and the codes of the other sign-ups stay usable. The code used decides
 *   the account's details, and no sign-up's password is kept (verifyEmail): a stranger who signed
 *   up first, or after the owner with the owner's own name, cannot have the owner verify the
 *   stranger's password by using the code the owner cannot tell from their own.
 * Always answers 409 'Request a new OTP to verify' (spec §4: the client moves to the code step).
 */
async function replaceUnverifiedSignUp(
  deps: AuthDeps,
  found: UserRow,
  password: string,
  changes: ReturnType<typeof newUserValues> & { password_hash: string },
  now: Date,
): Promise<never> {
  // Compared before the row is locked (argon2 takes a while), and the hash checked again under it.
  const samePassword = await passwordMatches(found.password_hash, password);
  const sent = await deps.db.transaction().execute(async (trx) => {
    const user = await lockUser(trx, found.id);
    if (!user || user.is_email_verified) throw conflict(server.userExists);
    const target = emailTarget(user, 'email_verification', changes.email);
    if (samePassword && user.password_hash === found.password_hash) {
      const submission = submissionOf(changes, user.password_hash);
      const { password_hash: _kept, ...details } = changes;
      await updateUser(trx, user.id, details, now);
      await renewDepositEmail(trx, user.id, changes);
      await retireOtps(trx, user.id, 'password_reset', now);
      await retireUserGrants(trx, user.id, now);
      await revokeUserSessions(trx, user.id, null, now);
      await rebindOtps(trx, user.id, submission);
      if (!(await mayIssueOtp(trx, target, now))) return null;
      return { target, submission, code: await issueOtp(trx, deps.config.otpSecret, target, now, { submission }) };
    }
    const submission = submissionOf(changes, changes.password_hash);
    const options = { submission, cooldown: false };
    // From now on no password of a sign-up is kept when the e-mail is verified (verifyEmail).
    if (!user.sign_up_contested) await updateUser(trx, user.id, { sign_up_contested: true }, now);
    if (!(await mayIssueOtp(trx, target, now, options))) return null;
    return { target, submission, code: await issueOtp(trx, deps.config.otpSecret, target, now, options) };
  });
  if (sent) await deliverOtp(deps, sent.target, sent.code, sent.submission);
  throw conflict(server.userExistsUnverified);
}

/**
 * POST /auth/verify-email: the code verifies the e-mail and gives the account the details of the
 * sign-up it was sent for. Its password too, unless the address was signed up for with more than
 * one password (contested): then none is kept (the mailbox's owner cannot know whose code they
 * used), earlier reset codes, grants and sessions end, and an e-mail asks the owner to choose a
 * password with Forgot password; the answer says so (`data.choose_password`).
 */
export async function verifyEmail(deps: AuthDeps, email: string, code: string, ip: string, now = new Date()): Promise<{ choosePassword: boolean }> {
  assertSixDigits(code);
  const user = await findUserByEmail(deps.db, email.trim());
  if (user?.is_email_verified) throw conflict(server.emailAlreadyVerified);
  const target = emailTarget(user, 'email_verification', email);
  const contested = await useOtp(deps.db, deps.config.otpSecret, now, {
    target,
    code,
    ip,
    onValid: async (trx, used) => {
      const account = await lockUser(trx, target.userId);
      const submission = used.submission;
      if (!account || !submission) {
        await updateUser(trx, target.userId, { is_email_verified: true }, now);
        return null;
      }
      const contested = account.sign_up_contested || submission.password_hash !== account.password_hash;
      const password_hash = contested ? NO_PASSWORD : submission.password_hash;
      await updateUser(trx, account.id, { ...submission, password_hash, is_email_verified: true, sign_up_contested: false }, now);
      if (submission.first_name !== account.first_name || submission.last_name !== account.last_name) await renewDepositEmail(trx, account.id, submission);
      if (password_hash !== account.password_hash) {
        await retireOtps(trx, account.id, 'password_reset', now);
        await retireUserGrants(trx, account.id, now);
        await revokeUserSessions(trx, account.id, null, now);
      }
      return contested ? { to: account.email, firstName: submission.first_name } : null;
    },
  });
  if (contested) await deps.email.send(contestedSignUpMessage(contested.to, contested.firstName));
  return { choosePassword: contested !== null };
}

/** A password hash no password matches (not argon2's format): the account's owner sets one with a reset code. */
const NO_PASSWORD = '!none: set with Forgot password';

/**
 * Sends a new code for what the address is waiting for. An unverified address gets an e-mail
 * verification code (the sign-up code step), plus a new reset code when a reset was asked within
 * the hour (the reset screen; skipped within its own cool-down). A verified address gets a new
 * reset code when a reset was asked within the hour. Otherwise, and for unknown addresses, the
 * answer is the same and nothing is sent.
 */
export async function resendOtp(deps: AuthDeps, email: string, now = new Date()): Promise<void> {
  const user = await findUserByEmail(deps.db, email.trim());
  if (!user) return;
  const resetPending = await hasUnusedOtpSince(deps.db, user.id, 'password_reset', new Date(now.getTime() - OTP_CAP_WINDOW_MS));
  const resetTarget = emailTarget(user, 'password_reset', user.email);
  if (user.is_email_verified) {
    if (resetPending) await sendNewOtp(deps, resetTarget, now);
    return;
  }
  await sendNewOtp(deps, emailTarget(user, 'email_verification', user.email), now);
  if (!resetPending) return;
  try {
    await sendNewOtp(deps, resetTarget, now);
  } catch (err) {
    // The reset code's own cool-down: the verification code went out, which is what this answers.
    if (!(err instanceof ApiError && err.statusCode === 429)) throw err;
  }
}

/** Sends a reset code; the answer never tells whether the address has an account. */
export async function forgotPassword(deps: AuthDeps, email: string, now = new Date()): Promise<void> {
  if (!isEmail(email.trim())) throw badRequest(server.invalidEmail);
  const user = await findUserByEmail(deps.db, email.trim());
  if (!user) return;
  try {
    await sendNewOtp(deps, emailTarget(user, 'password_reset', user.email), now);
  } catch (err) {
    // A cool-down or cap refusal would reveal the account; the earlier code is still on its way.
    if (!(err instanceof ApiError && err.statusCode === 429)) throw err;
  }
}

/**
 * A right reset code grants one password reset within 10 minutes to this client address (`ip`,
 * the request's), and proves the e-mail: an unverified account becomes verified and keeps no password
 * (its sign-up's may be a stranger's), so the reset that follows sets the owner's. A wrong, missing or
 * expired code, or an unknown address,
 * all answer 'Invalid OTP!', like forgot-password the answer does not tell who has an account.
 */
export async function verifyResetOtp(deps: AuthDeps, email: string, code: string, ip: string, now = new Date()): Promise<void> {
  assertSixDigits(code);
  const target = emailTarget(await findUserByEmail(deps.db, email.trim()), 'password_reset', email);
  await useOtp(deps.db, deps.config.otpSecret, now, {
    target,
    code,
    ip,
    hideMissing: true,
    onValid: async (trx) => {
      await issueGrant(trx, target.userId, 'password_reset', now, { clientIp: ip });
      const account = await lockUser(trx, target.userId);
      if (!account || account.is_email_verified) return;
      // The code proves the mailbox, not the password an unverified sign-up chose (anyone's, maybe
      // a stranger's): the e-mail is verified and no password is kept; the reset sets the owner's.
      await updateUser(trx, account.id, { is_email_verified: true, password_hash: NO_PASSWORD, sign_up_contested: false }, now);
      await retireOtps(trx, account.id, 'email_verification', now);
      await revokeUserSessions(trx, account.id, null, now);
    },
  });
}

export interface ResetPasswordInput {
  email: string;
  newPassword: string;
  confirmation: string;
  authorization?: string;
  /** The client address (request.ip): a reset grant is usable only from the address it was issued to. */
  ip: string;
}

/**
 * Sets a new password with a fresh reset grant issued to this client address (forgot-password)
 * or, signed in as that user, with a fresh password check of this session (profile change, which
 * keeps this session). Every other session of the user is revoked, and the 'password changed'
 * e-mail is recorded with the change. Answers which of the two allowed it.
 */
export async function resetPassword(deps: AuthDeps, input: ResetPasswordInput, now = new Date()): Promise<'session' | 'reset'> {
  assertNewPassword(input.newPassword, input.confirmation);
  const user = await findUserByEmail(deps.db, input.email.trim());
  const caller = await authenticateHeader(deps.db, deps.config.jwtSecret, input.authorization, now);
  const keepSession = user && caller?.userId === user.id ? caller.sessionId : null;
  const passwordHash = await hashPassword(input.newPassword, deps.config.passwordCost);
  return deps.db.transaction().execute(async (trx) => {
    const allowedBy = user ? await mayResetPassword(trx, user, keepSession, input.ip, now) : null;
    if (!user || !allowedBy) {
      throw keepSession ? forbidden(server.passwordCheckRequired) : forbidden(server.resetNotAllowed);
    }
    await updateUser(trx, user.id, { password_hash: passwordHash }, now);
    await revokeUserSessions(trx, user.id, keepSession, now);
    await notifyPasswordChanged(trx, user.id, now);
    return allowedBy;
  });
}

/** What allows this password change: the session's fresh password check, a live reset grant, or nothing (null). */
async function mayResetPassword(trx: Transaction<Database>, user: UserRow, sessionId: string | null, ip: string, now: Date): Promise<'session' | 'reset' | null> {
  if (sessionId && (await takeFreshPasswordCheck(trx, sessionId, now))) return 'session';
  return (await consumeLiveGrant(trx, user.id, 'password_reset', now, { clientIp: ip })) ? 'reset' : null;
}
