import { useRef, useState, type FormEvent } from 'react';
import { PIN_LENGTH } from '../../../shared/limits';
import * as M from '../../../shared/messages';
import { isFourDigitPin } from '../../../shared/validation';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, selectIsDialogOpen } from '../../app/ui-slice';
import { Button, Modal, PinInput, Stack, type CodeInputHandle } from '../../ui';
import { useDialogClosedOnUnmount } from '../../app/use-dialog-closed-on-unmount';

export interface PinModalProps {
  /** The ui-slice dialog id that opens it. */
  id: string;
  /** Sends the money with the PIN. The flow closes the modal on success; otherwise it stays for another try. */
  onConfirm(pin: string): Promise<unknown>;
  /** Shown when Confirm is somehow reached without 4 digits (bill payment has its own text). */
  invalidMessage?: string;
}

/**
 * The 4-digit transaction PIN every money movement asks for (spec §5): masked digit boxes, paste
 * fills up to 4, Confirm enabled at 4 digits and busy while sending. The PIN is cleared after
 * every attempt and on Cancel or close.
 */
export function PinModal({ id, onConfirm, invalidMessage = M.pin.invalidModal }: PinModalProps) {
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => selectIsDialogOpen(state, id));
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const boxes = useRef<CodeInputHandle>(null);
  useDialogClosedOnUnmount(id);

  const enter = (value: string) => {
    setPin(value);
    setError(null);
  };

  const close = () => {
    enter('');
    dispatch(dialogClosed(id));
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!isFourDigitPin(pin)) {
      setError(invalidMessage);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(pin);
    } finally {
      setBusy(false);
      enter('');
      boxes.current?.focusFirst();
    }
  };

  return (
    <Modal open={open} onClose={close} title="Enter Transaction PIN" description="Enter your 4-digit transaction PIN to confirm." dismissible={!busy}>
      <form aria-label="Transaction PIN" onSubmit={(event) => void confirm(event)} noValidate>
        <Stack>
          <PinInput ref={boxes} label="Transaction PIN" autoFocus value={pin} onChange={enter} disabled={busy} error={error} />
          <Stack direction="row" justify="flex-end" gap="sm">
            <Button variant="secondary" onClick={close} disabled={busy}>Cancel</Button>
            <Button type="submit" disabled={pin.length !== PIN_LENGTH} busy={busy} busyLabel={M.codes.busy}>Confirm</Button>
          </Stack>
        </Stack>
      </form>
    </Modal>
  );
}
