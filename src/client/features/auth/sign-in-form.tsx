import { useFormik } from 'formik';
import { useLocation, useNavigate, type Path } from 'react-router-dom';
import { toast } from 'react-toastify';
import * as Yup from 'yup';
import * as M from '../../../shared/messages';
import { UNVERIFIED_TOAST_MS } from '../../../shared/limits';
import { serverMessage } from '../../api/error-message';
import { paths } from '../../app/paths';
import { sessionStarted } from '../../app/session-slice';
import { useAppDispatch } from '../../app/store';
import { Button, PasswordField, TextField } from '../../ui';
import { useLoginMutation } from './auth-api';
import { useAuthMode } from './auth-flow';
import { AuthHeading, AuthLink, FormBody, SwitchLine } from './auth-parts';
import { emailField } from './auth-schema';

const schema = Yup.object({
  email: emailField,
  password: Yup.string().required(M.password.required),
});

/** Login errors (spec §8): the unverified-email text becomes a 5 s hint, other server texts show as given. */
function loginErrorToast(message: string | undefined): void {
  if (message === M.login.emailNotVerifiedServer) toast.error(M.login.emailNotVerified, { autoClose: UNVERIFIED_TOAST_MS });
  else toast.error(message ?? M.login.failed);
}

export function SignInForm() {
  const [, setMode] = useAuthMode();
  const [login] = useLoginMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: Partial<Path> } | null)?.from;

  const form = useFormik({
    initialValues: { email: '', password: '' },
    validationSchema: schema,
    onSubmit: async ({ email, password }) => {
      const result = await login({ email: email.trim(), password });
      if (result.error) {
        loginErrorToast(serverMessage(result.error));
        return;
      }
      dispatch(sessionStarted(result.data));
      toast.success(M.login.success);
      await navigate(from ?? paths.dashboard, { replace: true });
    },
  });
  const error = (name: 'email' | 'password') => form.touched[name] && form.errors[name];

  return (
    <>
      <AuthHeading title="Welcome Back">Sign in to your account</AuthHeading>
      <FormBody noValidate onSubmit={form.handleSubmit}>
        <TextField label="Email" type="email" autoComplete="email" {...form.getFieldProps('email')} error={error('email')} />
        <PasswordField label="Password" autoComplete="current-password" {...form.getFieldProps('password')} error={error('password')} />
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
