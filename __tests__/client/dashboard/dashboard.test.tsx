import { setupListeners } from '@reduxjs/toolkit/query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { dialogIds } from '../../../src/client/app/dialog-ids';
import { makeStore, type AppStore } from '../../../src/client/app/store';
import DashboardScreen from '../../../src/client/features/dashboard/dashboard-screen';
import TransferNairaScreen from '../../../src/client/features/transfer-naira/transfer-naira-screen';
import type { User } from '../../../src/shared/types';
import { renderRoute, renderWithProviders } from '../../support/render';
import { apiPath, backend, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { fakeWallets, LocationProbe, serveWallets, withUser, type FakeWallets } from '../../support/wallet-backend';

setupFakeBackend();

interface Options {
  user?: Partial<User>;
  wallets?: FakeWallets;
  store?: AppStore;
  /** Handlers that take precedence over the fake wallet backend. */
  handlers?: Parameters<typeof server.use>;
}

function renderDashboard({ user, wallets = fakeWallets(), store, handlers = [] }: Options = {}) {
  if (!store) signIn();
  serveWallets(wallets);
  server.use(...handlers);
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard" element={<DashboardScreen />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: '/dashboard', ...(store ? { store } : { preloadedState: withUser(user) }) },
  );
}

const balanceCard = (currency: string) => screen.getByRole('region', { name: `${currency} Balance` });

