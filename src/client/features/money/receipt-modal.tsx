import moment from 'moment';
import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import * as M from '../../../shared/messages';
import { PRODUCT_NAME } from '../../../shared/product';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, selectIsDialogOpen } from '../../app/ui-slice';
import { Button, Modal } from '../../ui';
import { saveReceipt } from './save-receipt';
import { useDialogClosedOnUnmount } from '../../app/use-dialog-closed-on-unmount';

export interface ReceiptRow {
  label: string;
  value: string;
}

/** A receipt's date as people read it: 'March 14, 2025 12:00 PM' (device time). */
export const receiptDate = (timestamp: string): string => moment(timestamp).format('MMMM D, YYYY h:mm A');

const Sheet = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: #ffffff;
`;

const Brand = styled.p`
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.primary};
`;

const Rows = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  margin: 0;
  & > div { display: contents; }
  & dt { color: ${({ theme }) => theme.colors.muted}; }
  & dd { margin: 0; font-weight: ${({ theme }) => theme.fontWeights.semibold}; text-align: right; overflow-wrap: anywhere; }
`;

/** Label and value pairs, as a receipt (and the review step) lists them. */
export function ReceiptLines({ rows }: { rows: ReceiptRow[] }) {
  return (
    <Rows>
      {rows.map(({ label, value }) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </Rows>
  );
}

export interface ReceiptModalProps {
  /** The ui-slice dialog id that opens it. */
  id: string;
  title: string;
  /** The receipt's fields (spec §3); the modal stays closed without them. */
  rows: ReceiptRow[] | null;
  /** After Done or close, e.g. clearing the chosen payee. */
  onClose?(): void;
}

/** The receipt of a successful movement, with Share Receipt (an image, spec §9) and Done. */
export function ReceiptModal({ id, title, rows, onClose }: ReceiptModalProps) {
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => selectIsDialogOpen(state, id));
  const sheet = useRef<HTMLDivElement>(null);
  const [sharing, setSharing] = useState(false);
  useDialogClosedOnUnmount(id);

  const close = () => {
    dispatch(dialogClosed(id));
    onClose?.();
  };

  const share = async () => {
    setSharing(true);
    try {
      await saveReceipt(sheet.current);
      toast.success(M.receipt.shared);
    } catch (error) {
      // Closing the share sheet is the user's choice, not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) toast.error(M.receipt.shareFailed);
    } finally {
      setSharing(false);
    }
  };

  return (
    <Modal
      open={open && rows !== null}
      onClose={close}
      title={title}
      dismissible={!sharing}
      footer={
        <>
          <Button variant="secondary" onClick={() => void share()} busy={sharing} busyLabel="Sharing...">Share Receipt</Button>
          <Button onClick={close} disabled={sharing}>Done</Button>
        </>
      }
    >
      <Sheet ref={sheet}>
        <Brand>{PRODUCT_NAME} receipt</Brand>
        <ReceiptLines rows={rows ?? []} />
      </Sheet>
    </Modal>
  );
}
