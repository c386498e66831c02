import { useFormikContext } from 'formik';
import { Button, TextField } from '../../../ui';
import { AuthHeading } from '../auth-parts';
import type { ForgotPasswordValues } from './forgot-password-values';

/** Step 1 'Reset Password': the account's e-mail. */
export function ResetRequestStep() {
  const { values, isSubmitting, getFieldProps } = useFormikContext<ForgotPasswordValues>();
  return (
    <>
      <AuthHeading title="Reset Password">Enter your email and we will send you a code to reset your password.</AuthHeading>
      <TextField label="Email" type="email" autoComplete="email" {...getFieldProps('email')} />
      <Button type="submit" fullWidth busy={isSubmitting} disabled={!values.email.trim()}>Continue</Button>
    </>
  );
}
