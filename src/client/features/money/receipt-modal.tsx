import moment from 'moment';
import { Fragment, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import * as M from '../../../shared/messages';
import { PRODUCT_NAME } from '../../../shared/product';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, selectIsDialogOpen } from '../../app/ui-slice';
import { Button, media, Modal } from '../../ui';
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
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: #ffffff;
  ${media.sm} { padding: ${({ theme }) => theme.space.lg}; }
`;

const Brand = styled.p`
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.primary};
`;

// Each row: the label, then the value on the same line when both fit, else the value on its own
// line under it (flex-wrap). Words wrap only at spaces; a value without spaces that is longer than
// a line (an e-mail, a reference: see `isToken`) may break between any two characters, and first
// after '@', '.', '-', '_' or '/'.
const Rows = styled.dl`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  & > div {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    column-gap: ${({ theme }) => theme.space.md};
  }
  & dt { color: ${({ theme }) => theme.colors.muted}; }
  & dd {
    flex: 1 1 auto;
    margin: 0;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    text-align: right;
  }
  & dd[data-token] { overflow-wrap: anywhere; }
`;

/** An e-mail, a reference or a code: no spaces and long, or with an '@'. Ordinary text is not one. */
const isToken = (value: string): boolean => value.includes('@') || (!/\s/.test(value) && value.length >= 16);

/** A token with a break opportunity (<wbr>) after each '@', '.', '-', '_' and '/': 'ada@<wbr>kudi.<wbr>example'. */
function Token({ value }: { value: string }) {
  const parts = value.split(/(?<=[@._/-])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** Label and value pairs, as a receipt (and the review step) lists them. */
export function ReceiptLines({ rows }: { rows: ReceiptRow[] }) {
  return (
    <Rows>
      {rows.map(({ label, value }) => (
        <div key={label}>
          <dt>{label}</dt>
          {isToken(value) ? (
            <dd data-token="">
              <Token value={value} />
            </dd>
          ) : (
            <dd>{value}</dd>
          )}
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
