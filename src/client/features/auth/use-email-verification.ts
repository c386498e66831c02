import { useState } from 'react';
import * as M from '../../../shared/messages';
import type { Res } from '../../../shared/types';
import { isSixDigitCode } from '../../../shared/validation';
import { isHttpError, serverMessage } from '../../api/error-message';
import { useVerifyEmailMutation } from './auth-api';
import { useCodeEntry } from './use-code-entry';
import { toast } from '../../ui';

type VerifyResult = { data: Res<'verifyEmail'>; error?: undefined } | { data?: undefined; error: Parameters<typeof isHttpError>[0] };

/** Spec §8: success is the exact message; an HTTP refusal shows its message or 'Invalid OTP!'; anything else 'OTP confirmation failed'. */
function verifyFailure(result: VerifyResult): string | null {
  if (result.data) return result.data.message === M.emailVerification.success ? null : result.data.message || M.emailVerification.invalidOtp;
  return isHttpError(result.error) ? (serverMessage(result.error) ?? M.emailVerification.invalidOtp) : M.emailVerification.failed;
}

/**
 * The e-mail code of `email` (POST /auth/verify-email/{email}) for an EmailCodeForm: sign-up step 5
 * and the sign-in code step. A short code is refused inline without a call; a refusal shows inline
 * and as a toast, and the boxes take it as useCodeEntry says (spec §4, §8); success toasts and calls
 * `onVerified`, told whether the customer must choose a password (the address was signed up for
 * with more than one, so none signs in).
 */
export function useEmailVerification(email: string, onVerified: (choosePassword: boolean) => void) {
  const entry = useCodeEntry();
  const [error, setError] = useState<string>();
  const [verifyEmail, { isLoading }] = useVerifyEmailMutation();

  const confirm = async (otp: string) => {
    if (!isSixDigitCode(otp)) {
      setError(M.codes.invalidSixDigitPin);
      return;
    }
    setError(undefined);
    const result = await verifyEmail({ email, otp });
    const failure = verifyFailure(result);
    if (failure === null) {
      toast.succeeded(M.emailVerification.success);
      onVerified(result.data?.data?.choose_password === true);
      return;
    }
    setError(failure);
    toast.error(failure);
    entry.refused(failure);
  };

  /** Every EmailCodeForm prop but `email` and the step's own (cool-down, done). */
  return { codeProps: { ...entry.codeProps, error, onConfirm: confirm, busy: isLoading } };
}
