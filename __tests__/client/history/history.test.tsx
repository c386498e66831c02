import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { useGetCadWalletQuery } from '../../../src/client/api/wallet-api';
import HistoryScreen, { PENDING_POLL_MS } from '../../../src/client/features/history/history-screen';
import { theme } from '../../../src/client/ui/theme';
import type { Transaction } from '../../../src/shared/types';
import { renderWithProviders } from '../../support/render';
import { apiPath, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { fakeWallets, LocationProbe, serveWallets, transaction, withUser } from '../../support/wallet-backend';

setupFakeBackend();
// Jest's clock: the app's timers (debounces, polls, countdowns) pass while findBy*/waitFor wait, not in real time.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** The query strings the history calls carried, in order. */
let queries: Record<string, string>[] = [];

function renderHistory(transactions: Transaction[] = [], handlers: Parameters<typeof server.use> = []) {
  signIn();
  queries = [];
  const wallets = fakeWallets();
  wallets.transactions = transactions;
  serveWallets(wallets);
  server.use(
    http.get(apiPath('/wallet/transactions'), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
    }),
    ...handlers,
  );
  return renderWithProviders(
    <Routes>
      <Route path="/history" element={<HistoryScreen />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: '/history', preloadedState: withUser() },
  );
}

/** Statuses as the data may spell them (the status rule is case-insensitive, others show grey). */
const status = (text: string) => text as Transaction['status'];

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('transaction history', () => {
  test('loads the first CAD page and shows date, type, signed amount, details and status', async () => {
    renderHistory([
      transaction({ transaction_date: new Date(2025, 2, 14, 9).toISOString(), amount: 250.75, recieved_from: 'Bola Ade' }),
      transaction({ transaction_type: 'WITHDRAWAL', amount: 40, recipient_name: 'Chidi Eze', sent_to: 'x@y.com', status: 'pending' }),
      transaction({ transaction_type: 'WALLET TRANSACTION', amount: 5, recieved_from: null, sent_to: 'tobi@kudi.example', status: status('FAILED') }),
    ]);

    expect(screen.getByRole('heading', { level: 1, name: 'Transaction History' })).toBeInTheDocument();
    expect(screen.getByText('Loading transactions...')).toBeInTheDocument();
    await screen.findByRole('table');

    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Date', 'Type', 'Amount', 'Details', 'Status',
    ]);
    expect(cells(rows()[0])).toEqual(['2025-03-14', 'DEPOSIT', '+$250.75 CAD', 'Bola Ade', 'completed']);
    expect(cells(rows()[1])).toEqual([expect.any(String), 'WITHDRAWAL', '-$40.00 CAD', 'Chidi Eze', 'pending']);
    expect(cells(rows()[2])).toEqual([expect.any(String), 'WALLET TRANSACTION', '-$5.00 CAD', 'tobi@kudi.example', 'FAILED']);
    expect(queries).toEqual([{ currency: 'CAD', page: '1' }]);
  });

  // spec-next §C replaces spec §4's DEPOSIT-only rule: the direction decides the colour and the sign.
  test('money in is green with a plus, money received from another user too; money out red with a minus; status colours follow the status, text shown', async () => {
    renderHistory([
      transaction({ status: status('Completed') }),
      transaction({ transaction_type: 'WITHDRAWAL', status: 'pending' }),
      transaction({ transaction_type: 'WITHDRAWAL', status: 'failed', refunded: true }),
      transaction({ transaction_type: 'WITHDRAWAL', status: 'cancelled', refunded: true }),
      transaction({ transaction_type: 'WITHDRAWAL', status: status('reversed') }),
      // Received from another customer: a credit, green with a plus.
      transaction({ transaction_type: 'WALLET TRANSACTION', amount: 12.34, sent_to: null, recieved_from: 'Bola Ade', direction: 'credit' }),
      // Sent to another customer: a debit.
      transaction({ transaction_type: 'WALLET TRANSACTION', amount: 5.5, sent_to: 'Tobi', recieved_from: null, direction: 'debit' }),
    ]);
    await screen.findByRole('table');

    expect(screen.getByText('+$250.75 CAD')).toHaveStyle({ color: theme.colors.success });
    expect(screen.getAllByText('-$250.75 CAD')[0]).toHaveStyle({ color: theme.colors.danger });
    expect(screen.getByText('+$12.34 CAD')).toHaveStyle({ color: theme.colors.success });
    expect(screen.queryByText('-$12.34 CAD')).toBeNull();
    expect(screen.getByText('-$5.50 CAD')).toHaveStyle({ color: theme.colors.danger });
    expect(screen.getByText('Completed')).toHaveStyle({ color: theme.colors.success, backgroundColor: theme.colors.successSoft });
    expect(screen.getByText('pending')).toHaveStyle({ color: theme.colors.warning, backgroundColor: theme.colors.warningSoft });
    expect(screen.getByText('failed')).toHaveStyle({ color: theme.colors.danger, backgroundColor: theme.colors.dangerSoft });
    expect(screen.getByText('cancelled')).toHaveStyle({ color: theme.colors.neutral, backgroundColor: theme.colors.neutralSoft });
    expect(screen.getByText('reversed')).toHaveStyle({ color: theme.colors.neutral });
    // The failed and the cancelled payouts say their money came back; nothing else does.
    expect(cells(rows()[2])[4]).toBe('failed Refunded');
    expect(cells(rows()[3])[4]).toBe('cancelled Refunded');
    expect(screen.getAllByText('Refunded')).toHaveLength(2);
    expect(cells(rows()[1])[4]).toBe('pending');
  });

  test('every row opens its detail page: a click on the row, or its link by keyboard', async () => {
    const { user } = renderHistory([
      transaction({ id: 'KD-ROW-1', amount: 10, recieved_from: 'Bola Ade' }),
      transaction({ id: 'KD ROW/2', transaction_type: 'WITHDRAWAL', amount: 20, recipient_name: 'Chidi Eze', recieved_from: null }),
    ]);
    await screen.findByRole('table');

    await user.click(within(rows()[0]).getByText('+$10.00 CAD'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/history/KD-ROW-1');
  });

  test('a row\'s link is reached with Tab and followed with Enter; its name is the row\'s details', async () => {
    const { user } = renderHistory([
      transaction({ id: 'KD ROW/2', transaction_type: 'WITHDRAWAL', amount: 20, recipient_name: 'Chidi Eze', recieved_from: null }),
      // A conversion names nobody: its link is named by its type and amount.
      transaction({ id: 'KD-FX-1', transaction_type: 'WITHDRAWAL', amount: 100.5, recieved_from: null }),
    ]);
    await screen.findByRole('table');
    expect(within(rows()[1]).getByRole('link', { name: 'WITHDRAWAL -$100.50 CAD' })).toHaveAttribute('href', '/history/KD-FX-1');
    const link = within(rows()[0]).getByRole('link', { name: 'Chidi Eze' });
    expect(link).toHaveAttribute('href', '/history/KD%20ROW%2F2');
    while (document.activeElement !== link) await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/history/KD%20ROW%2F2');
  });

  test('no transactions: No transactions found, on a single page', async () => {
    renderHistory();
    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
    expect(screen.getByText('Showing page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  test('Filters opens a panel (kept in the store) with the currency toggle and the type select', async () => {
    const { user, store } = renderHistory([
      transaction({ currency: 'NGN', amount: 5000, transaction_type: 'WITHDRAWAL', recipient_name: 'Ngozi' }),
      transaction({ currency: 'NGN', amount: 7000, transaction_type: 'DEPOSIT' }),
    ]);
    await screen.findByText('No transactions found');
    const filters = screen.getByRole('button', { name: 'Filters' });
    expect(filters).toHaveAttribute('aria-expanded', 'false');

    await user.click(filters);
    expect(filters).toHaveAttribute('aria-expanded', 'true');
    expect(store.getState().history.filtersOpen).toBe(true);
    const panel = screen.getByRole('region', { name: 'Filters' });
    expect(within(panel).getByRole('button', { name: 'CAD' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(panel).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All Types', 'Received', 'Sent', 'Wallet Transfer',
    ]);

    await user.click(within(panel).getByRole('button', { name: 'NGN' }));
    expect(await screen.findByText('-₦5,000.00 NGN')).toBeInTheDocument();
    expect(screen.getByText('+₦7,000.00 NGN')).toBeInTheDocument();

    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Transaction Type' }), 'Sent');
    // The filtered page has loaded once its row shows (while it loads, neither row is there).
    expect(await screen.findByText('-₦5,000.00 NGN')).toBeInTheDocument();
    expect(screen.queryByText('+₦7,000.00 NGN')).not.toBeInTheDocument();
    expect(queries).toEqual([
      { currency: 'CAD', page: '1' },
      { currency: 'NGN', page: '1' },
      { currency: 'NGN', transaction_type: 'WITHDRAWAL', page: '1' },
    ]);
    expect(store.getState().history).toMatchObject({ currency: 'NGN', type: 'WITHDRAWAL', page: 1 });

    await user.click(filters);
    expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument();
  });

  test('Previous/Next page through; the page count is total / limit rounded up; a new filter starts at page 1', async () => {
    const many = Array.from({ length: 25 }, (_, index) => transaction({ amount: index + 1 }));
    const { user, store } = renderHistory(many);
    expect(await screen.findByText('Showing page 1 of 3')).toBeInTheDocument();
    expect(rows()).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing page 2 of 3')).toBeInTheDocument();
    expect(await screen.findByText('+$11.00 CAD')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('+$25.00 CAD')).toBeInTheDocument();
    expect(screen.getByText('Showing page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(queries.map((query) => query.page)).toEqual(['1', '2', '3']);

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing page 2 of 3')).toBeInTheDocument();
    expect(store.getState().history.page).toBe(2);

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Transaction Type' }), 'Received');
    expect(await screen.findByText('Showing page 1 of 3')).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ currency: 'CAD', transaction_type: 'DEPOSIT', page: '1' });
  });

  test('14 transactions of 10 per page make 2 pages: the last 4 rows are reachable', async () => {
    const { user } = renderHistory(Array.from({ length: 14 }, (_, index) => transaction({ amount: index + 1 })));
    expect(await screen.findByText('Showing page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('+$14.00 CAD')).toBeInTheDocument();
    expect(screen.getByText('Showing page 2 of 2')).toBeInTheDocument();
    expect(rows()).toHaveLength(4);
  });

  test('a pending row is fetched again until it settles; then the wallet of that currency is fetched again', async () => {
    const payout = transaction({ transaction_type: 'WITHDRAWAL', amount: 40, recipient_name: 'Chidi Eze', recieved_from: null, status: 'pending' });
    const wallets = renderHistory([payout]);
    let walletCalls = 0;
    server.use(http.get(apiPath('/wallet/cad-wallet'), () => {
      walletCalls += 1;
    }));
    function CadBalance() {
      const { data } = useGetCadWalletQuery();
      return <p data-testid="balance">{data?.balance}</p>;
    }
    renderWithProviders(<CadBalance />, { store: wallets.store });
    await screen.findByText('pending');
    await waitFor(() => expect(walletCalls).toBe(1));

    payout.status = 'failed';
    expect(await screen.findByText('failed', {}, { timeout: PENDING_POLL_MS + 2000 })).toBeInTheDocument();
    await waitFor(() => expect(walletCalls).toBe(2));
    expect(queries).toHaveLength(2);
  });

  test('a failure says Failed to fetch transaction history, in a toast and in the list, which claims no empty history and no page count; Try again asks again', async () => {
    let fail = true;
    const { user } = renderHistory([transaction({ amount: 250.75 })], [
      http.get(apiPath('/wallet/transactions'), () => (fail ? HttpResponse.error() : undefined)),
    ]);
    const list = await screen.findByRole('region', { name: 'CAD transactions' });
    expect(await within(list).findByText('Failed to fetch transaction history')).toBeInTheDocument();
    expect(await screen.findAllByText('Failed to fetch transaction history')).toHaveLength(2);
    expect(within(list).queryByText('No transactions found')).not.toBeInTheDocument();
    expect(screen.queryByText(/Showing page/)).not.toBeInTheDocument();

    fail = false;
    await user.click(within(list).getByRole('button', { name: 'Try again' }));
    expect(await within(list).findByText('+$250.75 CAD')).toBeInTheDocument();
    expect(screen.getByText('Showing page 1 of 1')).toBeInTheDocument();
  });

  test('a 401 whose refresh fails ends the session and goes to /', async () => {
    renderHistory([], [
      http.get(apiPath('/wallet/transactions'), () => HttpResponse.json({ success: false, message: 'Unauthorized' }, { status: 401 })),
      http.get(apiPath('/auth/refresh-token/:email'), () => HttpResponse.json({ success: false, message: 'Session expired' }, { status: 401 })),
    ]);

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(await screen.findByText('Session expired. Please log in again.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch transaction history')).not.toBeInTheDocument();
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
    expect(localStorage.getItem('user')).toBeNull();
  });
});

test('a deposit made outside the app shows when the customer comes back to the history, without a reload', async () => {
  const first = renderHistory([transaction({ amount: 250.75 })]);
  expect(await screen.findByText('+$250.75 CAD')).toBeInTheDocument();
  first.unmount();

  // The rail credits a deposit while the customer is elsewhere; the backend now lists it first.
  const wallets = fakeWallets();
  wallets.transactions = [transaction({ amount: 99.99, recieved_from: 'Interac' }), transaction({ amount: 250.75 })];
  serveWallets(wallets);
  renderWithProviders(<HistoryScreen />, { route: '/history', store: first.store });

  expect(await screen.findByText('+$99.99 CAD')).toBeInTheDocument();
  expect(screen.getByText('+$250.75 CAD')).toBeInTheDocument();
});
