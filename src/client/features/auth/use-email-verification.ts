import { useRef, useState } from 'react';
import * as M from '../../../shared/messages';
import type { Res } from '../../../shared/types';
import { isSixDigitCode } from '../../../shared/validation';
import { isHttpError, serverMessage } from '../../api/error-message';
import type { CodeInputHandle } from '../../ui';
import { useVerifyEmailMutation } from './auth-api';
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
 * and as a toast, clears the boxes and focuses box 1 (spec §4, §8), and a code out of tries opens
 * Resend at once (`codeDead`, until `codeResent`); success toasts and calls
 * `onVerified`, told whether the customer must choose a password (the address was signed up for
 * with more than one, so none signs in).
 */
export function useEmailVerification(email: string, onVerified: (choosePassword: boolean) => void) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  /** The code was refused for too many tries: a new one may be asked for at once. */
  const [codeDead, setCodeDead] = useState(false);
  const codeRef = useRef<CodeInputHandle>(null);
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
      toast.success(M.emailVerification.success);
      onVerified(result.data?.data?.choose_password === true);
      return;
    }
    setError(failure);
    setCodeDead(failure === M.server.otpTooManyAttempts);
    toast.error(failure);
    setCode('');
    codeRef.current?.focusFirst();
  };

  return { code, setCode, error, confirm, busy: isLoading, codeRef, codeDead, codeResent: () => setCodeDead(false) };
}
