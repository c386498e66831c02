import { useState } from 'react';
import * as M from '../../../../shared/messages';
import { isSixDigitCode } from '../../../../shared/validation';
import { messageOf, serverMessage } from '../../../api/error-message';
import { useVerifyOtpMutation } from '../auth-api';
import { AuthHeading } from '../auth-parts';
import { EmailCodeForm } from '../email-code-form';
import { toast } from '../../../ui';
import { useCodeEntry } from '../use-code-entry';

/**
 * Step 2 'Confirm email address': the 6-digit reset code (errors as toasts, spec §5). It opens as
 * step 1's code goes out, so Resend waits out the server's cool-down from then, as sign-up's does.
 * A refused code goes as on sign-up's code step (useCodeEntry).
 */
export function ResetCodeStep({ email, onVerified }: { email: string; onVerified(): void }) {
  const { codeProps, refused } = useCodeEntry();
  const [openedAt] = useState(() => Date.now());
  const [verifyOtp, { isLoading }] = useVerifyOtpMutation();

  const confirm = async (otp: string) => {
    if (!isSixDigitCode(otp)) {
      toast.error(M.codes.invalidSixDigitPin);
      return;
    }
    const result = await verifyOtp({ email, otp });
    if (result.error) {
      toast.error(messageOf(result.error, M.forgotPassword.codeFailed));
      refused(serverMessage(result.error));
      return;
    }
    toast.success(M.forgotPassword.codeVerified);
    onVerified();
  };

  return (
    <>
      <AuthHeading title="Confirm email address">{`Enter the 6-digit code we sent to ${email}.`}</AuthHeading>
      <EmailCodeForm {...codeProps} email={email} onConfirm={confirm} busy={isLoading} cooldownFrom={openedAt} />
    </>
  );
}
