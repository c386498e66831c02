import { codes, phone as phoneMessages, server } from '../../../shared/messages';
import { isSixDigitCode } from '../../../shared/validation';
import { badRequest, conflict } from '../../lib/errors';
import { toE164OrRefuse } from '../../lib/phone';
import type { AuthDeps } from './auth.deps';
import { sendNewOtp, useOtp, type OtpTarget } from './otp.service';
import { takeHit, throttles } from './throttle.service';
import { isUniqueViolation, phoneVerifiedByOther, updateUser } from './users.repository';

/**
 * '+', the dial code and the number, in E.164: spaces, dashes and brackets are dropped and so is a
 * trunk prefix after the dial code ('+234 0801 234 5678' is '+2348012345678'); a number that
 * cannot exist is refused with 'Please enter a valid phone number'.
 */
const normalizePhone = (input: string): string => toE164OrRefuse(input);

const phoneTarget = (userId: string, phone: string): OtpTarget => ({ userId, purpose: 'phone_verification', recipient: phone });

async function assertPhoneFree(deps: AuthDeps, phone: string, userId: string): Promise<void> {
  if (await phoneVerifiedByOther(deps.db, phone, userId)) throw conflict(server.phoneInUse);
}

/** POST /auth/send-otp-phone: a code by SMS to a number no other user has verified. */
export async function sendPhoneOtp(deps: AuthDeps, userId: string, phoneNumber: string, now = new Date()): Promise<void> {
  // No number, or only a dial code ('+234'): spec §5's text for a missing number.
  if (!/\d/.test(phoneNumber) || /^\s*\+?\s*\d{1,3}\s*$/.test(phoneNumber)) throw badRequest(phoneMessages.required);
  const phone = normalizePhone(phoneNumber);
  await takeHit(deps.db, throttles.phoneCodesPerUser, userId, now);
  await assertPhoneFree(deps, phone, userId);
  await sendNewOtp(deps, phoneTarget(userId, phone), now);
}

/** POST /auth/verify-phone/{phone_number}: the right code makes the number the user's verified phone. */
export async function verifyPhone(deps: AuthDeps, userId: string, phoneNumber: string, code: string, ip: string, now = new Date()): Promise<void> {
  const phone = normalizePhone(phoneNumber);
  if (!isSixDigitCode(code)) throw badRequest(codes.invalidSixDigitOtp);
  // No look-up before the code: only a code sent to this customer for the number gets as far as
  // saying it is taken (the unique number, below), so a guessed code tells nothing about who holds it.
  try {
    await useOtp(deps.db, deps.config.otpSecret, now, {
      target: phoneTarget(userId, phone),
      code,
      ip,
      wrongCode: phoneMessages.invalidOtp,
      onValid: (trx) => updateUser(trx, userId, { phone_number: phone, is_phone_verified: true }, now),
    });
  } catch (err) {
    // Another user verified the number between our check and the update.
    if (isUniqueViolation(err)) throw conflict(server.phoneInUse);
    throw err;
  }
}
