import { act, screen, waitFor, within } from '@testing-library/react';
import { walletApi } from '../../../src/client/api/wallet-api';
import { payoutWatched } from '../../../src/client/features/history';
import { PENDING_POLL_MS } from '../../../src/client/features/history/pending-watch';
import { renderRoute } from '../../support/render';
import { backend, setupFakeBackend, signIn } from '../../support/server-mock';
import { CREATED_AT, enterPin, continueReview, serveMoney } from '../../support/transfer-backend';
import { toastsShown } from '../../support/toasts';
import { fakeWallets, serveWallets, transaction, transactionDetail, withUser, type FakeWallets } from '../../support/wallet-backend';

setupFakeBackend();

/** Long enough for one more round of polling to have happened. */
const ONE_POLL = PENDING_POLL_MS + 2_000;
// The polls run on Jest's clock: time passes when a test (or waitFor, 50 ms a step) advances it,
// so waiting out a poll costs no real time. Promises and Node's own callbacks stay real.
const passes = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
afterEach(() => jest.useRealTimers());

function start(route: string, setup: (wallets: FakeWallets) => void = () => undefined) {
  jest.useFakeTimers();
  signIn();
  const wallets = fakeWallets();
  setup(wallets);
  serveWallets(wallets);
  serveMoney(wallets);
  return { wallets, ...renderRoute(route, { preloadedState: withUser() }) };
}

const payout = transaction({
  id: 'KD-PAY-1',
  transaction_type: 'WITHDRAWAL',
  amount: 40,
  recipient_name: 'Chidi Eze',
  recieved_from: null,
  direction: 'debit',
  status: 'pending',
});

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

/** From /transfer-cad, $25.50 to Bola Ade through review and PIN: the receipt of the payout answered pending (CAD-TX-1). */
async function sendCadPayout() {
  const rendered = start('/transfer-cad');
  const { wallets, user } = rendered;
  expect(await screen.findByRole('heading', { level: 1, name: 'Send CAD' })).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: 'Recipient name' }), 'Bola Ade');
  await user.type(screen.getByRole('textbox', { name: 'Recipient email' }), 'bola@example.com');
  await user.type(screen.getByRole('spinbutton', { name: 'Amount (CAD)' }), '25.50');
  // What the server will answer for the payout the fake backend names CAD-TX-1.
  const sent = transaction({ id: 'CAD-TX-1', transaction_type: 'WITHDRAWAL', amount: 25.5, recipient_name: 'Bola Ade', recieved_from: null, direction: 'debit', status: 'pending' });
  wallets.details[sent.id] = transactionDetail(sent, { arrives_by: CREATED_AT, cancellable: true });
  await user.click(screen.getByRole('button', { name: 'Send' }));
  await continueReview(user);
  await enterPin(user);
  return { ...rendered, sent, receipt: await screen.findByRole('dialog', { name: 'Transaction Receipt' }) };
}

