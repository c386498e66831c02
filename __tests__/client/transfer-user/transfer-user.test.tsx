import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'react-toastify';
import { api } from '../../../src/client/api/api';
import type { RootState } from '../../../src/client/app/store';
import { historyApi } from '../../../src/client/features/history/history-api';
import TransferUserScreen from '../../../src/client/features/transfer-user/transfer-user-screen';
import { basicLimits, pricing, pricingHandler } from '../../support/pricing-backend';
import { renderRoute, renderWithProviders } from '../../support/render';
import { apiPath, backend, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { cadBalanceDrops, continueReview, enterPin, serveMoney } from '../../support/transfer-backend';
import { expectAmountFits, expectOnFormAndAsToast, expectOnlyAsToast, expectUnderAmount, onForm, toastsShown, SAID } from '../../support/toasts';
import { fakeWallets, serveWallets, withUser } from '../../support/wallet-backend';
import { transfers } from '../../../src/shared/messages';

setupFakeBackend();
// Jest's clock: the recipient check's debounce passes while findBy* waits, not in real time.
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const CHECK = '/auth/check-email';

function renderTransfer({ tab, handlers = [], balances }: { tab?: 'NGN'; handlers?: Parameters<typeof server.use>; balances?: Parameters<typeof fakeWallets>[0] } = {}) {
  signIn();
  const wallets = serveWallets(fakeWallets(balances));
  const money = serveMoney(wallets);
  server.use(...handlers);
  const ui: RootState['ui'] = { dialogs: {}, steps: {}, tabs: tab ? { 'transfer-user': tab } : {} };
  return { wallets, money, ...renderWithProviders(<TransferUserScreen />, { route: '/transfer-kudi', preloadedState: { ...withUser(), ui } }) };
}

type User = ReturnType<typeof renderTransfer>['user'];

const email = () => screen.getByRole('textbox', { name: 'Recipient email' });
const amount = (currency = 'CAD') => screen.getByRole('spinbutton', { name: `Amount (${currency})` });
const send = () => screen.getByRole('button', { name: 'Send' });

/** Types a recipient the backend knows and waits for the positive notice. */
async function verifyRecipient(user: User) {
  await user.type(email(), 'bola@example.com');
  expect(await screen.findByRole('status')).toHaveTextContent('Recipient: Bola Ade');
}

describe('send to a Kudi user: recipient check', () => {
  test('is wired at /transfer-kudi with CAD and NGN tabs, CAD first', async () => {
    signIn();
    serveMoney(serveWallets(fakeWallets()));
    renderRoute('/transfer-kudi');
    expect(await screen.findByRole('heading', { level: 1, name: 'Send to a Kudi user' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'CAD' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'NGN' })).toHaveAttribute('aria-selected', 'false');
  });

  test('a wallet that cannot be loaded: "Failed to load wallet details" as a toast once its tab is on screen', async () => {
    const { user } = renderTransfer({ handlers: [http.get(apiPath('/wallet/naira-wallet'), () => HttpResponse.error())] });
    await expectOnlyAsToast('Failed to fetch wallet details');
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load wallet details')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'NGN' }));

    await expectOnlyAsToast('Failed to load wallet details');
  });

  test('NGN from a naira wallet that is not activated: "Please activate your wallet", whose button leads to /add-money', async () => {
    signIn();
    serveMoney(serveWallets(fakeWallets({ ngn: { is_wallet_activated: false } })));
    const { user } = renderRoute('/transfer-kudi');
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'CAD' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'NGN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please activate your wallet' });
    expect(dialog).toHaveTextContent('Your Naira wallet needs to be activated before you can receive payments.');
    await user.click(within(dialog).getByRole('button', { name: 'Activate Wallet' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Account Details for NGN Deposits/ })).toBeInTheDocument();
  });

  test('checks only once the email has an "@" and typing paused 500 ms', async () => {
    jest.useFakeTimers();
    const { money } = renderTransfer();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

    await user.type(email(), 'bola');
    await act(async () => void jest.advanceTimersByTime(1000));
    expect(money.calls(CHECK)).toHaveLength(0);

    await user.type(email(), '@example.com');
    await act(async () => void jest.advanceTimersByTime(499));
    expect(money.calls(CHECK)).toHaveLength(0);
    await act(async () => void jest.advanceTimersByTime(1));
    await waitFor(() => expect(money.calls(CHECK)).toEqual([{ email: 'bola@example.com', currency_type: 'CAD' }]));
    expect(await screen.findByRole('status')).toHaveTextContent('Recipient: Bola Ade');
  });

  test('the amount is disabled until the recipient is verified', async () => {
    const { user } = renderTransfer();
    expect(amount()).toBeDisabled();
    await verifyRecipient(user);
    expect(amount()).toBeEnabled();
    expect(amount()).toHaveAttribute('min', '0');
    expect(amount()).toHaveAttribute('step', '0.01');
  });

  test('an unknown recipient: toast "User does not exist" and "User not found" under the field', async () => {
    const { user } = renderTransfer();
    await user.type(email(), 'nobody@example.com');

    expect(await screen.findByText('User does not exist')).toBeInTheDocument();
    expect(email()).toHaveAccessibleDescription('User not found');
    expect(amount()).toBeDisabled();
  });

  test('a recipient who cannot receive naira: the server\'s reason as a toast and under the field, not "User not found"', async () => {
    const reason = "The recipient's Naira wallet is not activated yet, so they cannot receive naira payments";
    const { user } = renderTransfer({
      tab: 'NGN',
      handlers: [http.post(apiPath('/auth/check-email/:email'), () => HttpResponse.json({ success: false, message: reason }))],
    });
    await user.type(email(), 'bola@example.com');

    await waitFor(() => expect(email()).toHaveAccessibleDescription(reason));
    expect(toastsShown()).toContain(reason);
    expect(screen.queryByText('User not found')).not.toBeInTheDocument();
    expect(amount('NGN')).toBeDisabled();
  });

  test('changing the email resets the check at once and checks again', async () => {
    const { user, money } = renderTransfer();
    await verifyRecipient(user);

    await user.type(email(), 'x');
    expect(amount()).toBeDisabled();
    expect(screen.queryByText('Recipient: Bola Ade')).not.toBeInTheDocument();
    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(money.calls(CHECK).map((call) => call.email)).toEqual(['bola@example.com', 'bola@example.comx']);
  });

  test('switching the tab (kept in the store) checks the recipient again for that currency', async () => {
    const { user, money, store } = renderTransfer();
    await verifyRecipient(user);

    await user.click(screen.getByRole('tab', { name: 'NGN' }));
    expect(store.getState().ui.tabs['transfer-user']).toBe('NGN');
    expect(amount('NGN')).toBeDisabled();
    expect(await screen.findByRole('status')).toHaveTextContent('Recipient: Bola Ade');
    expect(amount('NGN')).toBeEnabled();
    expect(money.calls(CHECK)).toEqual([
      { email: 'bola@example.com', currency_type: 'CAD' },
      { email: 'bola@example.com', currency_type: 'NGN' },
    ]);
    expect(screen.getByRole('region', { name: 'NGN Balance' })).toHaveTextContent('₦250,000.00');
  });

  test('switching the tab away and back within the 500 ms still resets the check and checks again (spec §4)', async () => {
    const { user, money } = renderTransfer();
    await verifyRecipient(user);

    await user.click(screen.getByRole('tab', { name: 'NGN' }));
    await user.click(screen.getByRole('tab', { name: 'CAD' }));
    expect(screen.queryByText('Recipient: Bola Ade')).not.toBeInTheDocument();
    expect(amount()).toBeDisabled();
    expect(await screen.findByRole('status')).toHaveTextContent('Recipient: Bola Ade');
    expect(money.calls(CHECK)).toEqual([
      { email: 'bola@example.com', currency_type: 'CAD' },
      { email: 'bola@example.com', currency_type: 'CAD' },
    ]);
  });

  test('a failed check says "Failed to verify user"', async () => {
    const { user } = renderTransfer({ handlers: [http.post(apiPath('/auth/check-email/:email'), () => HttpResponse.error())] });
    await user.type(email(), 'bola@example.com');
    expect(await screen.findByText('Failed to verify user')).toBeInTheDocument();
    expect(amount()).toBeDisabled();
  });
});