describe('dashboard', () => {
  test('greets, says it is loading, then shows both balances with symbol, commas and 2 decimals', async () => {
    renderDashboard();

    expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument();
    expect(screen.getByText('Your financial journey starts here')).toBeInTheDocument();
    expect(screen.getByText('Loading your dashboard...')).toBeInTheDocument();
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(within(balanceCard('NGN')).getByText('₦250,000.00')).toBeInTheDocument();
    expect(screen.queryByText('Loading your dashboard...')).not.toBeInTheDocument();
  });

  test("opened at /dashboard, the wait for the customer's own fields says the dashboard's loading text too (spec §2)", async () => {
    signIn();
    serveWallets(fakeWallets());
    renderRoute('/dashboard');
    expect(screen.getByText('Loading your dashboard...')).toBeInTheDocument();
    expect(screen.queryByText(/Loading your account/)).not.toBeInTheDocument();
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  });

  test('sends the device time zone on every load of the dashboard, once per load', async () => {
    const bodies: unknown[] = [];
    signIn();
    const store = makeStore(withUser());
    const capture = http.post(apiPath('/auth/update-timezone'), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ success: true, message: 'Time zone updated' });
    });
    const first = renderDashboard({ store, handlers: [capture] });
    await screen.findByText('$1,234.50');
    await waitFor(() => expect(bodies).toHaveLength(1));
    first.unmount();

    // Back on the dashboard in the same session: sent again.
    renderDashboard({ store, handlers: [capture] });
    await screen.findByText('$1,234.50');

    await waitFor(() => expect(bodies).toHaveLength(2));
    const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(bodies).toEqual([{ timezone }, { timezone }]);
    expect(backend.seen('/auth/update-timezone')).toHaveLength(2);
  });

  test('hiding a balance shows dots, is remembered in localStorage and kept in the store', async () => {
    const { user, store } = renderDashboard();
    await screen.findByText('$1,234.50');

    await user.click(screen.getByRole('button', { name: 'Hide CAD balance' }));

    expect(screen.queryByText('$1,234.50')).not.toBeInTheDocument();
    expect(within(balanceCard('CAD')).getByText('••••••')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show CAD balance' })).toBeInTheDocument();
    expect(screen.getByText('₦250,000.00')).toBeInTheDocument();
    expect(localStorage.getItem('showCADBalance')).toBe('false');
    expect(store.getState().dashboard.showBalance).toEqual({ CAD: false, NGN: true });

    await user.click(screen.getByRole('button', { name: 'Show CAD balance' }));
    expect(screen.getByText('$1,234.50')).toBeInTheDocument();
    expect(localStorage.getItem('showCADBalance')).toBe('true');
  });

  test('the hidden choice survives a reload (per currency)', async () => {
    localStorage.setItem('showNairaBalance', 'false');
    renderDashboard();

    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(screen.queryByText('₦250,000.00')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show NGN balance' })).toBeInTheDocument();
  });

  test('the rate tiles show 1 CAD in NGN and 1 NGN in CAD from the two quotes', async () => {
    renderDashboard();
    const rates = await screen.findByRole('region', { name: 'Exchange Rates' });

    expect(await within(rates).findByText('₦1,039.50')).toBeInTheDocument();
    // 1 / 1060.50 = 0.000942951…
    expect(within(rates).getByText('$0.000943')).toBeInTheDocument();
    expect(backend.seen('/wallet/get-rates')).toHaveLength(2);
  });

  test('load failures say so', async () => {
    renderDashboard({
      handlers: [
        http.get(apiPath('/wallet/get-rates'), () => HttpResponse.error()),
        http.get(apiPath('/wallet/cad-wallet'), () => HttpResponse.error()),
      ],
    });

    expect(await screen.findByText('Failed to load wallet data')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load exchange rates')).toBeInTheDocument();
  });
});

describe('quick action tiles', () => {
  test.each([
    ['Wallet Details', '/add-money'],
    ['Send to a Kudi user', '/transfer-kudi'],
    ['Exchange', '/exchange'],
    ['History', '/history'],
    ['School', '/bill-payment?category=school'],
    ['Electricity', '/bill-payment?category=electricity'],
    ['Pay Bills', '/bill-payment?category=bills'],
  ])('a verified user with a PIN: %s goes to %s', async (tile, path) => {
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: tile }));
    expect(screen.getByTestId('location')).toHaveTextContent(path);
  });

  test.each([
    ['Send CAD', '/transfer-cad'],
    ['Send NGN', '/transfer-naira'],
  ])('Send Money opens Select Currency; %s goes to %s', async (choice, path) => {
    const { user, store } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Send Money' }));

    const dialog = screen.getByRole('dialog', { name: 'Select Currency' });
    expect(within(dialog).getByRole('heading', { name: 'Canadian Dollar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Nigerian Naira' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: choice }));

    expect(screen.getByTestId('location')).toHaveTextContent(path);
    expect(store.getState().ui.dialogs).toEqual({});
  });

  test('Send NGN with a naira wallet that is not activated still goes to /transfer-naira, which asks to activate it', async () => {
    signIn();
    serveWallets(fakeWallets({ ngn: { is_wallet_activated: false } }));
    const { user, store } = renderWithProviders(
      <Routes>
        <Route path="/dashboard" element={<DashboardScreen />} />
        <Route path="/transfer-naira" element={<><LocationProbe /><TransferNairaScreen /></>} />
      </Routes>,
      { route: '/dashboard', preloadedState: withUser() },
    );
    await user.click(await screen.findByRole('button', { name: 'Send Money' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Select Currency' })).getByRole('button', { name: 'Send NGN' }));

    expect(screen.getByTestId('location')).toHaveTextContent('/transfer-naira');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().ui.dialogs).toEqual({});
    expect(await screen.findByText('Your Naira wallet needs to be activated before you can receive payments.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate Wallet' })).toBeInTheDocument();
  });

  test('without a transaction PIN a tile opens the set-PIN dialog instead', async () => {
    const { user, store } = renderDashboard({ user: { is_set_transaction_pin: false } });
    await user.click(await screen.findByRole('button', { name: 'Exchange' }));

    expect(store.getState().ui.dialogs).toEqual({ [dialogIds.setPin]: true });
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  test('not fully verified (with a first name) a tile opens the verification reminder first', async () => {
    const { user, store } = renderDashboard({ user: { is_identity_verified: false, is_set_transaction_pin: false } });
    await user.click(await screen.findByRole('button', { name: 'Send Money' }));

    expect(store.getState().ui.dialogs).toEqual({ [dialogIds.verificationReminder]: true });
    expect(screen.queryByRole('dialog', { name: 'Select Currency' })).not.toBeInTheDocument();
  });
});

describe('money arriving from outside the app (a deposit through the rail)', () => {
  test('coming back to the dashboard shows the new balances, without a reload', async () => {
    signIn();
    const store = makeStore(withUser());
    const wallets = fakeWallets();
    const first = renderDashboard({ store, wallets });
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    first.unmount();

    // The server's balances change (a CAD and an NGN deposit) while the customer is elsewhere.
    wallets.cad.balance = 2000;
    wallets.ngn.balance = 260500.25;
    renderDashboard({ store, wallets });

    expect(await screen.findByText('$2,000.00')).toBeInTheDocument();
    expect(within(balanceCard('NGN')).getByText('₦260,500.25')).toBeInTheDocument();
    expect(screen.queryByText('$1,234.50')).not.toBeInTheDocument();
  });

  test('the balances are asked again when the window regains focus', async () => {
    const wallets = fakeWallets();
    const { store } = renderDashboard({ wallets });
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    const unsubscribe = setupListeners(store.dispatch);
    try {
      wallets.cad.balance = 1485.25;
      act(() => void window.dispatchEvent(new Event('focus')));
      expect(await screen.findByText('$1,485.25')).toBeInTheDocument();
    } finally {
      unsubscribe();
    }
  });
});

test('a Select Currency dialog left open does not reappear when the customer comes back to the dashboard', async () => {
  signIn();
  const store = makeStore(withUser());
  const first = renderDashboard({ store });
  await first.user.click(await screen.findByRole('button', { name: 'Send Money' }));
  expect(screen.getByRole('dialog', { name: 'Select Currency' })).toBeInTheDocument();
  first.unmount();

  renderDashboard({ store });
  expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(store.getState().ui.dialogs).toEqual({});
});
