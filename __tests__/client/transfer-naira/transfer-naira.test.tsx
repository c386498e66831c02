import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from 'react-toastify';
import type { RootState } from '../../../src/client/app/store';
import { historyApi } from '../../../src/client/features/history/history-api';
import TransferNairaScreen from '../../../src/client/features/transfer-naira/transfer-naira-screen';
import { renderRoute, renderWithProviders } from '../../support/render';
import { apiPath, backend, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { continueReview, enterPin, ON_ITS_WAY, serveMoney } from '../../support/transfer-backend';
import { pricingHandler } from '../../support/pricing-backend';
import { expectAmountFits, expectOnFormAndAsToast, expectOnlyAsToast, onForm, toastsShown, SAID } from '../../support/toasts';
import { fakeWallets, serveWallets, withUser, type FakeWallets } from '../../support/wallet-backend';

setupFakeBackend();
afterEach(() => jest.restoreAllMocks());

const WITHDRAWAL = '/wallet/ngn-withdrawal';
const GTB = 'Guaranty Trust Bank (GTBank)';

function renderNgn({ wallets = fakeWallets(), handlers = [] }: { wallets?: FakeWallets; handlers?: Parameters<typeof server.use> } = {}) {
  signIn();
  serveWallets(wallets);
  const money = serveMoney(wallets);
  server.use(...handlers);
  return { wallets, money, ...renderWithProviders(<TransferNairaScreen />, { route: '/transfer-naira', preloadedState: withUser() }) };
}

type User = ReturnType<typeof renderNgn>['user'];

const bankBox = () => screen.getByRole('combobox', { name: 'Bank' });
const accountNumber = () => screen.getByRole('textbox', { name: 'Recipient account number' });
const accountName = () => screen.queryByRole('textbox', { name: 'Recipient account name' });
const amount = () => screen.queryByRole('spinbutton', { name: 'Amount (NGN)' });
const sendButton = () => screen.queryByRole('button', { name: 'Send' });
const inquiries = () => backend.requests.filter((request) => request.path.startsWith('/api/wallet/get_name_inquiry/'));

async function chooseBank(user: User, search: string, bank: string) {
  await user.clear(bankBox());
  await user.type(bankBox(), search);
  await user.click(screen.getByRole('option', { name: bank }));
}

/** GTBank + 0123456789: the name inquiry answers BOLA ADE. */
async function verifyAccount(user: User) {
  await screen.findByRole('combobox', { name: 'Bank' });
  await chooseBank(user, 'guar', GTB);
  await user.type(accountNumber(), '0123456789');
  expect(await screen.findByRole('textbox', { name: 'Recipient account name' })).toHaveValue('BOLA ADE');
}

describe('NGN wallet details', () => {
  test('is wired at /transfer-naira', async () => {
    signIn();
    serveMoney(serveWallets(fakeWallets()));
    renderRoute('/transfer-naira');
    expect(await screen.findByRole('heading', { level: 1, name: 'Send NGN' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Bank' })).toBeInTheDocument();
  });

  test('a wallet that cannot be loaded: "Failed to load wallet details" as a toast, and no send form', async () => {
    renderNgn({ handlers: [http.get(apiPath('/wallet/naira-wallet'), () => HttpResponse.error())] });

    await expectOnlyAsToast('Failed to load wallet details');
    await expectOnlyAsToast('Failed to fetch Naira wallet details');
    expect(screen.queryByRole('combobox', { name: 'Bank' })).not.toBeInTheDocument();
  });

  test('shows the balance, bank name, account name and account number', async () => {
    renderNgn();
    expect(await screen.findByText('₦250,000.00')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Bank name' })).toHaveValue('Kudi Partner Bank');
    expect(screen.getByRole('textbox', { name: 'Account name' })).toHaveValue('Ada Obi');
    expect(screen.getByRole('textbox', { name: 'Account number' })).toHaveValue('0123456789');
  });

  test('a wallet that is not activated shows the activation prompt and hides the send form', async () => {
    const { user, store } = renderNgn({
      wallets: fakeWallets({ ngn: { balance: 0, is_wallet_activated: false, bank_name: null, account_name: null, account_number: null, tx_ref: null } }),
    });
    expect(await screen.findByText('Your Naira wallet needs to be activated before you can receive payments.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Bank' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Activate Wallet' }));
    expect(store.getState().ui.dialogs['naira-activation']).toBe(true);
  });

  test('load failures of the bank list and the limit say so', async () => {
    renderNgn({
      handlers: [
        http.get(apiPath('/NGN-banks'), () => HttpResponse.error()),
        http.get(apiPath('/wallet/limit/NGN'), () => HttpResponse.error()),
      ],
    });
    expect(await screen.findByText('Failed to fetch bank list')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch transaction limit')).toBeInTheDocument();
  });
});

describe('bank picker', () => {
  test('typing filters the banks; a search matching none says "No banks found"', async () => {
    const { user } = renderNgn();
    await screen.findByRole('combobox', { name: 'Bank' });
    await waitFor(() => expect(backend.seen('/NGN-banks')).toHaveLength(1));

    await user.type(bankBox(), 'zen');
    expect(bankBox()).toHaveAttribute('aria-expanded', 'true');
    expect(within(screen.getByRole('listbox', { name: 'Bank' })).getAllByRole('option').map((option) => option.textContent)).toEqual(['Zenith Bank']);

    await user.type(bankBox(), 'x');
    expect(screen.getByText('No banks found')).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  test('arrow keys move through the options and Enter chooses one', async () => {
    const { user } = renderNgn();
    await screen.findByRole('combobox', { name: 'Bank' });
    await waitFor(() => expect(backend.seen('/NGN-banks')).toHaveLength(1));

    await user.type(bankBox(), 'bank');
    const options = screen.getAllByRole('option');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(bankBox()).toHaveAttribute('aria-activedescendant', options[1].id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');

    expect(bankBox()).toHaveValue(GTB);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('account verification', () => {
  test('the account number takes digits only, at most 10', async () => {
    const { user } = renderNgn();
    await screen.findByRole('combobox', { name: 'Bank' });
    await user.type(accountNumber(), 'ab12-345678901');
    expect(accountNumber()).toHaveValue('1234567890');
  });

  test('a bank and 10 digits name the account automatically (sender = own account); amount and Send appear only then', async () => {
    const { user } = renderNgn();
    await screen.findByRole('combobox', { name: 'Bank' });
    await chooseBank(user, 'guar', GTB);
    await user.type(accountNumber(), '012345678');
    expect(inquiries()).toHaveLength(0);
    expect(amount()).not.toBeInTheDocument();
    expect(sendButton()).not.toBeInTheDocument();

    await user.type(accountNumber(), '9');
    expect(await screen.findByRole('textbox', { name: 'Recipient account name' })).toHaveValue('BOLA ADE');
    expect(inquiries().map((request) => request.path)).toEqual(['/api/wallet/get_name_inquiry/0123456789/000013/0123456789']);
    expect(amount()).toBeInTheDocument();
    expect(sendButton()).toBeInTheDocument();
  });

  test('changing the number or the bank clears the verified name; the new pair is verified again', async () => {
    const { user } = renderNgn();
    await verifyAccount(user);

    await user.type(accountNumber(), '{Backspace}');
    expect(accountName()).not.toBeInTheDocument();
    expect(amount()).not.toBeInTheDocument();
    await user.type(accountNumber(), '9');
    expect(await screen.findByRole('textbox', { name: 'Recipient account name' })).toHaveValue('BOLA ADE');

    await user.clear(bankBox());
    expect(accountName()).not.toBeInTheDocument();
    await chooseBank(user, 'access', 'Access Bank');
    expect(await screen.findByRole('textbox', { name: 'Recipient account name' })).toHaveValue('CHIDI OKAFOR');
  });

  test('a pasted number keeps its 10 digits: spaces and dashes are dropped, and the account is named', async () => {
    const { user } = renderNgn();
    await screen.findByRole('combobox', { name: 'Bank' });
    await chooseBank(user, 'guar', GTB);

    await user.click(accountNumber());
    await user.paste('0123 456 789');
    expect(accountNumber()).toHaveValue('0123456789');
    expect(await screen.findByRole('textbox', { name: 'Recipient account name' })).toHaveValue('BOLA ADE');

    await user.clear(accountNumber());
    await user.paste('0123-456-789');
    expect(accountNumber()).toHaveValue('0123456789');
    expect(await screen.findByRole('textbox', { name: 'Recipient account name' })).toHaveValue('BOLA ADE');
  });

  test('an account the bank does not know says so under the account number (no toast), and stays unverified', async () => {
    const error = jest.spyOn(toast, 'error');
    const { user } = renderNgn();
    await screen.findByRole('combobox', { name: 'Bank' });
    await chooseBank(user, 'zen', 'Zenith Bank');
    await user.type(accountNumber(), '0123456789');

    await waitFor(() => expect(inquiries()).toHaveLength(1));
    expect(await screen.findByRole('alert')).toHaveTextContent('Account not found at this bank. Check the bank and account number.');
    expect(accountNumber()).toHaveAccessibleDescription('Account not found at this bank. Check the bank and account number.');
    expect(accountNumber()).toBeInvalid();
    expect(screen.queryByText('Verifying account...')).not.toBeInTheDocument();
    expect(accountName()).not.toBeInTheDocument();
    expect(sendButton()).not.toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();

    // Another bank: the message goes while the new pair is checked, and the account is named.
    await user.clear(bankBox());
    expect(screen.queryByText('Account not found at this bank. Check the bank and account number.')).not.toBeInTheDocument();
    await chooseBank(user, 'guar', GTB);
    expect(await screen.findByRole('textbox', { name: 'Recipient account name' })).toHaveValue('BOLA ADE');
    expect(screen.queryByText('Account not found at this bank. Check the bank and account number.')).not.toBeInTheDocument();
  });

  test('no answer at all from the name enquiry says so under the account number', async () => {
    const { user } = renderNgn({ handlers: [http.get(apiPath('/wallet/get_name_inquiry/:a/:b/:c'), () => HttpResponse.error())] });
    await screen.findByRole('combobox', { name: 'Bank' });
    await chooseBank(user, 'guar', GTB);
    await user.type(accountNumber(), '0123456789');

    expect(await screen.findByRole('alert')).toHaveTextContent('We could not check this account. Please try again.');
    expect(accountName()).not.toBeInTheDocument();
  });
});

describe('amount rules', () => {
  test('above the balance: "Insufficient balance" and Send disabled', async () => {
    const { user } = renderNgn();
    await verifyAccount(user);
    await user.type(amount()!, '250000.01');

    expect(screen.getByText('Insufficient balance')).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    await user.type(amount()!, '{Backspace}{Backspace}{Backspace}');
    expect(screen.queryByText('Insufficient balance')).not.toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
  });

  test('within the balance, but not with its fee: the fee is named under the amount, Send disabled', async () => {
    const { user } = renderNgn({ handlers: [pricingHandler(apiPath, { ngn_bank: { flat: '50.00' } })] });
    await waitFor(() => expect(backend.seen('/pricing')).not.toHaveLength(0));
    await verifyAccount(user);
    await user.type(amount()!, '249950.01');

    const message = 'Amount plus the fee of ₦50.00 cannot exceed your balance of ₦250000.00 NGN';
    expect(await screen.findByText(message)).toBeInTheDocument();
    // After the field's hint (its maximum).
    expect(amount()).toHaveAccessibleDescription(`Maximum per transaction: ₦500,000.00 ${message}`);
    expect(sendButton()).toBeDisabled();
    expect(toastsShown()).toEqual([]);
    expect(screen.queryByText('Insufficient balance')).not.toBeInTheDocument();
    await expectAmountFits(user, { amount: () => amount()!, send: () => sendButton()!, typed: '249950', message });
  });

  test('above the NGN limit (the input max): Send disabled', async () => {
    const { user } = renderNgn({ wallets: fakeWallets({ ngn: { balance: 900000 } }) });
    await verifyAccount(user);
    expect(amount()).toHaveAttribute('max', '500000');
    expect(amount()).toHaveAttribute('step', '0.01');
    expect(screen.getByText('Maximum per transaction: ₦500,000.00')).toBeInTheDocument();

    await user.type(amount()!, '500000.01');
    expect(sendButton()).toBeDisabled();
    expect(screen.getByText('Amount exceeds the transaction limit')).toBeInTheDocument();
  });

  test('no amount: "Please fill in all fields and verify account" on the form and as a toast, no PIN asked; the form\'s message goes once the amount is typed', async () => {
    const { user } = renderNgn();
    await verifyAccount(user);
    await user.click(sendButton()!);
    await expectOnFormAndAsToast('Please fill in all fields and verify account');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Too much first: only the balance is said (the incomplete form is no longer true), then nothing.
    await user.type(amount()!, '300000');
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
    expect(onForm('Please fill in all fields and verify account')).toHaveLength(0);
    await user.clear(amount()!);
    await user.type(amount()!, '5000.50');
    await waitFor(() => expect(screen.queryByText('Insufficient balance')).not.toBeInTheDocument());
    expect(onForm('Please fill in all fields and verify account')).toHaveLength(0);
    expect(sendButton()).toBeEnabled();
  });
});

describe('sending NGN', () => {
  test('PIN, then the exact payload with an Idempotency-Key; receipt; fields, bank and name cleared; balance and history refetched', async () => {
    const { user, store, money } = renderNgn();
    store.dispatch(historyApi.endpoints.getTransactions.initiate({ currency: 'NGN', type: null, page: 1 }));
    await verifyAccount(user);
    await waitFor(() => expect(backend.seen('/wallet/transactions')).toHaveLength(1));
    await user.type(amount()!, '1500.75');
    await user.click(sendButton()!);
    await continueReview(user);
    await enterPin(user);

    // spec-next §C: the payout is pending, so the result says it is on its way, never completed.
    await waitFor(() => expect(toastsShown()).toContain(ON_ITS_WAY));
    expect(screen.queryByText('Transaction completed successfully!')).not.toBeInTheDocument();
    expect(money.calls(WITHDRAWAL)).toEqual([
      {
        amount: 1500.75,
        account_number: '0123456789',
        account_bank: '058',
        transaction_pin: '1234',
        description: 'Transfer from Kudi',
        is_benficiary: false,
        account_name: 'BOLA ADE',
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    ]);
    expect(backend.seen(WITHDRAWAL)[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    const receipt = await screen.findByRole('dialog', { name: 'Transaction Receipt' });
    expect(within(receipt).getByText(ON_ITS_WAY)).toBeInTheDocument();
    expect(receipt).toHaveTextContent('Amount₦1,500.75');
    expect(receipt).toHaveTextContent('Fee₦0.00');
    expect(receipt).toHaveTextContent('Account nameBOLA ADE');
    expect(receipt).toHaveTextContent('BankGuaranty Trust Bank (GTBank)');
    expect(receipt).toHaveTextContent('Account number0123456789');
    expect(receipt).toHaveTextContent('StatusOn its way');
    expect(receipt).toHaveTextContent(/Arrives by[A-Z][a-z]+ \d{1,2}, \d{4} 3:45 PM/);
    expect(receipt).toHaveTextContent('Transaction referenceNGN-TX-1');
    expect(receipt).toHaveTextContent(/DateMarch 1[45], 2025/);

    expect(await screen.findByText('₦248,499.25')).toBeInTheDocument();
    await waitFor(() => expect(backend.seen('/wallet/transactions')).toHaveLength(2));
    await user.click(within(receipt).getByRole('button', { name: 'Done' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bankBox()).toHaveValue('');
    expect(accountNumber()).toHaveValue('');
    expect(accountName()).not.toBeInTheDocument();
    expect(sendButton()).not.toBeInTheDocument();
  });

  test('a refusal shows the server message', async () => {
    const { user } = renderNgn({
      handlers: [http.post(apiPath(WITHDRAWAL), () => HttpResponse.json({ success: false, message: 'Your Naira wallet is not activated' }, { status: 400 }))],
    });
    await verifyAccount(user);
    await user.type(amount()!, '100');
    await user.click(sendButton()!);
    await continueReview(user);
    await enterPin(user);
    expect(await screen.findByText('Your Naira wallet is not activated')).toBeInTheDocument();
  });
});

describe('leaving the screen with the PIN dialog open', () => {
  test('the PIN dialog does not reappear when the customer comes back', async () => {
    const { user, store, unmount } = renderNgn();
    await verifyAccount(user);
    await user.type(amount()!, '100');
    await user.click(sendButton()!);
    await continueReview(user);
    expect(await screen.findByRole('dialog', { name: 'Enter Transaction PIN' })).toBeInTheDocument();
    unmount();

    expect(store.getState().ui.dialogs).toEqual({});
    renderWithProviders(<TransferNairaScreen />, { route: '/transfer-naira', store });
    expect(await screen.findByRole('combobox', { name: 'Bank' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('Confirm on a PIN dialog open over an empty form (a state carried over) is never silent: it says what is missing and sends nothing', async () => {
    const error = jest.spyOn(toast, 'error');
    signIn();
    const wallets = serveWallets(fakeWallets());
    serveMoney(wallets);
    const ui: RootState['ui'] = { dialogs: { 'transfer-naira-pin': true }, steps: {}, tabs: {} };
    const { user, store } = renderWithProviders(<TransferNairaScreen />, { route: '/transfer-naira', preloadedState: { ...withUser(), ui } });
    expect(await screen.findByRole('combobox', { name: 'Bank' })).toBeInTheDocument();

    await enterPin(user);

    expect((await screen.findAllByText('Please fill in all fields and verify account')).length).toBeGreaterThan(0);
    expect(error).toHaveBeenCalledWith('Please fill in all fields and verify account', SAID);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().ui.dialogs).toEqual({});
    expect(backend.seen(WITHDRAWAL)).toHaveLength(0);
  });
});
