import { useFormikContext } from 'formik';
import { Button } from '../../../ui';
import { AuthHeading } from '../auth-parts';
import { canSubmitPassword } from '../auth-schema';
import { NewPasswordFields } from '../new-password-fields';
import type { ForgotPasswordValues } from './forgot-password-values';

/** Step 3 'Create Password': the new password. */
export function ResetPasswordStep() {
  const { values, isSubmitting } = useFormikContext<ForgotPasswordValues>();
  return (
    <>
      <AuthHeading title="Create Password">Choose a new password for your account.</AuthHeading>
      <NewPasswordFields passwordLabel="New password" />
      <Button type="submit" fullWidth busy={isSubmitting} disabled={!canSubmitPassword(values)}>Reset Password</Button>
    </>
  );
}
