import { useRef, useState } from 'react';
import * as M from '../../../../shared/messages';
import { isSixDigitCode } from '../../../../shared/validation';
import { messageOf, serverMessage } from '../../../api/error-message';
import { useVerifyOtpMutation } from '../auth-api';
import { AuthHeading } from '../auth-parts';
import { EmailCodeForm } from '../email-code-form';
import { toast, type CodeInputHandle } from '../../../ui';

/**
 * Step 2 'Confirm email address': the 6-digit reset code (errors as toasts, spec §5). It opens as
 * step 1's code goes out, so Resend waits out the server's cool-down from then, as sign-up's does.
 * A refused code clears the boxes and focuses box 1, as sign-up's code step does (spec §4).
 */
export function ResetCodeStep({ email, onVerified }: { email: string; onVerified(): void }) {
  const [code, setCode] = useState('');
  const [openedAt] = useState(() => Date.now());
  const codeRef = useRef<CodeInputHandle>(null);
  /** The code was refused for too many tries: a new one may be asked for at once. */
  const [codeDead, setCodeDead] = useState(false);
  const [verifyOtp, { isLoading }] = useVerifyOtpMutation();

  const confirm = async (otp: string) => {
    if (!isSixDigitCode(otp)) {
      toast.error(M.codes.invalidSixDigitPin);
      return;
    }
    const result = await verifyOtp({ email, otp });
    if (result.error) {
      toast.error(messageOf(result.error, M.forgotPassword.codeFailed));
      setCodeDead(serverMessage(result.error) === M.server.otpTooManyAttempts);
      setCode('');
      codeRef.current?.focusFirst();
      return;
    }
    toast.success(M.forgotPassword.codeVerified);
    onVerified();
  };

  return (
    <>
      <AuthHeading title="Confirm email address">{`Enter the 6-digit code we sent to ${email}.`}</AuthHeading>
      <EmailCodeForm
        codeRef={codeRef}
        email={email}
        code={code}
        onCodeChange={setCode}
        onConfirm={confirm}
        busy={isLoading}
        cooldownFrom={openedAt}
        codeDead={codeDead}
        onResent={() => setCodeDead(false)}
      />
    </>
  );
}
