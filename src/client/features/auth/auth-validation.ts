import * as M from '../../../shared/messages';
import { isEmail } from '../../../shared/validation';

/** The e-mail field left empty. */
export const EMAIL_REQUIRED = 'Please enter your email address';

/**
 * The e-mail rule without Yup (the sign-in form, which '/' loads, so Yup stays in the chunks of
 * sign-up and reset): required once trimmed, then plausible. auth-schema.ts's `emailField` is the
 * same rule for Yup schemas.
 */
export function emailError(value: string | undefined): string | undefined {
  const email = (value ?? '').trim();
  if (!email) return EMAIL_REQUIRED;
  return isEmail(email) ? undefined : M.server.invalidEmail;
}
