import { useRef, useState, type FormEvent } from 'react';
import * as M from '../../../shared/messages';
import { PIN_LENGTH } from '../../../shared/limits';
import { isFourDigitPin } from '../../../shared/validation';
import { messageOf } from '../../api/error-message';
import { dialogIds } from '../../app/dialog-ids';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, selectIsDialogOpen, selectStep, stepChanged } from '../../app/ui-slice';
import { Button, type CodeInputHandle, Modal, PinInput, refused, Stack, toast } from '../../ui';
import { useCreatePinMutation } from './pin-api';

/** The dialog's steps, kept in the ui slice (DevTools time-travel). */
const steps = { set: 1, confirm: 2 } as const;

const texts = {
  [steps.set]: { title: 'Set Transaction PIN', description: `Choose a ${PIN_LENGTH}-digit PIN to authorise your transactions.` },
  [steps.confirm]: { title: 'Confirm Transaction PIN', description: 'Enter the same PIN again.' },
};

/**
 * Set the first transaction PIN (spec §4): set step, then confirm step. A mismatch clears the
 * confirm boxes only; Cancel (or closing) resets everything.
 */
export default function SetPinDialog() {
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => selectIsDialogOpen(state, dialogIds.setPin));
  const step = useAppSelector((state) => selectStep(state, dialogIds.setPin, steps.set));
  const { title, description } = texts[step === steps.confirm ? steps.confirm : steps.set];

  const goTo = (next: number) => dispatch(stepChanged({ id: dialogIds.setPin, step: next }));
  const close = () => {
    dispatch(dialogClosed(dialogIds.setPin));
    goTo(steps.set);
  };

  return (
    <Modal open={open} onClose={close} title={title} description={description}>
      <SetPinForm confirming={step === steps.confirm} onContinue={() => goTo(steps.confirm)} onDone={close} />
    </Modal>
  );
}

interface SetPinFormProps {
  confirming: boolean;
  onContinue(): void;
  /** Success or Cancel: the dialog closes and starts over next time. */
  onDone(): void;
}

function SetPinForm({ confirming, onContinue, onDone }: SetPinFormProps) {
  const [pin, setPin] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirmBoxes = useRef<CodeInputHandle>(null);
  const [createPin, { isLoading }] = useCreatePinMutation();

  const submitPin = () => {
    const valid = isFourDigitPin(pin);
    setError(valid ? null : M.pin.invalidFourDigit);
    if (valid) onContinue();
    else refused(M.pin.invalidFourDigit);
  };

  const submitConfirmation = async () => {
    const problem = !isFourDigitPin(confirmation) ? M.pin.invalidFourDigit : confirmation !== pin ? M.pin.mismatch : null;
    setError(problem);
    if (problem === M.pin.mismatch) {
      setConfirmation('');
      confirmBoxes.current?.focusFirst();
    }
    if (problem) {
      refused(problem);
      return;
    }
    const result = await createPin({ transaction_pin: pin, confirm_transaction_pin: confirmation });
    if (result.data?.success === 'true') {
      toast.success(M.pin.setSuccess);
      onDone();
    } else {
      toast.error(messageOf(result.error, M.pin.setFailed));
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (confirming) void submitConfirmation();
    else submitPin();
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        {confirming ? (
          <PinInput key="confirm" ref={confirmBoxes} label="Re-enter PIN" autoFocus
            value={confirmation} onChange={setConfirmation} disabled={isLoading} error={error} />
        ) : (
          <PinInput key="set" label="Transaction PIN" autoFocus value={pin} onChange={setPin} error={error} />
        )}
        <Stack direction="row" justify="flex-end" gap="sm">
          <Button variant="secondary" onClick={onDone} disabled={isLoading}>Cancel</Button>
          <Button type="submit" busy={isLoading}>{confirming ? 'Confirm PIN' : 'Continue'}</Button>
        </Stack>
      </Stack>
    </form>
  );
}