describe('send to a Kudi user: validation', () => {
  test('nothing entered: "Please fill in all fields", on the form and as a toast', async () => {
    const { user } = renderTransfer();
    await user.click(send());
    await expectOnFormAndAsToast('Please fill in all fields');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a recipient that is not verified: "Please enter a valid recipient email"', async () => {
    const { user } = renderTransfer();
    await user.type(email(), 'nobody@example.com');
    await screen.findByText('User not found');
    await user.click(send());
    await expectOnFormAndAsToast('Please enter a valid recipient email');
  });

  test('no amount: "Please fill in all fields"', async () => {
    const { user } = renderTransfer();
    await verifyRecipient(user);
    await user.click(send());
    await expectOnFormAndAsToast('Please fill in all fields');
  });

  test.each([
    ['CAD', '1234.51'],
    ['NGN', '250000.01'],
  ] as const)('above the %s balance (%s): "Insufficient <currency> balance" under the amount as it is typed, Send disabled, no PIN asked', async (currency, value) => {
    const { user } = renderTransfer({ tab: currency === 'NGN' ? 'NGN' : undefined });
    await screen.findByText(currency === 'CAD' ? '$1,234.50' : '₦250,000.00');
    await verifyRecipient(user);
    await user.type(amount(currency), value);

    expect(await screen.findByText(`Insufficient ${currency} balance`)).toBeInTheDocument();
    expect(amount(currency)).toHaveAccessibleDescription(`Insufficient ${currency} balance`);
    expect(send()).toBeDisabled();
    await user.click(send());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('what the amount field says follows the tab and the amount', async () => {
    const { user } = renderTransfer();
    await screen.findByText('$1,234.50');
    await verifyRecipient(user);
    await user.type(amount(), '1234.51');
    await waitFor(() => expect(onForm('Insufficient CAD balance')).toHaveLength(1));

    // ₦1,234.51 is within the naira balance: nothing is said about CAD under the NGN amount.
    await user.click(screen.getByRole('tab', { name: 'NGN' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Recipient: Bola Ade');
    await waitFor(() => expect(onForm('Insufficient CAD balance')).toHaveLength(0));
    expect(onForm('Please enter a valid recipient email')).toHaveLength(0);
    expect(send()).toBeEnabled();

    await user.click(screen.getByRole('tab', { name: 'CAD' }));
    await waitFor(() => expect(onForm('Insufficient CAD balance')).toHaveLength(1));
    expect(send()).toBeDisabled();
    expect(await screen.findByRole('status')).toHaveTextContent('Recipient: Bola Ade');
    await user.clear(amount());
    await user.type(amount(), '15.25');
    await waitFor(() => expect(onForm('Insufficient CAD balance')).toHaveLength(0));
    expect(send()).toBeEnabled();
  });

  test('CAD within the $100.00 balance, but not with its fee ($0.25 + 1%): the fee is named under the amount, Send disabled, no toast', async () => {
    const { user } = renderTransfer({
      balances: { cad: { balance: 100 } },
      handlers: [pricingHandler(apiPath, { wallet_transfer_cad: { flat: '0.25', percent: '1.00' } })],
    });
    await screen.findByText('$100.00');
    await waitFor(() => expect(backend.seen('/pricing')).not.toHaveLength(0));
    await verifyRecipient(user);
    // $99.50 + $0.25 + $1.00 (1%, rounded up to the cent) = $100.75.
    await user.type(amount(), '99.50');

    const message = 'Amount plus the fee of $1.25 cannot exceed your balance of $100.00 CAD';
    await expectUnderAmount(message, amount(), send());
    expect(screen.queryByText('Insufficient CAD balance')).not.toBeInTheDocument();

    // $98.75 + $0.25 + $0.99 = $99.99: within.
    await expectAmountFits(user, { amount, send, typed: '98.75', message });
  });

  test('NGN within the balance, but not with its ₦100.00 fee: the fee is named under the amount, Send disabled', async () => {
    const { user } = renderTransfer({ tab: 'NGN', handlers: [pricingHandler(apiPath, { wallet_transfer_ngn: { flat: '100.00' } })] });
    await screen.findByText('₦250,000.00');
    await waitFor(() => expect(backend.seen('/pricing')).not.toHaveLength(0));
    await verifyRecipient(user);
    await user.type(amount('NGN'), '249900.01');

    expect(await screen.findByText('Amount plus the fee of ₦100.00 cannot exceed your balance of ₦250000.00 NGN')).toBeInTheDocument();
    expect(send()).toBeDisabled();
    await user.clear(amount('NGN'));
    await user.type(amount('NGN'), '249900');
    expect(screen.queryByText(/Amount plus the fee/)).not.toBeInTheDocument();
    expect(send()).toBeEnabled();
  });

  test('CAD above the per-transfer limit: the 403 text under the amount as it is typed, Send disabled, no toast', async () => {
    pricing.limits = basicLimits();
    const { user } = renderTransfer({ balances: { cad: { balance: 5000 } } });
    await screen.findByText('$5,000.00');
    await waitFor(() => expect(backend.seen('/limits')).not.toHaveLength(0));
    await verifyRecipient(user);
    await user.type(amount(), '1200');

    const message = 'This exceeds your per-transfer limit of $1,000.00.';
    await expectUnderAmount(message, amount(), send());
    await expectAmountFits(user, { amount, send, typed: '1000', message });
  });

  test('NGN above what is left today, counted in CAD at the mid rate: the 403 text under the amount, Send disabled', async () => {
    // $100.00 left today at 1,050.00 NGN per CAD: ₦105,000.00 is within, ₦105,000.01 counts for $100.01.
    pricing.limits = basicLimits({ used_today: '900.00', remaining_today: '100.00', ngn_mid_rate: '1050.00' });
    const { user } = renderTransfer({ tab: 'NGN' });
    await screen.findByText('₦250,000.00');
    await waitFor(() => expect(backend.seen('/limits')).not.toHaveLength(0));
    await verifyRecipient(user);
    await user.type(amount('NGN'), '105000.01');

    const message = 'This exceeds your daily limit. You can send up to $100.00 more today.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(send()).toBeDisabled();
    await expectAmountFits(user, { amount: () => amount('NGN'), send, typed: '105000', message });
  });

  test('without the fee table or the limits (not answered): nothing is refused that the balance allows', async () => {
    const { user } = renderTransfer({
      handlers: [http.get(apiPath('/pricing'), () => HttpResponse.error()), http.get(apiPath('/limits'), () => HttpResponse.error())],
    });
    await screen.findByText('$1,234.50');
    await waitFor(() => expect(backend.seen('/limits')).not.toHaveLength(0));
    await verifyRecipient(user);
    await user.type(amount(), '1234.50');

    expect(amount()).not.toHaveAccessibleDescription();
    expect(send()).toBeEnabled();
    await user.click(send());
    expect(await screen.findByRole('dialog', { name: 'Review' })).toBeInTheDocument();
  });

  test('the balance is checked again at PIN confirm', async () => {
    const error = jest.spyOn(toast, 'error');
    const { user, store, wallets, money } = renderTransfer();
    await screen.findByText('$1,234.50');
    await verifyRecipient(user);
    await user.type(amount(), '1000');
    await user.click(send());
    await continueReview(user);
    await cadBalanceDrops(store, wallets, { to: 500, shown: '$500.00' });
    await enterPin(user);

    await waitFor(() => expect(error).toHaveBeenCalledWith('Insufficient CAD balance', SAID));
    expect(money.calls('/wallet/cad-wallet-transfer')).toHaveLength(0);
  });
  test('at PIN confirm, a balance its fee no longer fits in: the toast names the fee', async () => {
    const error = jest.spyOn(toast, 'error');
    const { user, store, wallets, money } = renderTransfer({
      balances: { cad: { balance: 100 } },
      handlers: [pricingHandler(apiPath, { wallet_transfer_cad: { flat: '0.25', percent: '1.00' } })],
    });
    await screen.findByText('$100.00');
    await waitFor(() => expect(backend.seen('/pricing')).not.toHaveLength(0));
    await verifyRecipient(user);
    await user.type(amount(), '98');
    await user.click(send());
    await continueReview(user);
    await screen.findByRole('dialog', { name: 'Enter Transaction PIN' });

    // $98.00 and its $1.23 fee need $99.23; the balance drops to $99.00 meanwhile.
    wallets.cad.balance = 99;
    act(() => void store.dispatch(api.util.invalidateTags([{ type: 'Wallet', id: 'CAD' }])));
    expect(await screen.findByText('$99.00')).toBeInTheDocument();
    await enterPin(user);

    await waitFor(() => expect(error).toHaveBeenCalledWith('Amount plus the fee of $1.23 cannot exceed your balance of $99.00 CAD', SAID));
    expect(money.calls('/wallet/cad-wallet-transfer')).toHaveLength(0);
  });
});

describe('send to a Kudi user: sending', () => {
  test('CAD: the exact payload with an Idempotency-Key; receipt; balance and history refetched', async () => {
    const { user, store, money } = renderTransfer();
    store.dispatch(historyApi.endpoints.getTransactions.initiate({ currency: 'CAD', type: null, page: 1 }));
    await screen.findByText('$1,234.50');
    await waitFor(() => expect(backend.seen('/wallet/transactions')).toHaveLength(1));
    await verifyRecipient(user);
    await user.type(amount(), '100');
    await user.click(send());
    await continueReview(user);
    await enterPin(user);

    expect(await screen.findByText('Transaction completed successfully!')).toBeInTheDocument();
    expect(money.calls('/wallet/cad-wallet-transfer')).toEqual([
      { amount: 100, recipient_email: 'bola@example.com', transaction_pin: '1234', timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
    ]);
    expect(backend.seen('/wallet/cad-wallet-transfer')[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    const receipt = await screen.findByRole('dialog', { name: 'Transaction Receipt' });
    expect(receipt).toHaveTextContent('Amount$100.00');
    expect(receipt).toHaveTextContent('RecipientBola Ade');
    // A transfer between users completes at once (spec-next §C): completed is the truth here.
    expect(receipt).toHaveTextContent('StatusCompleted');
    expect(receipt).not.toHaveTextContent('On its way');
    expect(receipt).toHaveTextContent('Transaction referenceCAD-WT-1');
    expect(receipt).toHaveTextContent(/DateMarch 1[45], 2025/);
    expect(await screen.findByText('$1,134.50')).toBeInTheDocument();
    await waitFor(() => expect(backend.seen('/wallet/transactions')).toHaveLength(2));

    await user.click(within(receipt).getByRole('button', { name: 'Done' }));
    expect(email()).toHaveValue('');
    expect(amount()).toHaveValue(null);
  });

  test('NGN: success is the boolean true; the receipt names who it was sent to', async () => {
    const { user, money } = renderTransfer({ tab: 'NGN' });
    await screen.findByText('₦250,000.00');
    await verifyRecipient(user);
    await user.type(amount('NGN'), '5000');
    await user.click(send());
    await continueReview(user);
    await enterPin(user);

    const receipt = await screen.findByRole('dialog', { name: 'Transaction Receipt' });
    expect(money.calls('/wallet/ngn-wallet-transfer')).toEqual([
      { amount: 5000, recipient_email: 'bola@example.com', transaction_pin: '1234', timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
    ]);
    expect(receipt).toHaveTextContent('Amount₦5,000.00');
    expect(receipt).toHaveTextContent('Sent toBola Ade');
    expect(receipt).toHaveTextContent('Transaction referenceNGN-WT-1');
    expect(await screen.findByText('₦245,000.00')).toBeInTheDocument();
  });

  test('a refusal shows the server message, else "Transaction failed"', async () => {
    let answer = () => HttpResponse.json({ success: false, message: 'You cannot send money to yourself' }, { status: 400 });
    const { user } = renderTransfer({ handlers: [http.post(apiPath('/wallet/cad-wallet-transfer'), () => answer())] });
    await verifyRecipient(user);
    await user.type(amount(), '10');
    await user.click(send());
    await continueReview(user);
    await enterPin(user);
    expect(await screen.findByText('You cannot send money to yourself')).toBeInTheDocument();

    answer = () => HttpResponse.error();
    await enterPin(user);
    expect(await screen.findByText('Transaction failed', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(transfers.unconfirmed)).toBeInTheDocument();
  });
});

describe('leaving the screen with the PIN dialog open', () => {
  test('the PIN dialog does not reappear when the customer comes back', async () => {
    const { user, store, unmount } = renderTransfer();
    await verifyRecipient(user);
    await user.type(amount(), '10');
    await user.click(send());
    await continueReview(user);
    expect(await screen.findByRole('dialog', { name: 'Enter Transaction PIN' })).toBeInTheDocument();
    unmount();

    expect(store.getState().ui.dialogs).toEqual({});
    renderWithProviders(<TransferUserScreen />, { route: '/transfer-kudi', store });
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a PIN dialog open over an empty form (a state carried over) sends nothing and says what is missing', async () => {
    signIn();
    serveMoney(serveWallets(fakeWallets()));
    const ui: RootState['ui'] = { dialogs: { 'transfer-user-pin': true }, steps: {}, tabs: {} };
    const { user, store } = renderWithProviders(<TransferUserScreen />, { route: '/transfer-kudi', preloadedState: { ...withUser(), ui } });
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();

    await enterPin(user);

    expect(await screen.findByText('Please fill in all fields')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().ui.dialogs).toEqual({});
    expect(backend.seen('/wallet/cad-wallet-transfer')).toHaveLength(0);
  });
});
