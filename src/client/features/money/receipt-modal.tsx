import moment from 'moment';
import { forwardRef, Fragment, useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import * as M from '../../../shared/messages';
import { PRODUCT_NAME } from '../../../shared/product';
import { historyItemPath } from '../../app/paths';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, selectIsDialogOpen } from '../../app/ui-slice';
import { Button, media, Modal, toast } from '../../ui';
import { downloadReceipt, saveReceipt } from './save-receipt';
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

/** What the result leads with when the lines do not say it all: a payout on its way (spec-next §C). */
const Notice = styled.span`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.warning};
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
  /** What the result says first, e.g. 'On its way. Expected by 3:45 PM': the dialog's description (the receipt's lines say it too). */
  notice?: string | null;
  /** The history item (its reference): 'View details' opens its detail page (spec-next §C). */
  item?: string | null;
  /** After Done or close, e.g. clearing the chosen payee. */
  onClose?(): void;
}

/** The receipt itself (what its PNG shows): the brand and the lines. */
export const ReceiptSheet = forwardRef<HTMLDivElement, { rows: ReceiptRow[] }>(function ReceiptSheet({ rows }, ref) {
  return (
    <Sheet ref={ref}>
      <Brand>{PRODUCT_NAME} receipt</Brand>
      <ReceiptLines rows={rows} />
    </Sheet>
  );
});

/** Whether an error is the customer closing the share sheet: their choice, not a failure. */
const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Saving a receipt element as an image (spec §9): `share` hands the PNG to the Web Share API where
 * the browser can share files, else downloads it; `download` always downloads it. Each says how it
 * went ('Receipt shared successfully!' or 'Failed to share receipt'); `busy` while it runs.
 */
export function useReceiptImage() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (save: (node: HTMLElement | null) => Promise<void>, node: HTMLElement | null) => {
    setBusy(true);
    try {
      await save(node);
      toast.success(M.receipt.shared);
    } catch (error) {
      if (!isAbort(error)) toast.error(M.receipt.shareFailed);
    } finally {
      setBusy(false);
    }
  }, []);
  return {
    busy,
    share: useCallback((node: HTMLElement | null) => run(saveReceipt, node), [run]),
    download: useCallback((node: HTMLElement | null) => run(downloadReceipt, node), [run]),
  };
}

/** The receipt of a successful movement, with View details (when it has a history item), Share Receipt (an image, spec §9) and Done. */
export function ReceiptModal({ id, title, rows, notice, item, onClose }: ReceiptModalProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const open = useAppSelector((state) => selectIsDialogOpen(state, id));
  const sheet = useRef<HTMLDivElement>(null);
  const image = useReceiptImage();
  const sharing = image.busy;
  useDialogClosedOnUnmount(id);

  const close = () => {
    dispatch(dialogClosed(id));
    onClose?.();
  };

  const viewDetails = (reference: string) => {
    close();
    void navigate(historyItemPath(reference));
  };

  return (
    <Modal
      open={open && rows !== null}
      onClose={close}
      title={title}
      description={notice ? <Notice>{notice}</Notice> : undefined}
      dismissible={!sharing}
      footer={
        <>
          {item && <Button variant="ghost" onClick={() => viewDetails(item)} disabled={sharing}>View details</Button>}
          <Button variant="secondary" onClick={() => void image.share(sheet.current)} busy={sharing} busyLabel="Sharing...">Share Receipt</Button>
          <Button onClick={close} disabled={sharing}>Done</Button>
        </>
      }
    >
      <ReceiptSheet ref={sheet} rows={rows ?? []} />
    </Modal>
  );
}
