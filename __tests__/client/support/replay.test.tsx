import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { userApi } from '../../../src/client/api/user-api';
import { makeStore, type AppStore } from '../../../src/client/app/store';
import DashboardScreen from '../../../src/client/features/dashboard/dashboard-screen';
import ExchangeScreen from '../../../src/client/features/exchange/exchange-screen';
import { buildDiagnostics, type Diagnostics } from '../../../src/client/features/support/diagnostics';
import { renderRoute, renderWithProviders } from '../../support/render';
import { apiPath, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { fakeWallets, serveWallets, withUser } from '../../support/wallet-backend';

setupFakeBackend();

const serveSupportConfig = (supportTools: boolean) =>
  server.use(http.get(apiPath('/support/config'), () => HttpResponse.json({ success: true, data: { supportTools } })));

/** A store on which the app has shown `route` (as the app's route recorder tells the log when a screen opens). */
function storeOn(route: string): AppStore {
  const store = makeStore(withUser());
  store.actionLog.routeVisited(route);
  return store;
}

/**
 * The customer, on their screen, then goes to About and downloads diagnostics: the file as it would be
 * loaded (JSON), with this test's session, handlers and storage cleared.
 */
async function downloadedFrom(store: AppStore, unmount: () => void): Promise<Diagnostics> {
  // The layout loaded the user on the way (the replayed layout reads it from the file).
  await store.dispatch(userApi.endpoints.getUser.initiate());
  store.actionLog.routeVisited('/about');
  const file = buildDiagnostics(store, { route: '/about', viewport: { width: 1280, height: 800 } });
  unmount();
  server.resetHandlers();
  localStorage.clear();
  return JSON.parse(JSON.stringify(file)) as Diagnostics;
}

/** A customer on /exchange typed more than their CAD balance, then went to About and downloaded diagnostics. */
async function customerDiagnostics(): Promise<Diagnostics> {
  signIn();
  serveWallets(fakeWallets());
  const store = storeOn('/exchange');
  const { unmount } = renderWithProviders(<ExchangeScreen />, { route: '/exchange', store });
  expect(await screen.findByText('Rate: 1 CAD = 1,039.50 NGN')).toBeInTheDocument();
  await userEvent.setup().type(screen.getByRole('textbox', { name: 'You send' }), '2000');
  return downloadedFrom(store, unmount);
}

async function loadFile(file: Diagnostics) {
  const requests: string[] = [];
  const rendered = renderRoute('/support/replay');
  const input = await screen.findByLabelText('Diagnostics file');
  server.events.on('request:start', ({ request }) => void requests.push(request.url));
  await rendered.user.upload(input, new File([JSON.stringify(file)], 'diagnostics.json', { type: 'application/json' }));
  const customer = await screen.findByRole('region', { name: "Customer's screen" });
  return { ...rendered, requests, customer };
}

afterEach(() => server.events.removeAllListeners());

test('shows the customer\'s screen from the file, with the network off', async () => {
  const file = await customerDiagnostics();
  serveSupportConfig(true);
  const { requests, customer } = await loadFile(file);

  expect(screen.getByText('Replay mode: the network is off, nothing you do here is sent.')).toBeInTheDocument();
  expect(await within(customer).findByRole('heading', { name: 'Exchange' })).toBeInTheDocument();
  expect(within(customer).getByText('$1,234.50')).toBeInTheDocument();
  expect(within(customer).getByText('₦250,000.00')).toBeInTheDocument();
  const form = within(customer).getByRole('form', { name: 'Convert currency' });
  expect(within(form).getByRole('textbox', { name: 'You send' })).toHaveValue('2,000');
  expect(within(form).getByText('Insufficient CAD balance. Available: 1,234.50 CAD')).toBeInTheDocument();
  expect(requests).toEqual([]);
});

test('steps backwards and forwards through the recorded actions', async () => {
  const file = await customerDiagnostics();
  serveSupportConfig(true);
  const { user, customer } = await loadFile(file);
  const send = () => within(customer).getByRole('textbox', { name: 'You send' });
  await within(customer).findByRole('form', { name: 'Convert currency' });
  const count = file.actions.length;
  const firstEdit = file.actions.findIndex(({ type }) => type === 'exchange/amountEdited');

  expect(screen.getByText(`After action ${count} of ${count}: ${file.actions[count - 1].type}`)).toBeInTheDocument();
  for (let step = count; step > firstEdit; step -= 1) await user.click(screen.getByRole('button', { name: 'Previous action' }));
  expect(send()).toHaveValue('');
  expect(screen.getByRole('button', { name: 'Previous action' })).toBeEnabled();
  await user.click(screen.getByRole('button', { name: 'Next action' }));
  expect(send()).toHaveValue('2');
});

test('refuses mutations in replay mode', async () => {
  const file = await customerDiagnostics();
  serveSupportConfig(true);
  const { user, requests, customer } = await loadFile(file);
  const send = await within(customer).findByRole('textbox', { name: 'You send' });
  await user.clear(send);
  await user.type(send, '10');
  await user.click(within(customer).getByRole('button', { name: 'Convert' }));
  await waitFor(() => expect(screen.getAllByText('Replay mode: nothing is sent.').length).toBeGreaterThan(0));
  expect(requests).toEqual([]);
});

test('is closed unless the build or the server enables support tools', async () => {
  serveSupportConfig(false);
  const { router } = renderRoute('/support/replay');
  // As any path not in spec §2's route table: to '/'.
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  expect(screen.queryByLabelText('Diagnostics file')).toBeNull();
});

test('says so when the file is not a diagnostics file', async () => {
  serveSupportConfig(true);
  const { user } = renderRoute('/support/replay');
  await user.upload(await screen.findByLabelText('Diagnostics file'), new File(['{"hello":1}'], 'x.json', { type: 'application/json' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This is not a Kudi diagnostics file.');
});

/** A customer on /dashboard hid their NGN balance, then went to About and downloaded diagnostics. */
async function dashboardDiagnostics(): Promise<Diagnostics> {
  signIn();
  serveWallets(fakeWallets());
  const store = storeOn('/dashboard');
  const { unmount } = renderWithProviders(<DashboardScreen />, { route: '/dashboard', store });
  expect(await screen.findByText('₦250,000.00')).toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Hide NGN balance' }));
  return downloadedFrom(store, unmount);
}

const BALANCE_KEYS = ['showCADBalance', 'showNairaBalance'];

test("the replay shows the customer's balance preferences and neither reads nor writes the support agent's", async () => {
  const file = await dashboardDiagnostics();
  serveSupportConfig(true);
  // The support agent's own preferences: CAD hidden, NGN shown (the customer's are the other way round).
  localStorage.setItem('showCADBalance', 'false');
  localStorage.setItem('showNairaBalance', 'true');
  const { user } = renderRoute('/support/replay');
  const input = await screen.findByLabelText('Diagnostics file');
  const getItem = jest.spyOn(Storage.prototype, 'getItem');
  const setItem = jest.spyOn(Storage.prototype, 'setItem');
  const balanceKeysUsed = () =>
    [...getItem.mock.calls, ...setItem.mock.calls].map(([key]) => key).filter((key) => BALANCE_KEYS.includes(key));

  await user.upload(input, new File([JSON.stringify(file)], 'diagnostics.json', { type: 'application/json' }));
  const customer = await screen.findByRole('region', { name: "Customer's screen" });

  // The last step: CAD shown, NGN hidden, as the customer had them.
  expect(await within(customer).findByText('$1,234.50')).toBeInTheDocument();
  expect(within(customer).queryByText('₦250,000.00')).not.toBeInTheDocument();
  expect(within(customer).getByRole('button', { name: 'Show NGN balance' })).toBeInTheDocument();

  // Before the customer hid it, the NGN balance was shown (not the agent's CAD preference either).
  const hidden = file.actions.findIndex(({ type }) => type === 'dashboard/balanceVisibilitySet');
  for (let step = file.actions.length; step > hidden; step -= 1) await user.click(screen.getByRole('button', { name: 'Previous action' }));
  expect(within(customer).getByText('₦250,000.00')).toBeInTheDocument();
  expect(within(customer).getByText('$1,234.50')).toBeInTheDocument();

  // A toggle inside the replay changes the replayed screen only.
  await user.click(within(customer).getByRole('button', { name: 'Hide CAD balance' }));
  expect(within(customer).queryByText('$1,234.50')).not.toBeInTheDocument();

  expect(balanceKeysUsed()).toEqual([]);
  expect(localStorage.getItem('showCADBalance')).toBe('false');
  expect(localStorage.getItem('showNairaBalance')).toBe('true');
  getItem.mockRestore();
  setItem.mockRestore();
});

/** `file` as JSON with `change` made to a copy of it. */
type Editable = Record<string, unknown> & { state: Record<string, unknown>; actions: unknown[] };
const changed = (file: Diagnostics, change: (copy: Editable) => void): string => {
  const copy = JSON.parse(JSON.stringify(file)) as Editable;
  change(copy);
  return JSON.stringify(copy);
};

test('refuses a file without the shape of a diagnostics file, saying so, and the page stays', async () => {
  const file = await customerDiagnostics();
  serveSupportConfig(true);
  const { user } = renderRoute('/support/replay');
  const malformed: [string, string][] = [
    ['state without api', changed(file, (copy) => delete copy.state.api)],
    ['state null', changed(file, (copy) => (copy.state = null as never))],
    ['minimal', JSON.stringify({ kind: 'kudi-diagnostics', state: {}, actions: [] })],
    ['a null action', changed(file, (copy) => copy.actions.push(null))],
    ['no app', changed(file, (copy) => delete copy.app)],
    ['state without session', changed(file, (copy) => delete copy.state.session)],
    ['recentRoutes a string', changed(file, (copy) => (copy.recentRoutes = '/exchange'))],
  ];
  await screen.findByLabelText('Diagnostics file');
  for (const [name, text] of malformed) {
    await user.upload(screen.getByLabelText('Diagnostics file'), new File([text], `${name}.json`, { type: 'application/json' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is not a Kudi diagnostics file.');
    expect(screen.queryByRole('region', { name: "Customer's screen" })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Replay diagnostics' })).toBeInTheDocument();
  }
  // A good file after them replays.
  await user.upload(screen.getByLabelText('Diagnostics file'), new File([JSON.stringify(file)], 'good.json', { type: 'application/json' }));
  const customer = await screen.findByRole('region', { name: "Customer's screen" });
  expect(await within(customer).findByRole('heading', { name: 'Exchange' })).toBeInTheDocument();
  expect(screen.queryByRole('alert', { name: /not a Kudi/ })).not.toBeInTheDocument();
});

test("a screen that cannot read the file's state says so in the customer's screen; the page and its controls stay", async () => {
  const file = await customerDiagnostics();
  serveSupportConfig(true);
  const text = changed(file, (copy) => (copy.state.exchange = { from: 'XYZ', to: 7, driver: null, amount: {} }));
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const { user } = renderRoute('/support/replay');
  await user.upload(await screen.findByLabelText('Diagnostics file'), new File([text], 'odd.json', { type: 'application/json' }));
  const customer = await screen.findByRole('region', { name: "Customer's screen" });
  expect(await within(customer).findByRole('alert')).toHaveTextContent('This file cannot be replayed here:');
  expect(screen.getByRole('button', { name: 'Previous action' })).toBeEnabled();
  errors.mockRestore();
});

test('"Download diagnostics" inside the replayed screen refuses as replay mode does, and nothing is saved', async () => {
  const file = await customerDiagnostics();
  serveSupportConfig(true);
  const { user, requests, customer } = await loadFile(file);
  await within(customer).findByRole('heading', { name: 'Exchange' });
  const createObjectURL = jest.fn(() => 'blob:diagnostics');
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });

  await user.click(within(within(customer).getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'About' }));
  await user.click(await within(customer).findByRole('button', { name: 'Help Center' }));
  await user.click(within(customer).getByRole('button', { name: 'Download diagnostics' }));

  expect(await screen.findByText('Replay mode: nothing is sent.')).toBeInTheDocument();
  expect(createObjectURL).not.toHaveBeenCalled();
  expect(within(customer).getByRole('button', { name: 'Download diagnostics' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Previous action' })).toBeInTheDocument();
  expect(requests).toEqual([]);
});
