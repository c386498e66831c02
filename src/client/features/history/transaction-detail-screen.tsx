import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useId, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import * as M from '../../../shared/messages';
import type { TransactionDetail } from '../../../shared/types';
import { isHttpError, messageOf } from '../../api/error-message';
import { paths } from '../../app/paths';
import { sendAgainStarted, type SendAgainDraft } from '../../app/send-again-slice';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, dialogOpened, selectIsDialogOpen } from '../../app/ui-slice';
import { useDialogClosedOnUnmount } from '../../app/use-dialog-closed-on-unmount';
import { type BadgeTone, Button, Card, CardTitle, ConfirmDialog, EmptyState, LoadingText, PageHeader, Stack, toast } from '../../ui';
import { ReceiptSheet, receiptDate, useReceiptImage } from '../money/receipt-modal';
import { pendingNotice } from '../money/result';
import { amountTone, formatSignedAmount } from './format';
import { historyApi, useCancelTransactionMutation, useGetTransactionDetailQuery } from './history-api';
import { isPending, PENDING_POLL_MS } from './pending-watch';
import { StatusBadges } from './transactions-table';
import { detailRows, EVENT_WORDS, sendAgainDraft, timeline } from './transaction-detail';

/** The confirm step of Cancel transfer (a ui-slice dialog id). */
export const CANCEL_DIALOG = 'transaction-cancel';

const LOAD_FAILED = 'Failed to fetch transaction details';
const CANCEL_FAILED = 'Failed to cancel the transfer. Please try again.';

/** Where each Send again goes. */
const SEND_PATHS: Record<SendAgainDraft['flow'], string> = {
  interac: paths.transferCad,
  'ngn-bank': paths.transferNaira,
  'kudi-user': paths.transferUser,
};

const BackLink = styled(Link)`
  align-self: flex-start;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.primary};
`;

const Summary = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const BigAmount = styled.p<{ $tone: BadgeTone }>`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme, $tone }) => theme.colors[$tone]};
`;

const Notice = styled.p`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.warning};
`;

const Steps = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
  & > li {
    position: relative;
    padding-left: ${({ theme }) => theme.space.lg};
  }
  /* A dot per step, joined by a line to the next. */
  & > li::before {
    content: '';
    position: absolute;
    top: 0.4em;
    left: 0;
    width: 10px;
    height: 10px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.primary};
  }
  & > li:not(:last-child)::after {
    content: '';
    position: absolute;
    top: calc(0.4em + 12px);
    bottom: calc(-1 * ${({ theme }) => theme.space.md} + 2px);
    left: 4px;
    width: 2px;
    background: ${({ theme }) => theme.colors.border};
  }
`;

const StepWord = styled.p`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const StepMeta = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

/** The timeline, oldest first: each step's words, its time and the note the server gave. */
function Timeline({ events }: { events: TransactionDetail['events'] }) {
  return (
    <Steps aria-label="Timeline">
      {timeline(events).map((event, index) => (
        <li key={`${event.status}-${index}`}>
          <StepWord>{EVENT_WORDS[event.status] ?? event.status}</StepWord>
          <StepMeta>
            <time dateTime={event.at}>{receiptDate(event.at)}</time>
          </StepMeta>
          {event.note && <StepMeta>{event.note}</StepMeta>}
        </li>
      ))}
    </Steps>
  );
}

/** The receipt of the item with Save as PNG and Share (spec §9; spec-next §C: the Web Share API where the browser can share files). */
function DetailReceipt({ detail }: { detail: TransactionDetail }) {
  const sheet = useRef<HTMLDivElement>(null);
  const image = useReceiptImage();
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardTitle id={titleId}>Receipt</CardTitle>
      <ReceiptSheet ref={sheet} rows={detailRows(detail)} />
      <Stack direction="row" gap="sm">
        <Button variant="secondary" onClick={() => void image.download(sheet.current)} disabled={image.busy}>Save as PNG</Button>
        <Button variant="secondary" onClick={() => void image.share(sheet.current)} busy={image.busy} busyLabel="Sharing...">Share</Button>
      </Stack>
    </Card>
  );
}

