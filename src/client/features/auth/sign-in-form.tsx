import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import * as M from '../../../shared/messages';
import { UNVERIFIED_TOAST_MS } from '../../../shared/limits';
import { messageOf, serverMessage } from '../../api/error-message';
import { sessionStarted } from '../../app/session-slice';
import { useAppDispatch } from '../../app/store';
import { Button, loadToasts, LoadingText, PasswordField, TextField, toast } from '../../ui';
import { useLoginMutation, useResendOtpMutation } from './auth-api';
import { authUiIds, useAuthMode, useWizardStep, type AuthLocationState } from './auth-flow';
import { AuthHeading, AuthLink, FormBody, SwitchLine } from './auth-parts';
import { emailError } from './auth-validation';

// The e-mail code step is for an unverified e-mail only: its code (the code boxes, Resend's
// count-down) loads when sign-in finds one, not with '/'.
const loadCodeStep = () => import(/* webpackChunkName: "sign-in-code" */ './sign-in-code-step');
const SignInCodeStep = lazy(() => loadCodeStep().then((module) => ({ default: module.SignInCodeStep })));

interface SignInValues {
  email: string;
  password: string;
}

type Field = keyof SignInValues;
type FieldErrors = Partial<Record<Field, string>>;

function validate({ email, password }: SignInValues): FieldErrors {
  const errors: FieldErrors = {};
  const emailProblem = emailError(email);
  if (emailProblem) errors.email = emailProblem;
  if (!password) errors.password = M.password.required;
  return errors;
}

/**
 * The two fields' state, with the rules the app's Formik forms follow: typing validates, leaving a
 * field marks it touched without validating (see below), submitting touches and validates both,
 * and an error shows once its field is touched. Not Formik itself: '/' loads this form, and Formik
 * with its lodash parts is 11 KiB of gzip, nor Yup (another 11 KiB) for two required fields.
 * Leaving a field does not validate: with the password focused (as after verification), tapping
 * 'Forgot your password?' would first show 'Please enter your password' above the link and move it
 * away from under the finger.
 */
function useCredentials(initial: SignInValues, onSubmit: (values: SignInValues) => Promise<void>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  // The values as typed so far, for a submit that follows a change before it re-renders.
  const current = useRef(values);

  const submit = async () => {
    setTouched({ email: true, password: true });
    const found = validate(current.current);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      await onSubmit(current.current);
    } finally {
      setSubmitting(false);
    }
  };

  /** Values the fields already hold: typed into the prerendered form before its script ran. */
  const adopt = useCallback((typed: Partial<SignInValues>) => {
    current.current = { ...current.current, ...typed };
    setValues(current.current);
  }, []);

  const fieldProps = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      current.current = { ...current.current, [name]: event.target.value };
      setValues(current.current);
      setErrors(validate(current.current));
    },
    onBlur: () => setTouched((was) => ({ ...was, [name]: true })),
  });

  return {
    values,
    submitting,
    submit,
    adopt,
    fieldProps,
    error: (name: Field) => (touched[name] ? errors[name] : undefined),
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void submit();
    },
  };
}

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

  const form = useCredentials({ email: prefilledEmail, password: '' }, async ({ email, password }) => {
    // Every answer is told in a toast: react-toastify loads beside the call (ui/toast.ts).
    void loadToasts();
    const result = await login({ email: email.trim(), password });
    if (result.error) {
      const message = serverMessage(result.error);
      if (message !== M.login.emailNotVerifiedServer) {
        toast.error(message ?? M.login.failed);
        return;
      }
      // Login errors (spec §8): the unverified-email text becomes a 5 s hint, and the code entry opens here.
      toast.error(M.login.emailNotVerified, { autoClose: UNVERIFIED_TOAST_MS });
      void loadCodeStep();
      setCodeRequest(await requestCode(email.trim()));
      setStep(CODE_STEP);
      return;
    }
    dispatch(sessionStarted(result.data));
    toast.succeeded(M.login.success);
    // The auth screen now sends the signed-in customer on: to the screen they came for, or /dashboard.
  });

  // '/' is prerendered: a customer may type before the script has run. What the browser's fields
  // hold then is theirs; the form takes it over once hydrated (else the first Sign In would empty
  // the fields and call them empty).
  const fields = useRef<HTMLFormElement>(null);
  const { adopt } = form;
  useEffect(() => {
    const typed: Partial<SignInValues> = {};
    for (const name of ['email', 'password'] as const) {
      const input = fields.current?.elements.namedItem(name);
      if (input instanceof HTMLInputElement && input.value !== '') typed[name] = input.value;
    }
    if (Object.keys(typed).length > 0) adopt(typed);
  }, [adopt]);

  if (step === CODE_STEP && codeRequest && form.values.email.trim()) {
    return (
      <Suspense fallback={<LoadingText>Loading…</LoadingText>}>
        <SignInCodeStep
          email={form.values.email.trim()}
          codeSent={codeRequest.sent}
          sentAt={codeRequest.at}
          onVerified={(choosePassword) => {
            setStep(1);
            // No password of the address signs in (it was signed up for with several): reset one.
            if (choosePassword) {
              toast.info(M.emailVerification.choosePassword, { autoClose: false });
              setMode('forgot-password');
              return;
            }
            void form.submit();
          }}
          onBack={() => setStep(1)}
        />
      </Suspense>
    );
  }

  return (
    <>
      <AuthHeading title="Welcome Back">Sign in to your account</AuthHeading>
      {/* '/' shows this form before its script has run (the build's prerender): method="dialog"
          makes a submit then do nothing, where the default (GET) would put the password in the
          address. Once hydrated, onSubmit handles every submit. */}
      <FormBody ref={fields} method="dialog" noValidate onSubmit={form.onSubmit}>
        <TextField label="Email" type="email" autoComplete="email" {...form.fieldProps('email')} error={form.error('email')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          autoFocus={prefilledEmail !== ''}
          {...form.fieldProps('password')}
          error={form.error('password')}
        />
        <SwitchLine>
          <AuthLink onFollow={() => setMode('forgot-password')}>Forgot your password?</AuthLink>
        </SwitchLine>
        <Button type="submit" fullWidth busy={form.submitting} busyLabel={M.login.busy}>Sign In</Button>
        <SwitchLine>
          Don&apos;t have an account?
          <AuthLink onFollow={() => setMode('sign-up')}>Sign Up</AuthLink>
        </SwitchLine>
      </FormBody>
    </>
  );
}
