import { useFormikContext } from 'formik';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGIN_REDIRECT_DELAY_MS } from '../../../../shared/limits';
import { paths } from '../../../app/paths';
import * as M from '../../../../shared/messages';
import { Button } from '../../../ui';
import { authUiIds, useAuthMode, useBackToSignIn, type AuthLocationState } from '../auth-flow';
import { AuthHeading } from '../auth-parts';
import { EmailCodeForm } from '../email-code-form';
import { useEmailVerification } from '../use-email-verification';
import type { SignUpValues } from './sign-up-form';

/**
 * Step 5 'Confirm Email': the 6-digit code; on success the form resets and /login follows after 2 s
 * with the e-mail filled in. When the address was signed up for with more than one password, none
 * signs in: the step says so and offers the forgot-password flow instead. Step 5 opens right after the sign-up call, which sent a code unless
 * one went out less than the cool-down ago, so Resend counts the full cool-down from then: it
 * never opens before the server would send.
 */
export function ConfirmEmailStep() {
  const { values, resetForm } = useFormikContext<SignUpValues>();
  const [email] = useState(values.email.trim());
  const [openedAt] = useState(() => Date.now());
  const [verified, setVerified] = useState<false | 'sign-in' | 'choose-password'>(false);
  const { codeProps } = useEmailVerification(email, (choosePassword) => {
    resetForm();
    setVerified(choosePassword ? 'choose-password' : 'sign-in');
  });
  const backToSignIn = useBackToSignIn(authUiIds.signUp);
  const [, setMode] = useAuthMode();
  const navigate = useNavigate();

  useEffect(() => {
    if (verified !== 'sign-in') return undefined;
    const timer = setTimeout(() => {
      const state: AuthLocationState = { email };
      // In place of the wizard's history entry (useBackSteps), so Back from /login does not land on it.
      void navigate(paths.login, { state, replace: true });
      backToSignIn();
    }, LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [verified, backToSignIn, navigate, email]);

  return (
    <>
      <AuthHeading title="Confirm Email">
        {verified === 'choose-password'
          ? M.emailVerification.choosePassword
          : verified
            ? 'Your email is verified. Taking you to sign in…'
            : `Enter the 6-digit code sent to ${email}. No code? Choose Resend.`}
      </AuthHeading>
      {verified === 'choose-password' && (
        <Button
          type="button"
          fullWidth
          onClick={() => {
            backToSignIn();
            setMode('forgot-password');
          }}
        >
          Choose a password
        </Button>
      )}
      <EmailCodeForm {...codeProps} email={email} done={verified !== false} cooldownFrom={openedAt} />
    </>
  );
}
