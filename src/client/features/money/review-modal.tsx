import type { ReactNode } from 'react';
import { useAppSelector } from '../../app/store';
import { selectIsDialogOpen } from '../../app/ui-slice';
import { useDialogClosedOnUnmount } from '../../app/use-dialog-closed-on-unmount';
import { Button, Modal, Stack } from '../../ui';
import { ReceiptLines, type ReceiptRow } from './receipt-modal';

export interface ReviewModalProps {
  /** The ui-slice dialog id that opens it. */
  id: string;
  /** What will be sent, as the customer reads it. */
  lines: ReceiptRow[];
  /** Continue: on to the PIN (or, without a PIN, the movement itself). */
  onContinue(): void;
  /** Back or close: to the form, values kept. */
  onBack(): void;
  /** Default 'Continue'. */
  continueLabel?: string;
  /** Continue waits, e.g. for a quote; busy shows `busyLabel` on it. */
  continueDisabled?: boolean;
  busy?: boolean;
  busyLabel?: string;
  /** Default: before the PIN. */
  description?: string;
  /** Under the lines, e.g. a quote's countdown and a notice that the rate changed. */
  children?: ReactNode;
}

/** The review step of a money flow: what will be sent, its cost and arrival, before the PIN is asked. */
export function ReviewModal({
  id,
  lines,
  onContinue,
  onBack,
  continueLabel = 'Continue',
  continueDisabled = false,
  busy = false,
  busyLabel,
  description = 'Check the details before you confirm with your PIN.',
  children,
}: ReviewModalProps) {
  const open = useAppSelector((state) => selectIsDialogOpen(state, id));
  useDialogClosedOnUnmount(id);
  return (
    <Modal
      open={open}
      onClose={onBack}
      title="Review"
      description={description}
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onBack} disabled={busy}>Back</Button>
          <Button onClick={onContinue} disabled={continueDisabled} busy={busy} busyLabel={busyLabel}>{continueLabel}</Button>
        </>
      }
    >
      <Stack>
        <ReceiptLines rows={lines} />
        {children}
      </Stack>
    </Modal>
  );
}
