import * as M from '../../../shared/messages';
import { messageOf } from '../../api/error-message';
import { Button, toast } from '../../ui';
import { useResendVerificationEmailMutation } from './verification-api';
import { VerificationCard } from './verification-card';

/** Not in the spec: what the Email Verification button tells the user after sending a new code. */
export const CHECK_EMAIL = 'We sent a new verification code. Please check your email.';

export function EmailVerification({ email, verified }: { email: string; verified: boolean }) {
  const [resend, { isLoading }] = useResendVerificationEmailMutation();

  const sendCode = async () => {
    const result = await resend(email);
    if (result.data) toast.success(CHECK_EMAIL);
    else toast.error(messageOf(result.error, M.resend.failed));
  };

  return (
    <VerificationCard title="Email Verification" text={email} verified={verified}>
      <Button variant="secondary" onClick={sendCode} busy={isLoading}>
        Verify Email
      </Button>
    </VerificationCard>
  );
}
