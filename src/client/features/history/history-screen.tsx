import { useEffect, useId } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import * as M from '../../../shared/messages';
import { isHttpError, messageOf } from '../../api/error-message';
import { useErrorToast } from '../../api/use-error-toast';
import { paths } from '../../app/paths';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { Button, Card, EmptyState, LoadingText, PageHeader, mediaBelow, Stack } from '../../ui';
import { pageCount } from './format';
import { historyApi, useGetTransactionsQuery } from './history-api';
import { HistoryFilters } from './history-filters';
import { StatementDownload } from './statement-dialog';
import { filtersToggled, pageChanged, selectHistory } from './history-slice';
import { isPending, PENDING_POLL_MS } from './pending-watch';
import { TransactionsTable } from './transactions-table';

// While a shown row is pending (a payout on its way), the page is fetched again every
// PENDING_POLL_MS; when a row settles, the watch (pending-watch.ts) toasts it and asks for the
// balances again.
export { PENDING_POLL_MS } from './pending-watch';

/** On a narrow screen the rows are cards of their own: the card around them steps back. */
const TransactionsCard = styled(Card)`
  ${mediaBelow.md} {
    padding: 0;
    border: 0;
    background: transparent;
    box-shadow: none;
  }
`;

/** Filters and Download statement, side by side (wrapping on a narrow phone). */
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** Previous, the page, Next in one row; on a phone the page text wraps between the buttons. */
const Pager = styled.nav`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  & > span { text-align: center; }
  ${mediaBelow.sm} {
    & > button { padding-right: ${({ theme }) => theme.space.sm}; padding-left: ${({ theme }) => theme.space.sm}; }
    & > span { font-size: ${({ theme }) => theme.fontSizes.sm}; }
  }
`;

/** /history: one currency's transactions, filtered by type, a page at a time (spec §2); its statement as a file (spec-next §E). */
export default function HistoryScreen() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const filtersId = useId();
  const { filtersOpen, currency, type, page } = useAppSelector(selectHistory);
  const query = { currency, type, page };
  // The cached page decides whether to poll: pending rows are watched until they settle.
  const cached = historyApi.endpoints.getTransactions.useQueryState(query);
  const polling = cached.currentData?.data.some((row) => isPending(row.status)) ?? false;
  const { data, currentData, isFetching, error, refetch } = useGetTransactionsQuery(query, { pollingInterval: polling ? PENDING_POLL_MS : 0 });
  // A 401 here means the refresh failed too: the session has ended, the user goes to '/'.
  const unauthorized = isHttpError(error) && error.status === 401;
  useErrorToast(unauthorized ? undefined : error, M.history.fetchFailed);

  useEffect(() => {
    if (unauthorized) void navigate(paths.home, { replace: true });
  }, [unauthorized, navigate]);

  // The last answer's pagination, kept while the next page loads.
  const pages = data ? pageCount(data.pagination.total, data.pagination.limit) : 1;
  // Not loaded (an error, or a replay whose file lacks this page): the card says so, not 'No
  // transactions found', and shows no page count it does not know.
  const failed = error !== undefined && !unauthorized && !currentData && !isFetching;

  return (
    <main>
      <PageHeader title="Transaction History" />
      <Stack gap="lg">
        <Actions>
          <Button variant="secondary" aria-expanded={filtersOpen} aria-controls={filtersId} onClick={() => dispatch(filtersToggled())}>
            Filters
          </Button>
          <StatementDownload currency={currency} />
        </Actions>
        {filtersOpen && <HistoryFilters id={filtersId} />}
        <TransactionsCard aria-label={`${currency} transactions`}>
          {isFetching && !currentData ? (
            <LoadingText>{M.history.loading}</LoadingText>
          ) : failed ? (
            <EmptyState title={messageOf(error, M.history.fetchFailed)}>
              <Button variant="secondary" onClick={() => void refetch()}>Try again</Button>
            </EmptyState>
          ) : currentData?.data.length ? (
            <TransactionsTable transactions={currentData.data} />
          ) : (
            <EmptyState title={M.history.empty} />
          )}
          {!failed && (
            <Pager aria-label="Pages">
              <Button variant="secondary" disabled={page <= 1} onClick={() => dispatch(pageChanged(page - 1))}>Previous</Button>
              <span>{M.history.showingPage(page, pages)}</span>
              <Button variant="secondary" disabled={page >= pages} onClick={() => dispatch(pageChanged(page + 1))}>Next</Button>
            </Pager>
          )}
        </TransactionsCard>
      </Stack>
    </main>
  );
}
