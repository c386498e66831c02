import { useFormik } from 'formik';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import * as Yup from 'yup';
import * as M from '../../../shared/messages';
import { UNVERIFIED_TOAST_MS } from '../../../shared/limits';
import { messageOf, serverMessage } from '../../api/error-message';
import { sessionStarted } from '../../app/session-slice';
import { useAppDispatch } from '../../app/store';
import { Button, PasswordField, TextField, toast } from '../../ui';
import { useLoginMutation, useResendOtpMutation } from './auth-api';
import { authUiIds, useAuthMode, useWizardStep, type AuthLocationState } from './auth-flow';
import { AuthHeading, AuthLink, FormBody, SwitchLine } from './auth-parts';
import { emailField } from './auth-schema';
import { SignInCodeStep } from './sign-in-code-step';

const schema = Yup.object({
  email: emailField,
  password: Yup.string().required(M.password.required),
});

const CODE_STEP = 2;

/** What asking for a code on the way into the code step gave. */
interface CodeRequest {
  sent: boolean;
  /** When a code is known to have gone out (the resend cool-down counts from it), or null. */
  at: number | null;
}

export function SignInForm() {
  const [, setMode] = useAuthMode();
  const [step, setStep] = useWizardStep(authUiIds.signIn);
  const [login] = useLoginMutation();
  const [resendOtp] = useResendOtpMutation();
  const [codeRequest, setCodeRequest] = useState<CodeRequest | null>(null);
  const dispatch = useAppDispatch();
  const location = useLocation();
  const prefilledEmail = (location.state as AuthLocationState | null)?.email ?? '';

  // The code step belongs to the e-mail and password typed here: leaving sign-in starts over.
  useEffect(() => () => setStep(1), [setStep]);

  /**
   * Sign-in does not send a code (the server only refuses), so the code step asks for one through
   * resend. Refused within the cool-down, the code sent less than a cool-down ago is still in the
   * mailbox: no error then, and Resend counts down from now (never earlier than the server allows).
   */
  const requestCode = async (email: string): Promise<CodeRequest> => {
    const result = await resendOtp(email);
    if (!result.error) {
      toast.success(M.resend.success);
      return { sent: true, at: Date.now() };
    }
    if (serverMessage(result.error) === M.server.otpCooldown) return { sent: false, at: Date.now() };
    toast.error(messageOf(result.error, M.resend.failed));
    return { sent: false, at: null };
  };

  const form = useFormik({
    initialValues: { email: prefilledEmail, password: '' },
    validationSchema: schema,
    // Not on blur: with the password focused (as after verification), tapping 'Forgot your
    // password?' would first show 'Please enter your password' above the link and move it away
    // from under the finger. Typing and submitting still validate.
    validateOnBlur: false,
    onSubmit: async ({ email, password }) => {
      const result = await login({ email: email.trim(), password });
      if (result.error) {
        const message = serverMessage(result.error);
        if (message !== M.login.emailNotVerifiedServer) {
          toast.error(message ?? M.login.failed);
          return;
        }
        // Login errors (spec §8): the unverified-email text becomes a 5 s hint, and the code entry opens here.
        toast.error(M.login.emailNotVerified, { autoClose: UNVERIFIED_TOAST_MS });
        setCodeRequest(await requestCode(email.trim()));
        setStep(CODE_STEP);
        return;
      }
      dispatch(sessionStarted(result.data));
      toast.success(M.login.success);
      // The auth screen now sends the signed-in customer on: to the screen they came for, or /dashboard.
    },
  });
  const error = (name: 'email' | 'password') => form.touched[name] && form.errors[name];

  if (step === CODE_STEP && codeRequest && form.values.email.trim()) {
    return (
      <SignInCodeStep
        email={form.values.email.trim()}
        codeSent={codeRequest.sent}
        sentAt={codeRequest.at}
        onVerified={() => {
          setStep(1);
          void form.submitForm();
        }}
        onBack={() => setStep(1)}
      />
    );
  }

  return (
    <>
      <AuthHeading title="Welcome Back">Sign in to your account</AuthHeading>
      <FormBody noValidate onSubmit={form.handleSubmit}>
        <TextField label="Email" type="email" autoComplete="email" {...form.getFieldProps('email')} error={error('email')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          autoFocus={prefilledEmail !== ''}
          {...form.getFieldProps('password')}
          error={error('password')}
        />
        <SwitchLine>
          <AuthLink onFollow={() => setMode('forgot-password')}>Forgot your password?</AuthLink>
        </SwitchLine>
        <Button type="submit" fullWidth busy={form.isSubmitting} busyLabel={M.login.busy}>Sign In</Button>
        <SwitchLine>
          Don&apos;t have an account?
          <AuthLink onFollow={() => setMode('sign-up')}>Sign Up</AuthLink>
        </SwitchLine>
      </FormBody>
    </>
  );
}
