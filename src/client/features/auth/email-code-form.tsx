import type { Ref } from 'react';
import styled from 'styled-components';
import * as M from '../../../shared/messages';
import { OTP_LENGTH } from '../../../shared/limits';
import { messageOf } from '../../api/error-message';
import { Button, CodeInput, type CodeInputHandle, toast } from '../../ui';
import { useResendOtpMutation } from './auth-api';
import { ButtonRow, FormBody } from './auth-parts';
import { useResendCooldown } from './use-resend-cooldown';

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
  /**
   * Count down to the server's resend cool-down: Resend waits until it ends. The value is when the
   * last code was sent (ms since the epoch), or null when none is known to be cooling down; each
   * successful Resend starts the count again. Without it Resend is always open.
   */
  cooldownFrom?: number | null;
  /** A Resend succeeded (a new code is on its way). */
  onResent?(): void;
  /** The code was refused for too many tries: no code can be used, so Resend is open at once (the server sends a new one). */
  codeDead?: boolean;
}

const Countdown = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
  text-align: center;
`;

/** Six one-digit boxes, Resend (POST /auth/resend-otp/{email}) and Confirm: sign-up step 5, the sign-in code step and reset step 2. */
export function EmailCodeForm({
  email, code, onCodeChange, onConfirm, busy, done = false, error, codeRef, cooldownFrom, onResent, codeDead = false,
}: EmailCodeFormProps) {
  const [resendOtp, { isLoading: resending }] = useResendOtpMutation();
  const cooldown = useResendCooldown(cooldownFrom ?? null);
  const waiting = cooldownFrom !== undefined && cooldown.seconds > 0 && !codeDead;

  const resend = async () => {
    const result = await resendOtp(email);
    if (result.error) {
      toast.error(messageOf(result.error, M.resend.failed));
      return;
    }
    toast.success(M.resend.success);
    if (cooldownFrom !== undefined) cooldown.restart();
    onResent?.();
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
        <Button variant="secondary" onClick={resend} busy={resending} disabled={done || waiting}>Resend</Button>
        <Button type="submit" busy={busy} busyLabel={M.codes.busy} disabled={done}>Confirm</Button>
      </ButtonRow>
      {waiting && !done && <Countdown>{M.codes.resendIn(cooldown.seconds)}</Countdown>}
    </FormBody>
  );
}