describe('a toast tells an open app when a pending item settles', () => {
  test('on the history page: a payout that fails is told once, with its refund; the row follows and the wallet is asked again', async () => {
    const { wallets, store } = start('/history', (state) => {
      state.transactions = [{ ...payout }];
      state.details[payout.id] = transactionDetail(payout, { arrives_by: CREATED_AT });
    });
    // The CAD balance, as another part of the app holds it.
    store.dispatch(walletApi.endpoints.getCadWallet.initiate());
    expect(await screen.findByText('pending')).toBeInTheDocument();
    await waitFor(() => expect(backend.seen('/wallet/cad-wallet').length).toBeGreaterThan(0));
    const walletCalls = backend.seen('/wallet/cad-wallet').length;

    wallets.transactions = [{ ...payout, status: 'failed', refunded: true }];
    const told = 'Your transfer of $40.00 to Chidi Eze failed. The money is back in your wallet.';
    await waitFor(() => expect(toastsShown()).toContain(told), { timeout: ONE_POLL });
    expect(within(rows()[0]).getAllByRole('cell')[4]).toHaveTextContent('failed Refunded');
    await waitFor(() => expect(backend.seen('/wallet/cad-wallet').length).toBeGreaterThan(walletCalls));

    // Nothing is pending any more: no more asking, and no second toast.
    const listCalls = backend.seen('/wallet/transactions').length;
    await passes(ONE_POLL);
    expect(backend.seen('/wallet/transactions')).toHaveLength(listCalls);
    expect(toastsShown().filter((text) => text === told)).toHaveLength(1);
  });

  test("a payout's fee, pending with it, is no transfer of its own: only the payout's completion is told", async () => {
    const fee = transaction({
      id: 'KD-FEE-1',
      transaction_type: 'WITHDRAWAL',
      amount: 1.5,
      description: 'Fee for KD0123456789ABCDEF',
      recipient_name: null,
      recieved_from: null,
      direction: 'debit',
      status: 'pending',
    });
    const { wallets } = start('/history', (state) => {
      state.transactions = [{ ...payout }, { ...fee }];
      state.details[payout.id] = transactionDetail(payout, { arrives_by: CREATED_AT });
      state.details[fee.id] = transactionDetail(fee);
    });
    expect(await screen.findAllByText('pending')).toHaveLength(2);

    wallets.transactions = [{ ...payout, status: 'completed' }, { ...fee, status: 'completed' }];
    await waitFor(() => expect(toastsShown()).toContain('Your transfer of $40.00 to Chidi Eze has completed.'), { timeout: ONE_POLL });
    await passes(ONE_POLL);
    expect(toastsShown().filter((text) => text.startsWith('Your transfer'))).toEqual(['Your transfer of $40.00 to Chidi Eze has completed.']);
  });

  test('on the detail page: a payout that completes is told, and its page follows', async () => {
    const { wallets } = start(`/history/${payout.id}`, (state) => {
      state.transactions = [{ ...payout }];
      state.details[payout.id] = transactionDetail(payout, { arrives_by: CREATED_AT, cancellable: true });
    });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('pending')).toBeInTheDocument();

    const done = { ...payout, status: 'completed' as const };
    wallets.details[payout.id] = transactionDetail(done, { arrives_by: CREATED_AT });
    await waitFor(() => expect(toastsShown()).toContain('Your transfer of $40.00 to Chidi Eze has completed.'), { timeout: ONE_POLL });
    expect(await within(summary).findByText('completed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel transfer' })).not.toBeInTheDocument();
  });

  test('a payout just sent is watched on any screen: its completion is told on the dashboard, then the watch stops', async () => {
    const { wallets, user, router, store, sent, receipt } = await sendCadPayout();
    expect(store.getState().pendingWatch.items['CAD-TX-1']).toMatchObject({ status: 'pending', polled: true });

    await user.click(within(receipt).getByRole('button', { name: 'Done' }));
    await user.click(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Home' }));
    expect(router.state.location.pathname).toBe('/dashboard');

    wallets.details[sent.id] = transactionDetail({ ...sent, status: 'completed' }, { arrives_by: CREATED_AT });
    await waitFor(() => expect(toastsShown()).toContain('Your transfer of $25.50 to Bola Ade has completed.'), { timeout: ONE_POLL });
    expect(store.getState().pendingWatch.items).toEqual({});
    const asked = backend.seen('/transactions/CAD-TX-1').length;
    await passes(ONE_POLL);
    expect(backend.seen('/transactions/CAD-TX-1')).toHaveLength(asked);
  });

  test('a receipt left open follows its payout: on its way, then failed with the money back, and no arrival time any more', async () => {
    const { wallets, sent, receipt } = await sendCadPayout();
    expect(within(receipt).getByText('On its way')).toBeInTheDocument();
    expect(within(receipt).getByText('Arrives by')).toBeInTheDocument();

    wallets.details[sent.id] = transactionDetail({ ...sent, status: 'failed', refunded: true }, { arrives_by: CREATED_AT });
    await waitFor(() => expect(toastsShown()).toContain('Your transfer of $25.50 to Bola Ade failed. The money is back in your wallet.'), { timeout: ONE_POLL });
    expect(receipt).toHaveAccessibleDescription('Failed. The money is back in your wallet.');
    expect(within(receipt).getByText('Failed')).toBeInTheDocument();
    expect(within(receipt).queryByText('On its way')).not.toBeInTheDocument();
    expect(within(receipt).queryByText('Arrives by')).not.toBeInTheDocument();
  });

  test('a payout still pending when the app opens (sent before a reload) is watched too: its failure is told on the dashboard', async () => {
    const { wallets, store } = start('/dashboard', (state) => {
      state.transactions = [{ ...payout }];
      state.details[payout.id] = transactionDetail(payout, { arrives_by: CREATED_AT });
    });
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument();
    await waitFor(() => expect(store.getState().pendingWatch.items[payout.id]).toMatchObject({ status: 'pending', polled: true }));

    wallets.details[payout.id] = transactionDetail({ ...payout, status: 'failed', refunded: true }, { arrives_by: CREATED_AT });
    await waitFor(() => expect(toastsShown()).toContain('Your transfer of $40.00 to Chidi Eze failed. The money is back in your wallet.'), { timeout: ONE_POLL });
    expect(store.getState().pendingWatch.items).toEqual({});
  });

  test('a watched payout whose detail is not found is dropped: no toast, no more asking', async () => {
    const { store } = start('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument();
    act(() => void store.dispatch(payoutWatched({ id: 'KD-GONE', currency: 'CAD', status: 'pending' })));

    await waitFor(() => expect(store.getState().pendingWatch.items).toEqual({}));
    const asked = backend.seen('/transactions/KD-GONE').length;
    expect(asked).toBe(1);
    await passes(ONE_POLL);
    expect(backend.seen('/transactions/KD-GONE')).toHaveLength(asked);
    expect(toastsShown().filter((text) => text.startsWith('Your transfer'))).toEqual([]);
  });
});
