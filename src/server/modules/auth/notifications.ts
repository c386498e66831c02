import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../../shared/product';
import type { OutgoingMessage } from '../../adapters/types';
import type { IdentityDecision, OtpPurpose } from './auth.tables';
import { OTP_TTL_MS } from './rules';

/** The texts of the e-mails and SMS the accounts module sends. */

const OTP_SUBJECTS: Record<OtpPurpose, string> = {
  email_verification: 'Verify your email address',
  password_reset: 'Reset your password',
  phone_verification: 'Verify your phone number',
};

/** A code's message; a sign-up's code says whose sign-up it confirms (the name given with it), so the mailbox's owner can tell their own. */
export function otpMessage(to: string, purpose: OtpPurpose, code: string, signUpName?: string): OutgoingMessage {
  const whose = signUpName ? ` It confirms the sign-up of ${signUpName}.` : '';
  return {
    to,
    subject: `${PRODUCT_NAME}: ${OTP_SUBJECTS[purpose]}`,
    body: `Your ${PRODUCT_NAME} code is ${code}. It expires in ${OTP_TTL_MS / 60_000} minutes.${whose} If you did not ask for it, ignore this message.`,
    otp: code,
  };
}

/**
 * After verifying an address that was signed up for with more than one password: why no password
 * works yet, and how to choose one.
 */
export function contestedSignUpMessage(to: string, firstName: string): OutgoingMessage {
  return {
    to,
    subject: `${PRODUCT_NAME}: Choose your password`,
    body:
      `Hello ${firstName}, your e-mail address is verified. It was used for more than one ${PRODUCT_NAME} sign-up, with different passwords, ` +
      'so to keep your account safe none of those passwords works. Choose your password with "Forgot your password?" on the sign-in screen: ' +
      'the code goes to this mailbox only.',
  };
}

const IDENTITY_OUTCOMES = {
  approved: 'your identity is verified. You can now use every feature of your wallet.',
  declined: 'we could not verify your identity. Please try again with a valid document, or contact support.',
  /** An approved check whose names the account no longer carries (changed while it ran): declined. */
  namesChanged:
    'the name on your account changed while your identity check was running, so it does not verify your account. Please start a new check with your legal name.',
} as const;

/** The e-mail of an identity check's outcome: the provider's decision, or declined because the names changed meanwhile. */
export function identityDecisionMessage(to: string, firstName: string, outcome: keyof typeof IDENTITY_OUTCOMES): OutgoingMessage {
  const decision: IdentityDecision = outcome === 'approved' ? 'approved' : 'declined';
  return { to, subject: `${PRODUCT_NAME}: Identity verification ${decision}`, body: `Hello ${firstName}, ${IDENTITY_OUTCOMES[outcome]}` };
}

export function supportMessage(from: { email: string; phone_number: string; complaint_category: string; complaint: string }): OutgoingMessage {
  return {
    to: SUPPORT_EMAIL,
    subject: `${from.complaint_category} request from ${from.email}`,
    body: `From: ${from.email} (${from.phone_number})\n\n${from.complaint}`,
  };
}
