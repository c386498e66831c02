import { useFormikContext } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import * as M from '../../../../shared/messages';
import { LOGIN_REDIRECT_DELAY_MS } from '../../../../shared/limits';
import type { Res } from '../../../../shared/types';
import { isSixDigitCode } from '../../../../shared/validation';
import { isHttpError, serverMessage } from '../../../api/error-message';
import { paths } from '../../../app/paths';
import type { CodeInputHandle } from '../../../ui';
import { useVerifyEmailMutation } from '../auth-api';
import { authUiIds, useBackToSignIn } from '../auth-flow';
import { AuthHeading } from '../auth-parts';
import { EmailCodeForm } from '../email-code-form';
import type { SignUpValues } from './sign-up-form';

type VerifyResult = { data: Res<'verifyEmail'>; error?: undefined } | { data?: undefined; error: Parameters<typeof isHttpError>[0] };

/** Spec §8: success is the exact message; an HTTP refusal shows its message or 'Invalid OTP!'; anything else 'OTP confirmation failed'. */
function verifyFailure(result: VerifyResult): string | null {
  if (result.data) return result.data.message === M.emailVerification.success ? null : result.data.message || M.emailVerification.invalidOtp;
  return isHttpError(result.error) ? (serverMessage(result.error) ?? M.emailVerification.invalidOtp) : M.emailVerification.failed;
}

/** Step 5 'Confirm Email': the 6-digit code; on success the form resets and /login follows after 2 s. */
export function ConfirmEmailStep() {
  const { values, resetForm } = useFormikContext<SignUpValues>();
  const [email] = useState(values.email.trim());
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [verified, setVerified] = useState(false);
  const codeRef = useRef<CodeInputHandle>(null);
  const [verifyEmail, { isLoading }] = useVerifyEmailMutation();
  const backToSignIn = useBackToSignIn(authUiIds.signUp);
  const navigate = useNavigate();

  useEffect(() => {
    if (!verified) return undefined;
    const timer = setTimeout(() => {
      backToSignIn();
      void navigate(paths.login);
    }, LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [verified, backToSignIn, navigate]);

  const confirm = async (otp: string) => {
    if (!isSixDigitCode(otp)) {
      setError(M.codes.invalidSixDigitPin);
      return;
    }
    setError(undefined);
    const failure = verifyFailure(await verifyEmail({ email, otp }));
    if (failure === null) {
      toast.success(M.emailVerification.success);
      resetForm();
      setVerified(true);
      return;
    }
    setError(failure);
    toast.error(failure);
    setCode('');
    codeRef.current?.focusFirst();
  };

  return (
    <>
      <AuthHeading title="Confirm Email">
        {verified ? 'Your email is verified. Taking you to sign in…' : `Enter the 6-digit code sent to ${email}. No code? Choose Resend.`}
      </AuthHeading>
      <EmailCodeForm
        email={email}
        code={code}
        onCodeChange={setCode}
        onConfirm={confirm}
        busy={isLoading}
        done={verified}
        error={error}
        codeRef={codeRef}
      />
    </>
  );
}