/** Cancel transfer while the payout is in its hold: a confirmation, then POST /transactions/{id}/cancel. */
function CancelTransfer({ id }: { id: string }) {
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => selectIsDialogOpen(state, CANCEL_DIALOG));
  const [cancel, { isLoading }] = useCancelTransactionMutation();
  useDialogClosedOnUnmount(CANCEL_DIALOG);
  const close = () => dispatch(dialogClosed(CANCEL_DIALOG));

  const confirm = async () => {
    const result = await cancel(id);
    close();
    if (result.data) {
      toast.success(result.data.message || M.activity.cancelled);
    } else {
      const refused = isHttpError(result.error) && result.error.status === 409;
      toast.error(messageOf(result.error, refused ? M.activity.cannotCancel : CANCEL_FAILED));
    }
  };

  return (
    <>
      <Button variant="danger" onClick={() => dispatch(dialogOpened(CANCEL_DIALOG))}>Cancel transfer</Button>
      <ConfirmDialog
        open={open}
        onClose={close}
        onConfirm={confirm}
        title="Cancel this transfer?"
        text="It will not be sent, and the money goes back to your wallet."
        confirmLabel="Cancel transfer"
        cancelLabel="Keep it"
        busy={isLoading}
        busyLabel="Cancelling..."
      />
    </>
  );
}

/** /history/{id}: one history item's whole life (spec-next §C). */
export default function TransactionDetailScreen() {
  const { id } = useParams<'id'>();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const timelineId = useId();
  // The cached item decides whether to poll: a pending one is asked again until it settles.
  const cached = historyApi.endpoints.getTransactionDetail.useQueryState(id ?? skipToken);
  const polling = cached.currentData ? isPending(cached.currentData.status) : false;
  const { currentData: detail, error, isFetching, refetch } = useGetTransactionDetailQuery(id ?? skipToken, {
    pollingInterval: polling ? PENDING_POLL_MS : 0,
  });
  const notFound = !id || (isHttpError(error) && error.status === 404);

  // The hold ran out while the customer was deciding: the confirmation goes (its button with it),
  // and the customer is told why rather than left with a dialog that vanished.
  const confirmingCancel = useAppSelector((state) => selectIsDialogOpen(state, CANCEL_DIALOG));
  const wasCancellable = useRef(false);
  const cancellable = detail?.cancellable ?? false;
  useEffect(() => {
    if (wasCancellable.current && !cancellable && confirmingCancel) toast.error(M.activity.cannotCancel);
    wasCancellable.current = cancellable;
  }, [cancellable, confirmingCancel]);

  useEffect(() => {
    // A 401 here means the refresh failed too: the session has ended, the customer goes to '/'.
    if (isHttpError(error) && error.status === 401) void navigate(paths.home, { replace: true });
  }, [error, navigate]);

  const back = <BackLink to={paths.history}>Back to history</BackLink>;

  if (notFound) {
    return (
      <main>
        <PageHeader title="Transaction Details" />
        <Card>
          <EmptyState title={M.activity.notFound}>
            <p>It may belong to another account, or the link is wrong.</p>
            {back}
          </EmptyState>
        </Card>
      </main>
    );
  }

  if (!detail) {
    return (
      <main>
        <PageHeader title="Transaction Details" />
        {isFetching || !error ? (
          <LoadingText>Loading transaction...</LoadingText>
        ) : (
          <Card>
            <EmptyState title={messageOf(error, LOAD_FAILED)}>
              <Button variant="secondary" onClick={() => void refetch()}>Try again</Button>
              {back}
            </EmptyState>
          </Card>
        )}
      </main>
    );
  }

  const notice = pendingNotice(detail);
  const draft = sendAgainDraft(detail);
  const sendAgain = (next: SendAgainDraft) => {
    dispatch(sendAgainStarted(next));
    void navigate(SEND_PATHS[next.flow]);
  };

  return (
    <main>
      <PageHeader title="Transaction Details" />
      <Stack gap="lg">
        {back}
        <Card aria-label="Summary">
          <Summary>
            <BigAmount $tone={amountTone(detail)}>{formatSignedAmount(detail)}</BigAmount>
            <StatusBadges transaction={detail} />
          </Summary>
          {notice && <Notice>{notice}</Notice>}
          {(draft || detail.cancellable) && (
            <Stack direction="row" gap="sm">
              {draft && <Button onClick={() => sendAgain(draft)}>Send again</Button>}
              {detail.cancellable && <CancelTransfer id={detail.id} />}
            </Stack>
          )}
        </Card>
        <Card aria-labelledby={timelineId}>
          <CardTitle id={timelineId}>Timeline</CardTitle>
          <Timeline events={detail.events} />
        </Card>
        <DetailReceipt detail={detail} />
      </Stack>
    </main>
  );
}
