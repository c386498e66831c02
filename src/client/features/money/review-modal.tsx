import { useAppSelector } from '../../app/store';
import { selectIsDialogOpen } from '../../app/ui-slice';
import { useDialogClosedOnUnmount } from '../../app/use-dialog-closed-on-unmount';
import { Button, Modal } from '../../ui';
import { ReceiptLines, type ReceiptRow } from './receipt-modal';

export interface ReviewModalProps {
  /** The ui-slice dialog id that opens it. */
  id: string;
  /** What will be sent, as the customer reads it. */
  lines: ReceiptRow[];
  /** Continue: on to the PIN. */
  onContinue(): void;
  /** Back or close: to the form, values kept. */
  onBack(): void;
}

/** The review step of a money flow: what will be sent, before the PIN is asked. */
export function ReviewModal({ id, lines, onContinue, onBack }: ReviewModalProps) {
  const open = useAppSelector((state) => selectIsDialogOpen(state, id));
  useDialogClosedOnUnmount(id);
  return (
    <Modal
      open={open}
      onClose={onBack}
      title="Review"
      description="Check the details before you confirm with your PIN."
      footer={
        <>
          <Button variant="secondary" onClick={onBack}>Back</Button>
          <Button onClick={onContinue}>Continue</Button>
        </>
      }
    >
      <ReceiptLines rows={lines} />
    </Modal>
  );
}
