import type { Ref } from 'react';
import { toast } from 'react-toastify';
import * as M from '../../../shared/messages';
import { OTP_LENGTH } from '../../../shared/limits';
import { messageOf } from '../../api/error-message';
import { Button, CodeInput, type CodeInputHandle } from '../../ui';
import { useResendOtpMutation } from './auth-api';
import { ButtonRow, FormBody } from './auth-parts';

export interface EmailCodeFormProps {
  email: string;
  code: string;
  onCodeChange(code: string): void;
  /** Confirm was pressed (the caller checks the code). */
  onConfirm(code: string): void;
  busy: boolean;
  /** After success: nothing more to enter. */
  done?: boolean;
  /** Inline message under the boxes. */
  error?: string;
  codeRef?: Ref<CodeInputHandle>;
}

/** Six one-digit boxes, Resend (POST /auth/resend-otp/{email}) and Confirm: sign-up step 5 and reset step 2. */
export function EmailCodeForm({ email, code, onCodeChange, onConfirm, busy, done = false, error, codeRef }: EmailCodeFormProps) {
  const [resendOtp, { isLoading: resending }] = useResendOtpMutation();

  const resend = async () => {
    const result = await resendOtp(email);
    if (result.error) toast.error(messageOf(result.error, M.resend.failed));
    else toast.success(M.resend.success);
  };

  return (
    <FormBody
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(code);
      }}
    >
      <CodeInput
        ref={codeRef}
        length={OTP_LENGTH}
        value={code}
        onChange={onCodeChange}
        label="Verification code"
        autoFocus
        disabled={busy || done}
        error={error}
      />
      <ButtonRow>
        <Button variant="secondary" onClick={resend} busy={resending} disabled={done}>Resend</Button>
        <Button type="submit" busy={busy} busyLabel={M.codes.busy} disabled={done}>Confirm</Button>
      </ButtonRow>
    </FormBody>
  );
}
