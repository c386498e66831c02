import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { api } from '../../../src/client/api/api';
import TransferCadScreen from '../../../src/client/features/transfer-cad/transfer-cad-screen';
import type { RootState } from '../../../src/client/app/store';
import { historyApi } from '../../../src/client/features/history/history-api';
import { basicLimits, pricing, pricingHandler } from '../../support/pricing-backend';
import { renderRoute, renderWithProviders } from '../../support/render';
import { apiPath, backend, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { cadBalanceDrops, continueReview, enterPin, ON_ITS_WAY, serveMoney, WRONG_PIN_MESSAGE } from '../../support/transfer-backend';
import { expectAmountFits, expectOnFormAndAsToast, expectOnlyAsToast, expectUnderAmount, toastsShown } from '../../support/toasts';
import { fakeWallets, serveWallets, withUser } from '../../support/wallet-backend';
import { transfers } from '../../../src/shared/messages';

setupFakeBackend();
// Jest's clock: the app's timers (debounces, polls, countdowns) pass while findBy*/waitFor wait, not in real time.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());
afterEach(() => jest.restoreAllMocks());

const WITHDRAWAL = '/wallet/cad-withdrawal';

function renderCad(handlers: Parameters<typeof server.use> = [], cadBalance?: number) {
  signIn();
  const wallets = serveWallets(fakeWallets(cadBalance === undefined ? {} : { cad: { balance: cadBalance } }));
  const money = serveMoney(wallets);
  server.use(...handlers);
  return { wallets, money, ...renderWithProviders(<TransferCadScreen />, { route: '/transfer-cad', preloadedState: withUser() }) };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const amount = () => screen.getByRole('spinbutton', { name: 'Amount (CAD)' });
const send = () => screen.getByRole('button', { name: 'Send' });

async function fill(user: ReturnType<typeof renderCad>['user'], values: { name?: string; email?: string; amount?: string }) {
  if (values.name) await user.type(field('Recipient name'), values.name);
  if (values.email) await user.type(field('Recipient email'), values.email);
  if (values.amount) await user.type(amount(), values.amount);
}

const loaded = async () => expect(await screen.findByText('$1,234.50')).toBeInTheDocument();

describe('CAD withdrawal form', () => {
  test('is wired at /transfer-cad', async () => {
    signIn();
    serveMoney(serveWallets(fakeWallets()));
    renderRoute('/transfer-cad');
    expect(await screen.findByRole('heading', { level: 1, name: 'Send CAD' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Send via Interac' })).toBeInTheDocument();
  });

  test('shows the current balance and the wallet reference question and answer, read-only and copyable', async () => {
    renderCad();
    await loaded();
    expect(screen.getByRole('region', { name: 'Current Balance' })).toHaveTextContent('$1,234.50');
    expect(field('Reference question')).toHaveValue('Kudi');
    expect(field('Reference question')).toHaveAttribute('readonly');
    expect(field('Security answer')).toHaveValue('wallet42');
    expect(field('Security answer')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Copy reference question' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy security answer' })).toBeInTheDocument();
    expect(amount()).toHaveAttribute('step', '0.01');
  });

  test.each([
    ['no recipient name', { email: 'bola@example.com', amount: '10' }],
    ['no recipient email', { name: 'Bola Ade', amount: '10' }],
    ['no amount', { name: 'Bola Ade', email: 'bola@example.com' }],
    ['an email that is not one', { name: 'Bola Ade', email: 'bola', amount: '10' }],
  ])('with %s: "Please fill in all fields correctly" on the form and as a toast, no PIN asked', async (_case, values) => {
    const { user } = renderCad();
    await loaded();
    await fill(user, values);
    await user.click(send());

    await expectOnFormAndAsToast('Please fill in all fields correctly');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a wallet that cannot be loaded: "Failed to fetch wallet details" and "Failed to load wallet details", as toasts', async () => {
    renderCad([http.get(apiPath('/wallet/cad-wallet'), () => HttpResponse.error())]);

    await expectOnlyAsToast('Failed to fetch wallet details');
    await expectOnlyAsToast('Failed to load wallet details');
  });

  test('a refetch that fails while the wallet is shown: "Failed to fetch wallet details" only, the balance stays', async () => {
    const { store } = renderCad();
    await loaded();
    server.use(http.get(apiPath('/wallet/cad-wallet'), () => HttpResponse.error()));

    act(() => void store.dispatch(api.util.invalidateTags([{ type: 'Wallet', id: 'CAD' }])));

    await expectOnlyAsToast('Failed to fetch wallet details');
    expect(screen.getByRole('region', { name: 'Current Balance' })).toHaveTextContent('$1,234.50');
    expect(screen.queryByText('Failed to load wallet details')).not.toBeInTheDocument();
  });

  test('without the wallet: "Wallet details not available" on the form and as a toast, no PIN asked', async () => {
    const { user } = renderCad([http.get(apiPath('/wallet/cad-wallet'), () => HttpResponse.error())]);
    expect(await screen.findByText('Failed to fetch wallet details')).toBeInTheDocument();
    await fill(user, { name: 'Bola Ade', email: 'bola@example.com', amount: '10' });
    await user.click(send());

    await expectOnFormAndAsToast('Wallet details not available');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

test('Send with a field missing or wrong: the first field the form refused takes the focus', async () => {
  const { user } = renderCad();
  expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  await fill(user, { email: 'bola@example.com', amount: '10' });
  await user.click(send());
  await expectOnFormAndAsToast('Please fill in all fields correctly');
  expect(field('Recipient name')).toHaveFocus();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  // The field the message is about says so to a screen reader; the others do not.
  expect(field('Recipient name')).toBeInvalid();
  expect(field('Recipient name')).toHaveAccessibleDescription('Please fill in all fields correctly');
  expect(field('Recipient email')).toBeValid();
  expect(amount()).toBeValid();

  await user.type(field('Recipient name'), 'Bola Ade');
  await waitFor(() => expect(field('Recipient name')).toBeValid());
  expect(field('Recipient name')).not.toHaveAccessibleDescription();
});

describe('the amount checked as it is typed (spec-next §A, §B): said under it, Send disabled', () => {
  test('within the $100.00 balance, but not with the $1.50 fee: the fee is named, no toast; within with the fee, Send is enabled', async () => {
    const { user } = renderCad([pricingHandler(apiPath, { interac: { flat: '1.50' } })], 100);
    expect(await screen.findByText('$100.00')).toBeInTheDocument();
    await waitFor(() => expect(backend.seen('/pricing')).not.toHaveLength(0));
    await fill(user, { name: 'Bola Ade', email: 'bola@example.com', amount: '99.00' });

    const message = 'Amount plus the fee of $1.50 cannot exceed your balance of $100.00 CAD';
    await expectUnderAmount(message, amount(), send());

    await expectAmountFits(user, { amount, send, typed: '98.50', message });
    await user.click(send());
    expect(await screen.findByRole('dialog', { name: 'Review' })).toHaveTextContent('Total from your wallet$100.00');
  });

  test('above the balance by itself: "Insufficient CAD balance" under the amount, Send disabled', async () => {
    const { user } = renderCad([pricingHandler(apiPath, { interac: { flat: '1.50' } })]);
    await loaded();
    await fill(user, { amount: '1234.51' });
    expect(await screen.findByText('Insufficient CAD balance')).toBeInTheDocument();
    expect(amount()).toHaveAccessibleDescription('Insufficient CAD balance');
    expect(screen.queryByText(/Amount plus the fee/)).not.toBeInTheDocument();
    expect(send()).toBeDisabled();
  });

  test.each([
    ['the per-transfer limit', {}, '1200', 'This exceeds your per-transfer limit of $1,000.00.'],
    ['what is left today', { used_today: '900.00', remaining_today: '100.00' }, '100.01', 'This exceeds your daily limit. You can send up to $100.00 more today.'],
  ])('above %s: the 403 text under the amount, Send disabled; within it, enabled', async (_case, limits, typed, message) => {
    pricing.limits = basicLimits(limits);
    const { user } = renderCad();
    await loaded();
    await waitFor(() => expect(backend.seen('/limits')).not.toHaveLength(0));
    await fill(user, { name: 'Bola Ade', email: 'bola@example.com', amount: typed });

    await expectUnderAmount(message, amount(), send());

    await expectAmountFits(user, { amount, send, typed: '100', message });
  });

  test('a balance that drops while the PIN is asked: Confirm sends nothing and goes back to the form, which says why', async () => {
    const { user, store, wallets, money } = renderCad();
    await loaded();
    await fill(user, { name: 'Bola Ade', email: 'bola@example.com', amount: '1000' });
    await user.click(send());
    await continueReview(user);
    await cadBalanceDrops(store, wallets, { to: 500, shown: '$500.00' });
    await enterPin(user);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(amount()).toHaveAccessibleDescription('Insufficient CAD balance');
    expect(send()).toBeDisabled();
    expect(money.calls(WITHDRAWAL)).toHaveLength(0);
  });

  test('without the fee table or the limits (not answered): nothing is refused that the balance allows', async () => {
    const { user } = renderCad([
      http.get(apiPath('/pricing'), () => HttpResponse.error()),
      http.get(apiPath('/limits'), () => HttpResponse.error()),
    ]);
    await loaded();
    await waitFor(() => expect(backend.seen('/limits')).not.toHaveLength(0));
    await fill(user, { name: 'Bola Ade', email: 'bola@example.com', amount: '1234.50' });

    expect(amount()).not.toHaveAccessibleDescription();
    expect(send()).toBeEnabled();
    await user.click(send());
    expect(await screen.findByRole('dialog', { name: 'Review' })).toBeInTheDocument();
  });
});

describe('sending by Interac', () => {
  test('Send asks for the PIN; Confirm sends the exact payload with an Idempotency-Key, then shows the receipt and refetches balance and history', async () => {
    const { user, store, money } = renderCad();
    store.dispatch(historyApi.endpoints.getTransactions.initiate({ currency: 'CAD', type: null, page: 1 }));
    await loaded();
    await waitFor(() => expect(backend.seen('/wallet/transactions')).toHaveLength(1));

    await fill(user, { name: ' Bola Ade ', email: 'bola@example.com', amount: '25.5' });
    await user.click(send());
    await continueReview(user);
    expect(store.getState().ui.dialogs['transfer-cad-pin']).toBe(true);
    await enterPin(user);

    // spec-next §C: the payout is pending, so the result says it is on its way, never completed.
    await waitFor(() => expect(toastsShown()).toContain(ON_ITS_WAY));
    expect(screen.queryByText('Transaction completed successfully!')).not.toBeInTheDocument();
    expect(money.calls(WITHDRAWAL)).toEqual([
      {
        Amount: 25.5,
        CustomerEmail: 'bola@example.com',
        CustomerName: 'Bola Ade',
        Description: 'Interac e-Transfer from Kudi',
        SecurityQuestion: 'Kudi',
        SecurityQuestionAnswer: 'wallet42',
        transaction_pin: '1234',
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    ]);
    expect(backend.seen(WITHDRAWAL)[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    const receipt = await screen.findByRole('dialog', { name: 'Transaction Receipt' });
    expect(within(receipt).getByText(ON_ITS_WAY)).toBeInTheDocument();
    expect(receipt).toHaveTextContent('Amount$25.50');
    expect(receipt).toHaveTextContent('Fee$0.00');
    expect(receipt).toHaveTextContent('RecipientBola Ade');
    expect(receipt).toHaveTextContent('Sent byInterac e-Transfer');
    expect(receipt).toHaveTextContent('StatusOn its way');
    expect(receipt).toHaveTextContent(/Arrives by[A-Z][a-z]+ \d{1,2}, \d{4} 3:45 PM/);
    expect(receipt).toHaveTextContent('Transaction referenceCAD-TX-1');
    expect(receipt).toHaveTextContent(/DateMarch 1[45], 2025/);
    expect(screen.queryByRole('dialog', { name: 'Enter Transaction PIN' })).not.toBeInTheDocument();

    // The fields clear; the wallet (1,234.50 − 25.50) and its history refetch.
    expect(field('Recipient name')).toHaveValue('');
    expect(field('Recipient email')).toHaveValue('');
    expect(amount()).toHaveValue(null);
    expect(await screen.findByText('$1,209.00')).toBeInTheDocument();
    await waitFor(() => expect(backend.seen('/wallet/transactions')).toHaveLength(2));

    await user.click(within(receipt).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('the result links to the payout\'s detail page (spec-next §C)', async () => {
    signIn();
    const wallets = serveWallets(fakeWallets());
    serveMoney(wallets);
    const { user, router } = renderRoute('/transfer-cad', { preloadedState: withUser() });
    await loaded();
    await fill(user, { name: 'Bola Ade', email: 'bola@example.com', amount: '10' });
    await user.click(send());
    await continueReview(user);
    await enterPin(user);

    const receipt = await screen.findByRole('dialog', { name: 'Transaction Receipt' });
    await user.click(within(receipt).getByRole('button', { name: 'View details' }));
    expect(router.state.location.pathname).toBe('/history/CAD-TX-1');
    expect(screen.queryByRole('dialog', { name: 'Transaction Receipt' })).not.toBeInTheDocument();
    // The fake backend has no detail for it: the page says so.
    expect(await screen.findByText('Transaction not found')).toBeInTheDocument();
  });

  test('a wrong PIN shows the server message and keeps the modal for another try; the right one goes through', async () => {
    const { user } = renderCad();
    await loaded();
    await fill(user, { name: 'Bola Ade', email: 'bola@example.com', amount: '10' });
    await user.click(send());
    await continueReview(user);

    await enterPin(user, '9999');
    expect(await screen.findByText(WRONG_PIN_MESSAGE)).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Enter Transaction PIN' });
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();

    await enterPin(user);
    expect(await screen.findByRole('dialog', { name: 'Transaction Receipt' })).toBeInTheDocument();
  });

  test('a retry after a token refresh reuses the Idempotency-Key; the next submission gets a new one', async () => {
    let calls = 0;
    const { user } = renderCad([
      // The first answer is a 401; later ones fall through to the fake backend.
      http.post(apiPath(WITHDRAWAL), () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ success: false, message: 'Unauthorized' }, { status: 401 }) : undefined;
      }),
    ]);
    await loaded();
    await fill(user, { name: 'Bola Ade', email: 'bola@example.com', amount: '10' });
    await user.click(send());
    await continueReview(user);
    await enterPin(user);
    const receipt = await screen.findByRole('dialog', { name: 'Transaction Receipt' });
    await user.click(within(receipt).getByRole('button', { name: 'Done' }));

    await fill(user, { name: 'Bola Ade', email: 'bola@example.com', amount: '10' });
    await user.click(send());
    await continueReview(user);
    await enterPin(user);
    expect(await screen.findByRole('dialog', { name: 'Transaction Receipt' })).toBeInTheDocument();

    expect(backend.seen('/auth/refresh-token/ada%40example.com')).toHaveLength(1);
    const [first, retry, next] = backend.seen(WITHDRAWAL).map((request) => request.idempotencyKey);
    expect(first).toBeTruthy();
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  test('after a refusal the server recorded (422) the next confirmation takes a new Idempotency-Key; after "in progress" (409) the retry keeps it', async () => {
    let calls = 0;
    const { user } = renderCad([
      http.post(apiPath(WITHDRAWAL), () => {
        calls += 1;
        if (calls === 1) return HttpResponse.json({ success: false, message: 'Insufficient CAD balance' }, { status: 422 });
        if (calls === 2) return HttpResponse.json({ success: false, message: 'A request with this Idempotency-Key is still in progress' }, { status: 409 });
        return undefined;
      }),
    ]);
    await loaded();
    await fill(user, { name: 'Bola Ade', email: 'bola@example.com', amount: '10' });
    await user.click(send());
    await continueReview(user);
    await enterPin(user);
    expect(await screen.findByText('Insufficient CAD balance')).toBeInTheDocument();
    await enterPin(user);
    expect(await screen.findByText('A request with this Idempotency-Key is still in progress')).toBeInTheDocument();
    await enterPin(user);
    expect(await screen.findByRole('dialog', { name: 'Transaction Receipt' })).toBeInTheDocument();

    const [refused, inProgress, retried] = backend.seen(WITHDRAWAL).map((request) => request.idempotencyKey);
    expect(inProgress).not.toBe(refused);
    expect(retried).toBe(inProgress);
  });

  test('a failure without a server message says "Transaction failed"', async () => {
    const { user } = renderCad([http.post(apiPath(WITHDRAWAL), () => HttpResponse.error())]);
    await loaded();
    await fill(user, { name: 'Bola Ade', email: 'bola@example.com', amount: '10' });
    await user.click(send());
    await continueReview(user);
    await enterPin(user);

    // No answer: sent again under its key a few times first; then it may have gone through.
    expect(await screen.findByText('Transaction failed', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(transfers.unconfirmed)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Enter Transaction PIN' })).toBeInTheDocument();
  });
});

describe('leaving the screen with the PIN dialog open', () => {
  test('the PIN dialog does not reappear, over an empty form, when the customer comes back', async () => {
    const { user, store, unmount } = renderCad();
    await loaded();
    await fill(user, { name: 'Bola Ade', email: 'bola@example.com', amount: '10' });
    await user.click(send());
    await continueReview(user);
    expect(await screen.findByRole('dialog', { name: 'Enter Transaction PIN' })).toBeInTheDocument();
    unmount();

    expect(store.getState().ui.dialogs).toEqual({});
    renderWithProviders(<TransferCadScreen />, { route: '/transfer-cad', store });
    await loaded();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field('Recipient name')).toHaveValue('');
  });

  test('a PIN dialog open over an empty form (a state carried over) sends nothing and says what is missing', async () => {
    signIn();
    const wallets = serveWallets(fakeWallets());
    serveMoney(wallets);
    const ui: RootState['ui'] = { dialogs: { 'transfer-cad-pin': true }, steps: {}, tabs: {} };
    const { user, store } = renderWithProviders(<TransferCadScreen />, { route: '/transfer-cad', preloadedState: { ...withUser(), ui } });
    await loaded();

    await enterPin(user);

    expect(await screen.findByText('Please fill in all fields correctly')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().ui.dialogs).toEqual({});
    expect(backend.seen(WITHDRAWAL)).toHaveLength(0);
  });
});

test("a recipient name stops at the 200 characters the API takes, so a long paste is not refused after the PIN", async () => {
  const { user } = renderCad();
  await loaded();
  await user.click(field('Recipient name'));
  await user.paste('A'.repeat(250));
  expect(field('Recipient name')).toHaveValue('A'.repeat(200));
});

test("a day's limit used up: at the customer's midnight (resets_at) the open form asks again and takes the new day's amount", async () => {
  pricing.limits = basicLimits({ used_today: '1000.00', remaining_today: '0.00', resets_at: new Date(Date.now() + 60_000).toISOString() });
  const { user } = renderCad();
  await loaded();
  await waitFor(() => expect(backend.seen('/limits')).toHaveLength(1));
  await fill(user, { name: 'Bola Ade', email: 'bola@example.com', amount: '10' });
  await expectUnderAmount('This exceeds your daily limit. You can send up to $0.00 more today.', amount(), send());

  // The server's new day: nothing used yet.
  pricing.limits = basicLimits({ resets_at: new Date(Date.now() + 86_400_000).toISOString() });
  await act(() => jest.advanceTimersByTimeAsync(62_000));

  await waitFor(() => expect(send()).toBeEnabled());
  expect(backend.seen('/limits')).toHaveLength(2);
  expect(screen.queryByText(/exceeds your daily limit/)).not.toBeInTheDocument();
});
