import { useRef, useState, type FormEvent } from 'react';
import * as M from '../../../shared/messages';
import { isFourDigitPin } from '../../../shared/validation';
import { messageOf } from '../../api/error-message';
import { Button, type CodeInputHandle, FormError, Modal, PinInput, refused, Stack, toast } from '../../ui';
import { useChangeTransactionPinMutation } from './profile-api';
import { profileDialogs, useProfileDialog } from './profile-dialogs';

/**
 * Change Transaction PIN (after Verify Password): new and confirm, 4 digits each (spec §5), in the
 * PIN boxes of the set-PIN dialog; the new PIN's last digit moves on to the confirmation's boxes.
 */
export function ChangePinDialog() {
  const { open, close } = useProfileDialog(profileDialogs.changePin);
  return (
    <Modal open={open} onClose={close} title="Change Transaction PIN">
      <ChangePinForm onDone={close} />
    </Modal>
  );
}

function ChangePinForm({ onDone }: { onDone(): void }) {
  const [newPin, setNewPin] = useState('');
  const [confirmPin, setConfirmPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirmBoxes = useRef<CodeInputHandle>(null);
  const [changePin, { isLoading }] = useChangeTransactionPinMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = ![newPin, confirmPin].every(isFourDigitPin)
      ? M.pin.changeInvalid
      : newPin !== confirmPin
        ? M.pin.changeMismatch
        : null;
    setError(problem);
    if (problem) {
      refused(problem);
      return;
    }
    const result = await changePin({ new_pin: newPin, confirm_pin: confirmPin });
    if (result.data?.success) {
      toast.success(M.pin.changeSuccess);
      onDone();
    } else {
      toast.error(messageOf(result.error, M.pin.changeFailed));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <PinInput label="New PIN" autoFocus value={newPin} onChange={setNewPin} onComplete={() => confirmBoxes.current?.focusFirst()}
          invalid={Boolean(error)} />
        <PinInput ref={confirmBoxes} label="Confirm new PIN" value={confirmPin} onChange={setConfirmPin} invalid={Boolean(error)} />
        {error && <FormError>{error}</FormError>}
        <Button type="submit" fullWidth busy={isLoading}>Change PIN</Button>
      </Stack>
    </form>
  );
}
