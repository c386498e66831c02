import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'react-toastify';
import BillPaymentScreen from '../../../src/client/features/bill-payment/bill-payment-screen';
import { historyApi } from '../../../src/client/features/history/history-api';
import { UNANSWERED_RETRY_DELAYS_MS } from '../../../src/client/features/money/use-money-send';
import { transfers } from '../../../src/shared/messages';
import { renderRoute, renderWithProviders } from '../../support/render';
import { apiPath, backend, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { continueReview, enterPin, serveMoney, WRONG_PIN_MESSAGE } from '../../support/transfer-backend';
import { expectOnFormAndAsToast, expectOnlyAsToast, onForm, settleToasts, toastsShown } from '../../support/toasts';
import { fakeWallets, serveWallets, withUser } from '../../support/wallet-backend';
import { pricingHandler } from '../../support/pricing-backend';

setupFakeBackend();
// Jest's clock: the search's debounce passes while findBy* waits, without waiting for it in real time.
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const SEARCH = '/bills/search-payee';
const CONFIRM_PIN = '/auth/confirm-transaction-pin';
const PAY = '/bills/create-bill-payment';

function renderBills({ category = 'school', handlers = [] }: { category?: string | null; handlers?: Parameters<typeof server.use> } = {}) {
  signIn();
  const wallets = serveWallets(fakeWallets());
  const money = serveMoney(wallets);
  server.use(...handlers);
  const route = category === null ? '/bill-payment' : `/bill-payment?category=${category}`;
  return { wallets, money, ...renderWithProviders(<BillPaymentScreen />, { route, preloadedState: withUser() }) };
}

type User = ReturnType<typeof renderBills>['user'];

const search = () => screen.getByRole('searchbox', { name: 'Search' });
const amount = () => screen.getByRole('spinbutton', { name: 'Amount (CAD)' });
const accountNumber = () => screen.getByRole('textbox', { name: 'Payee account number' });
const description = () => screen.getByRole('textbox', { name: 'Description' });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

async function choosePayee(user: User, query = 'lagos', payee = 'University of Lagos') {
  await user.type(search(), query);
  await user.click(await screen.findByRole('button', { name: payee }));
  expect(await screen.findByRole('form', { name: payee })).toBeInTheDocument();
}

async function fillForm(user: User, values: { amount?: string; account?: string; description?: string } = {}) {
  const { amount: sum = '250.5', account = 'MAT-2025-001', description: text = 'Tuition fees' } = values;
  if (sum) await user.type(amount(), sum);
  if (account) await user.type(accountNumber(), account);
  if (text) await user.type(description(), text);
}

const loaded = async () => expect(await screen.findByText('$1,234.50')).toBeInTheDocument();

describe('bill payment screen', () => {
  test('is wired at /bill-payment', async () => {
    signIn();
    serveMoney(serveWallets(fakeWallets()));
    renderRoute('/bill-payment?category=school');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay Tuition, Accommodation, etc.' })).toBeInTheDocument();
  });

  test.each([
    ['school', 'Pay Tuition, Accommodation, etc.', 'Search for School'],
    ['electricity', 'Pay Electricity Bill', 'Search for Electricity'],
    ['bills', 'Pay Bills', 'Search for Biller'],
    [null, 'Pay Bills', 'Search for Biller'],
    ['other', 'Pay Bills', 'Search for Biller'],
  ])('category %s: title "%s", search placeholder "%s"', async (category, title, placeholder) => {
    renderBills({ category });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(search()).toHaveAttribute('placeholder', placeholder);
    await loaded();
  });

  test('shows the CAD balance; a load failure says so inline, in red, and as a toast', async () => {
    renderBills({ handlers: [http.get(apiPath('/wallet/cad-wallet'), () => HttpResponse.error())] });
    expect(await screen.findByText('Failed to fetch wallet details')).toBeInTheDocument();
    expect(screen.getByText('Failed to load wallet balance')).toHaveAttribute('role', 'alert');
  });

  test('the CAD Balance card', async () => {
    renderBills();
    await loaded();
    expect(screen.getByRole('region', { name: 'CAD Balance' })).toHaveTextContent('$1,234.50');
  });
});

describe('payee search', () => {
  test('is debounced 500 ms; an empty query clears the results at once', async () => {
    jest.useFakeTimers();
    const { money } = renderBills();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

    await user.type(search(), 'univ');
    await act(async () => void jest.advanceTimersByTime(499));
    expect(money.calls(SEARCH)).toHaveLength(0);
    await act(async () => void jest.advanceTimersByTime(1));
    await waitFor(() => expect(money.calls(SEARCH)).toEqual([{ name: 'univ', category: 'school' }]));
    const results = await screen.findByRole('list', { name: 'Payees' });
    expect(within(results).getAllByRole('button').map((button) => button.textContent)).toEqual(['University of Lagos', 'University of Toronto']);

    await user.clear(search());
    expect(screen.queryByRole('list', { name: 'Payees' })).not.toBeInTheDocument();
    await act(async () => void jest.advanceTimersByTime(1000));
    expect(money.calls(SEARCH)).toHaveLength(1);
  });

  test.each([
    ['school', 'No school found'],
    ['electricity', 'No biller found'],
    ['bills', 'No biller found'],
  ])('no match in %s: "%s"', async (category, empty) => {
    const { user } = renderBills({ category });
    await user.type(search(), 'zzz');
    expect(await screen.findByText(empty)).toBeInTheDocument();
  });

  const EVERY_TORONTO_PAYEE = ['University of Toronto', 'Toronto Hydro', 'Toronto Water'];
  test.each([
    ['school', 'school', ['University of Toronto']],
    ['electricity', 'electricity', ['Toronto Hydro']],
    // Pay Bills is the general search: every biller.
    ['bills', 'bills', EVERY_TORONTO_PAYEE],
    [null, 'bills', EVERY_TORONTO_PAYEE],
    ['other', 'bills', EVERY_TORONTO_PAYEE],
  ])('?category=%s sends category "%s" with the name and lists the payees it answers', async (category, sent, payees) => {
    const { user, money } = renderBills({ category });
    await user.type(search(), 'toronto');
    const results = await screen.findByRole('list', { name: 'Payees' });
    expect(within(results).getAllByRole('button').map((button) => button.textContent)).toEqual(payees);
    expect(money.calls(SEARCH)).toEqual([{ name: 'toronto', category: sent }]);
  });

  test('every bill category has a way in from the dashboard: the Electricity tile opens the electricity screen, where "hydro" finds the hydro company', async () => {
    signIn();
    serveMoney(serveWallets(fakeWallets()));
    const { user } = renderRoute('/dashboard', { preloadedState: withUser() });

    for (const [tile, title] of [['School', 'Pay Tuition, Accommodation, etc.'], ['Pay Bills', 'Pay Bills'], ['Electricity', 'Pay Electricity Bill']]) {
      await user.click(await screen.findByRole('link', { name: 'Home' }));
      await user.click(await screen.findByRole('button', { name: tile }));
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    }
    expect(search()).toHaveAttribute('placeholder', 'Search for Electricity');
    await user.type(search(), 'hydro');
    const results = await screen.findByRole('list', { name: 'Payees' });
    expect(within(results).getAllByRole('button').map((button) => button.textContent)).toEqual(['Toronto Hydro']);
    await user.click(within(results).getByRole('button', { name: 'Toronto Hydro' }));
    expect(await screen.findByRole('form', { name: 'Toronto Hydro' })).toBeInTheDocument();
  });

  test('a failed search says "Failed to fetch payees"', async () => {
    const { user } = renderBills({ handlers: [http.post(apiPath(SEARCH), () => HttpResponse.error())] });
    await user.type(search(), 'lagos');
    expect(await screen.findByText('Failed to fetch payees')).toBeInTheDocument();
  });

  test('picking a payee (kept in the store) opens its form; Cancel goes back to the search', async () => {
    const { user, store } = renderBills();
    await choosePayee(user);
    expect(store.getState().billPayment.payee).toEqual({ PayeeName: 'University of Lagos', PayeeCode: 'UNILAG' });

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(store.getState().billPayment.payee).toBeNull();
    expect(search()).toBeInTheDocument();
  });
});

describe('bill form', () => {
  test('an amount above the balance: "Amount cannot exceed your balance of $1234.50 CAD" and Continue disabled', async () => {
    const { user } = renderBills();
    await loaded();
    await choosePayee(user);
    expect(amount()).toHaveAttribute('max', '1234.5');
    expect(amount()).toHaveAttribute('min', '0');
    expect(amount()).toHaveAttribute('step', '0.01');

    await user.type(amount(), '1234.51');
    expect(screen.getByText('Amount cannot exceed your balance of $1234.50 CAD')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await user.type(amount(), '{Backspace}');
    expect(continueButton()).toBeEnabled();
  });

  test('an amount within the balance that its fee takes over it: the fee is named, Continue disabled', async () => {
    const { user } = renderBills({ handlers: [pricingHandler(apiPath, { bill: { flat: '2.00' } })] });
    await loaded();
    await choosePayee(user);
    await user.type(amount(), '1233');
    expect(await screen.findByText('Amount plus the fee of $2.00 cannot exceed your balance of $1234.50 CAD')).toBeInTheDocument();
    expect(screen.queryByText(/Amount cannot exceed/)).not.toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await user.clear(amount());
    await user.type(amount(), '1232.50');
    expect(continueButton()).toBeEnabled();
    await user.type(amount(), '{Backspace}{Backspace}{Backspace}{Backspace}4.51');
    expect(screen.getByText('Amount cannot exceed your balance of $1234.50 CAD')).toBeInTheDocument();
  });

  test.each([
    ['no amount', 'Please enter a valid amount', { amount: '' }],
    ['no payee account number', 'Payee account number is required', { account: '' }],
    ['a description under 5 characters', 'Description must be 5 to 20 characters', { description: 'Fees' }],
    ['a description over 20 characters', 'Description must be 5 to 20 characters', { description: 'Tuition and housing 2025' }],
  ])('%s: "%s" on the form and as a toast, no PIN asked', async (_case, message, values) => {
    const { user } = renderBills();
    await loaded();
    await choosePayee(user);
    await fillForm(user, values);
    await user.click(continueButton());

    await expectOnFormAndAsToast(message);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('an empty form: the first field\'s text is said, and every field left empty is marked invalid', async () => {
    const { user } = renderBills();
    await loaded();
    await choosePayee(user);
    await user.click(continueButton());

    await expectOnFormAndAsToast('Please enter a valid amount');
    for (const field of [amount(), accountNumber(), description()]) expect(field).toBeInvalid();
    await user.type(accountNumber(), 'MAT-2025-001');
    await waitFor(() => expect(accountNumber()).toBeValid());
    expect(amount()).toBeInvalid();
    expect(description()).toBeInvalid();
  });

  test('"Please enter a valid amount" goes once an amount is typed: above the balance, only that is said', async () => {
    const { user } = renderBills();
    await loaded();
    await choosePayee(user);
    await fillForm(user, { amount: '' });
    await user.click(continueButton());
    await expectOnFormAndAsToast('Please enter a valid amount');

    await user.type(amount(), '1300');
    expect(screen.getByText('Amount cannot exceed your balance of $1234.50 CAD')).toBeInTheDocument();
    await waitFor(() => expect(onForm('Please enter a valid amount')).toHaveLength(0));
  });

  test('without the wallet: the toast "Wallet information not available"', async () => {
    const { user } = renderBills({ handlers: [http.get(apiPath('/wallet/cad-wallet'), () => HttpResponse.error())] });
    await choosePayee(user);
    await fillForm(user);
    await user.click(continueButton());
    await expectOnlyAsToast('Wallet information not available');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a PIN that is not 4 digits: "Please enter a valid pin"', async () => {
    const { user } = renderBills();
    await loaded();
    await choosePayee(user);
    await fillForm(user);
    await user.click(continueButton());
    await continueReview(user);
    fireEvent.submit(await screen.findByRole('form', { name: 'Transaction PIN' }));
    expect(screen.getByText('Please enter a valid pin')).toBeInTheDocument();
  });
});

describe('paying a bill', () => {
  test('Confirm verifies the PIN, then pays; green toast for 5 s, receipt, balance and history refetched, form and payee cleared', async () => {
    const success = jest.spyOn(toast, 'success');
    const { user, store, money } = renderBills();
    store.dispatch(historyApi.endpoints.getTransactions.initiate({ currency: 'CAD', type: null, page: 1 }));
    await loaded();
    await waitFor(() => expect(backend.seen('/wallet/transactions')).toHaveLength(1));
    await choosePayee(user);
    await fillForm(user);
    await user.click(continueButton());
    await continueReview(user);
    await enterPin(user);

    expect(await screen.findByText('Payment made successfully')).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('Payment made successfully', expect.objectContaining({ autoClose: 5000 }));
    const order = backend.requests.map((request) => request.path).filter((path) => [CONFIRM_PIN, PAY].some((call) => path.endsWith(call)));
    expect(order).toEqual([`/api${CONFIRM_PIN}`, `/api${PAY}`]);
    expect(money.calls(CONFIRM_PIN)).toEqual([{ transaction_pin: '1234' }]);
    expect(money.calls(PAY)).toEqual([
      { PayeeName: 'University of Lagos', PayeeCode: 'UNILAG', Amount: 250.5, PayeeAccountNumber: 'MAT-2025-001', Description: 'Tuition fees' },
    ]);
    expect(backend.seen(PAY)[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    const receipt = await screen.findByRole('dialog', { name: 'Payment Successful' });
    expect(receipt).toHaveTextContent('Amount$250.50');
    expect(receipt).toHaveTextContent('Transaction numberBILL-1');
    expect(receipt).toHaveTextContent('DescriptionTuition fees');
    expect(within(receipt).getByRole('button', { name: 'Share Receipt' })).toBeInTheDocument();
    expect(amount()).toHaveValue(null);
    expect(description()).toHaveValue('');
    expect(await screen.findByText('$984.00')).toBeInTheDocument();
    await waitFor(() => expect(backend.seen('/wallet/transactions')).toHaveLength(2));

    await user.click(within(receipt).getByRole('button', { name: 'Done' }));
    expect(store.getState().billPayment.payee).toBeNull();
    expect(search()).toBeInTheDocument();
  });

  test('a wrong PIN shows the server message and pays nothing; the right one then pays, and the wrong PIN\'s toast is taken back', async () => {
    const { user, money } = renderBills();
    await loaded();
    await choosePayee(user);
    await fillForm(user);
    await user.click(continueButton());
    await continueReview(user);
    await enterPin(user, '9999');
    await waitFor(() => expect(toastsShown()).toEqual([WRONG_PIN_MESSAGE]));
    expect(money.calls(PAY)).toHaveLength(0);

    // The PIN step stays, emptied, for another try.
    await enterPin(user);
    expect(await screen.findByRole('dialog', { name: 'Payment Successful' })).toBeInTheDocument();
    await settleToasts();
    expect(toastsShown()).toEqual(['Payment made successfully']);
    expect(money.calls(PAY)).toHaveLength(1);
  });

  test.each([
    ['an HTTP refusal without a message', 'Please enter the correct pin', () => new HttpResponse(null, { status: 400 })],
    ['no answer', 'Failed to verify transaction pin', () => HttpResponse.error()],
  ])('PIN check with %s: "%s"', async (_case, message, answer) => {
    const { user, money } = renderBills({ handlers: [http.post(apiPath(CONFIRM_PIN), answer)] });
    await loaded();
    await choosePayee(user);
    await fillForm(user);
    await user.click(continueButton());
    await continueReview(user);
    await enterPin(user);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(money.calls(PAY)).toHaveLength(0);
  });

  test.each([
    ['a refusal', 'Insufficient balance', () => HttpResponse.json({ success: false, message: 'Insufficient balance' }, { status: 400 })],
    ['an HTTP refusal without a message', 'Payment failed', () => new HttpResponse(null, { status: 500 })],
    ['no answer', 'Failed to pay bill', () => HttpResponse.error()],
  ])('payment with %s: "%s"', async (_case, message, answer) => {
    // Without an answer the payment is sent again under its key a few times first (seconds apart).
    const unanswered = _case === 'no answer';
    const payment = jest.fn(answer);
    const { user } = renderBills({ handlers: [http.post(apiPath(PAY), payment)] });
    await loaded();
    await choosePayee(user);
    await fillForm(user);
    await user.click(continueButton());
    await continueReview(user);
    await enterPin(user);

    expect(await screen.findByText(message, undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Payment Successful' })).not.toBeInTheDocument();
    expect(payment).toHaveBeenCalledTimes(unanswered ? 1 + UNANSWERED_RETRY_DELAYS_MS.length : 1);
    if (unanswered) expect(screen.getByText(transfers.unconfirmed)).toBeInTheDocument();
    else expect(screen.queryByText(transfers.unconfirmed)).not.toBeInTheDocument();
  });
});

test('a PIN dialog left open does not reappear when the customer comes back and picks a payee', async () => {
  const { user, store, unmount } = renderBills();
  await loaded();
  await choosePayee(user);
  await fillForm(user);
  await user.click(continueButton());
  await continueReview(user);
  expect(await screen.findByRole('dialog', { name: 'Enter Transaction PIN' })).toBeInTheDocument();
  unmount();

  expect(store.getState().ui.dialogs).toEqual({});
  const again = renderWithProviders(<BillPaymentScreen />, { route: '/bill-payment?category=school', store });
  await loaded();
  await choosePayee(again.user);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
