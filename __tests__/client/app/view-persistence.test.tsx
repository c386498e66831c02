// A refresh keeps what the customer was looking at: History's currency, type and page, and the
// chosen tabs (this tab's sessionStorage); a sign-out forgets them.
import { act, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { sessionEnded } from '../../../src/client/app/session-slice';
import { makeStore } from '../../../src/client/app/store';
import { restoredView, VIEW_KEY } from '../../../src/client/app/view-persistence';
import AddMoneyScreen from '../../../src/client/features/add-money/add-money-screen';
import HistoryScreen from '../../../src/client/features/history/history-screen';
import { renderWithProviders } from '../../support/render';
import { apiPath, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { fakeWallets, serveWallets, transaction, withUser } from '../../support/wallet-backend';

setupFakeBackend();
beforeEach(() => sessionStorage.clear());

/** The app as a (re)loaded tab starts it: its store from what the tab kept. */
const reloadedStore = () => makeStore({ ...withUser(), ...restoredView() });

function serveHistory() {
  signIn();
  const wallets = fakeWallets();
  wallets.transactions = [
    transaction({ currency: 'NGN', amount: 5000, transaction_type: 'WITHDRAWAL', recipient_name: 'Ngozi' }),
    transaction({ currency: 'NGN', amount: 7000, transaction_type: 'DEPOSIT' }),
  ];
  serveWallets(wallets);
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(apiPath('/wallet/transactions'), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
    }),
  );
  return queries;
}

test("a refresh keeps History's currency and type: the reloaded screen asks for them at once and shows them chosen", async () => {
  serveHistory();
  const first = renderWithProviders(<HistoryScreen />, { route: '/history', store: reloadedStore() });
  await screen.findByText('No transactions found');
  await first.user.click(screen.getByRole('button', { name: 'Filters' }));
  const panel = screen.getByRole('region', { name: 'Filters' });
  await first.user.click(within(panel).getByRole('button', { name: 'NGN' }));
  await first.user.selectOptions(within(panel).getByRole('combobox', { name: 'Transaction Type' }), 'Sent');
  expect(await screen.findByText('-₦5,000.00 NGN')).toBeInTheDocument();
  first.unmount();

  const queries = serveHistory();
  renderWithProviders(<HistoryScreen />, { route: '/history', store: reloadedStore() });
  expect(await screen.findByText('-₦5,000.00 NGN')).toBeInTheDocument();
  expect(screen.queryByText('+₦7,000.00 NGN')).not.toBeInTheDocument();
  expect(queries).toEqual([{ currency: 'NGN', transaction_type: 'WITHDRAWAL', page: '1' }]);
  const reopened = screen.getByRole('region', { name: 'Filters' });
  expect(within(reopened).getByRole('button', { name: 'NGN' })).toHaveAttribute('aria-pressed', 'true');
  expect(within(reopened).getByRole('combobox', { name: 'Transaction Type' })).toHaveDisplayValue('Sent');
});

test("a refresh keeps Add Money's NGN tab", async () => {
  signIn();
  serveWallets(fakeWallets());
  const first = renderWithProviders(<AddMoneyScreen />, { route: '/add-money', store: reloadedStore() });
  await first.user.click(await screen.findByRole('tab', { name: 'NGN' }));
  first.unmount();

  renderWithProviders(<AddMoneyScreen />, { route: '/add-money', store: reloadedStore() });
  expect(await screen.findByRole('tab', { name: 'NGN' })).toHaveAttribute('aria-selected', 'true');
});

test('a sign-out forgets the view: the next customer in this tab starts at CAD, All Types', async () => {
  serveHistory();
  const { user, store } = renderWithProviders(<HistoryScreen />, { route: '/history', store: reloadedStore() });
  await screen.findByText('No transactions found');
  await user.click(screen.getByRole('button', { name: 'Filters' }));
  await user.click(within(screen.getByRole('region', { name: 'Filters' })).getByRole('button', { name: 'NGN' }));
  expect(sessionStorage.getItem(VIEW_KEY)).not.toBeNull();

  act(() => {
    store.dispatch(sessionEnded({ reason: 'signedOut' }));
  });
  expect(sessionStorage.getItem(VIEW_KEY)).toBeNull();
  expect(reloadedStore().getState().history).toMatchObject({ currency: 'CAD', type: null, page: 1, filtersOpen: false });
});

test('a kept view that is not what the app wrote is left out, part by part', () => {
  sessionStorage.setItem(VIEW_KEY, JSON.stringify({ history: { currency: 'USD', type: null, page: 1, filtersOpen: true }, tabs: { 'add-money': 'NGN', other: 'x' } }));
  expect(restoredView()).toEqual({ ui: { dialogs: {}, steps: {}, tabs: { 'add-money': 'NGN' } } });
  sessionStorage.setItem(VIEW_KEY, JSON.stringify({ history: { currency: 'NGN', type: 'REFUND', page: 0, filtersOpen: false } }));
  expect(restoredView()).toEqual({});
  sessionStorage.setItem(VIEW_KEY, '{not json');
  expect(restoredView()).toEqual({});
});
