import { useRef, useState, type FormEvent } from 'react';
import * as M from '../../../shared/messages';
import { OTP_LENGTH } from '../../../shared/limits';
import { isSixDigitCode } from '../../../shared/validation';
import { isHttpError, messageOf } from '../../api/error-message';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, selectIsDialogOpen } from '../../app/ui-slice';
import { Button, CodeInput, type CodeInputHandle, Modal, refused, Stack, toast } from '../../ui';
import { useVerifyPhoneMutation } from './verification-api';
import { verificationIds } from './verification-ids';

/** Dialog 2 of the phone flow: the 6-digit SMS code, sent as soon as the sixth digit is typed. */
export function PhoneCodeDialog({ phoneNumber }: { phoneNumber: string }) {
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => selectIsDialogOpen(state, verificationIds.phoneCodeDialog));
  const close = () => dispatch(dialogClosed(verificationIds.phoneCodeDialog));
  return (
    <Modal open={open} onClose={close} title="Enter Verification Code"
      description={`Enter the ${OTP_LENGTH}-digit code we sent to ${phoneNumber}.`}>
      <PhoneCodeForm phoneNumber={phoneNumber} onVerified={close} />
    </Modal>
  );
}

function PhoneCodeForm({ phoneNumber, onVerified }: { phoneNumber: string; onVerified(): void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const boxes = useRef<CodeInputHandle>(null);
  const [verifyPhone, { isLoading }] = useVerifyPhoneMutation();

  const verify = async (otp: string) => {
    if (!isSixDigitCode(otp)) {
      setError(M.codes.invalidSixDigitOtp);
      refused(M.codes.invalidSixDigitOtp);
      return;
    }
    setError(null);
    const result = await verifyPhone({ phone_number: phoneNumber, otp });
    if (result.data?.message === M.phone.verified) {
      toast.success(M.phone.verified);
      onVerified();
    } else {
      // Spec §8: the server's message when it gave one; else 'Invalid OTP' when the server refused the
      // code (an HTTP answer), 'Verification failed' when there was no answer (network, timeout).
      const refused = isHttpError(result.error) || result.data !== undefined;
      const fallback = refused ? M.phone.invalidOtp : M.phone.verificationFailed;
      toast.error(result.data?.message || messageOf(result.error, fallback));
      setCode('');
      boxes.current?.focusFirst();
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void verify(code);
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <CodeInput ref={boxes} length={OTP_LENGTH} label="Verification code" value={code} onChange={setCode}
          onComplete={verify} autoFocus disabled={isLoading} error={error} />
        <Button type="submit" fullWidth busy={isLoading}>Verify</Button>
      </Stack>
    </form>
  );
}
