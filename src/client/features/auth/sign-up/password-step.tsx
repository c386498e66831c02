import { useFormikContext } from 'formik';
import * as M from '../../../../shared/messages';
import { Button } from '../../../ui';
import { AuthHeading, ButtonRow } from '../auth-parts';
import { canSubmitPassword } from '../auth-schema';
import { NewPasswordFields } from '../new-password-fields';
import type { SignUpValues } from './sign-up-form';

/** Step 4 'Create Password'. */
export function PasswordStep({ onBack }: { onBack(): void }) {
  const { values, isSubmitting } = useFormikContext<SignUpValues>();
  return (
    <>
      <AuthHeading title="Create Password">Choose a strong password for your account.</AuthHeading>
      <NewPasswordFields />
      <ButtonRow>
        <Button variant="secondary" onClick={onBack} disabled={isSubmitting}>Back</Button>
        <Button type="submit" busy={isSubmitting} busyLabel={M.signUp.busy} disabled={!canSubmitPassword(values)}>
          Create Account
        </Button>
      </ButtonRow>
    </>
  );
}
