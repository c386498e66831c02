// Recent recipients on the send screens (spec-next §E): each screen lists the saved recipients of
// its kind, newest first, a few; choosing one fills the form (for an NGN bank account the name
// check runs again, by the recipient's id: the client never holds the full number); each can be
// removed; a completed send asks for the list again.
import type { ReactElement } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Recipient } from '../../../src/shared/types';
import { payoutWatched } from '../../../src/client/features/history';
import TransferCadScreen from '../../../src/client/features/transfer-cad/transfer-cad-screen';
import TransferNairaScreen from '../../../src/client/features/transfer-naira/transfer-naira-screen';
import TransferUserScreen from '../../../src/client/features/transfer-user/transfer-user-screen';
import { renderRoute, renderWithProviders } from '../../support/render';
import { recipients, savedRecipient } from '../../support/recipients-backend';
import { backend, setupFakeBackend, signIn } from '../../support/server-mock';
import { continueReview, CREATED_AT, enterPin, serveMoney } from '../../support/transfer-backend';
import { toastsShown } from '../../support/toasts';
import { fakeWallets, serveWallets, transaction, transactionDetail, withUser } from '../../support/wallet-backend';

setupFakeBackend();
// Jest's clock: the app's timers (debounces, polls, countdowns) pass while findBy*/waitFor wait, not in real time.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const JANE = savedRecipient({ id: 'r-jane', kind: 'interac', name: 'Jane Doe', email: 'jane@example.com', last_used_at: '2025-03-14T12:00:00.000Z' });
const BOLA_BANK = savedRecipient({
  id: 'r-bola-bank',
  kind: 'ngn_bank',
  name: 'BOLA ADE',
  bank_name: 'Guaranty Trust Bank (GTBank)',
  bank_code: '058',
  account_number_masked: '******6789',
  last_used_at: '2025-03-14T11:00:00.000Z',
});
const BOLA_USER = savedRecipient({ id: 'r-bola-user', kind: 'kudi_user', name: 'Bola Ade', email: 'bola@example.com', last_used_at: '2025-03-14T10:00:00.000Z' });

/** The saved recipients (newest first) and the server's side of the saved bank account. */
function save(...list: Recipient[]) {
  recipients.list = list;
  recipients.accounts.set(BOLA_BANK.id, '000013/0123456789');
}

function render(screenElement: ReactElement, route: string) {
  signIn();
  const wallets = serveWallets(fakeWallets());
  const money = serveMoney(wallets);
  return { money, ...renderWithProviders(screenElement, { route, preloadedState: withUser() }) };
}

const recentList = async () => within(await screen.findByRole('region', { name: 'Recent recipients' }));
const listRequests = () => backend.seen('/recipients').filter((request) => request.method === 'GET').length;
const inquiries = () => backend.requests.filter((request) => request.path.startsWith('/api/wallet/get_name_inquiry/'));

describe('Interac (/transfer-cad)', () => {
  test('lists the Interac recipients only; choosing one fills the name and e-mail, which the send carries', async () => {
    save(JANE, BOLA_BANK, BOLA_USER);
    const { user, money } = render(<TransferCadScreen />, '/transfer-cad');
    const list = await recentList();
    expect(list.getAllByRole('listitem')).toHaveLength(1);
    const jane = list.getByRole('button', { name: /^Jane Doe,/ });
    expect(jane).toHaveTextContent('jane@example.com');
    expect(jane).toHaveAttribute('aria-pressed', 'false');

    await user.click(jane);
    expect(screen.getByRole('textbox', { name: 'Recipient name' })).toHaveValue('Jane Doe');
    expect(screen.getByRole('textbox', { name: 'Recipient email' })).toHaveValue('jane@example.com');
    expect(jane).toHaveAttribute('aria-pressed', 'true');

    await user.type(screen.getByRole('spinbutton', { name: 'Amount (CAD)' }), '25');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(within(await screen.findByRole('dialog', { name: 'Review' })).getByText('jane@example.com')).toBeInTheDocument();
    await continueReview(user);
    await enterPin(user);
    await screen.findByRole('dialog', { name: 'Transaction Receipt' });
    expect(money.calls('/wallet/cad-withdrawal')).toEqual([
      expect.objectContaining({ CustomerName: 'Jane Doe', CustomerEmail: 'jane@example.com', Amount: 25 }),
    ]);
  });

  test('shows the five newest, in the order the server gives them', async () => {
    const many = Array.from({ length: 7 }, (_, i) => savedRecipient({ id: `r${i}`, kind: 'interac', name: `Person ${i}`, email: `p${i}@example.com` }));
    save(...many);
    render(<TransferCadScreen />, '/transfer-cad');
    const list = await recentList();
    expect(list.getAllByRole('button', { name: /^Person/ }).map((button) => button.getAttribute('aria-label'))).toEqual(
      many.slice(0, 5).map((recipient) => `${recipient.name}, ${recipient.email}`),
    );
  });

  test('without saved recipients the form shows no list', async () => {
    render(<TransferCadScreen />, '/transfer-cad');
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    await waitFor(() => expect(listRequests()).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Recent recipients' })).not.toBeInTheDocument();
  });

  test('remove: confirmed, DELETE /recipients/{id}, and the list no longer shows it', async () => {
    save(JANE, savedRecipient({ id: 'r-sam', kind: 'interac', name: 'Sam Roe', email: 'sam@example.com' }));
    const { user } = render(<TransferCadScreen />, '/transfer-cad');
    const list = await recentList();
    await user.click(list.getByRole('button', { name: 'Remove Jane Doe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this recipient?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Jane Doe,/ })).not.toBeInTheDocument());
    expect(recipients.deleted).toEqual(['r-jane']);
    expect(screen.getByRole('button', { name: /^Sam Roe,/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Remove this recipient?' })).not.toBeInTheDocument();
  });

  test('remove, then Cancel: nothing is deleted', async () => {
    save(JANE);
    const { user } = render(<TransferCadScreen />, '/transfer-cad');
    await user.click((await recentList()).getByRole('button', { name: 'Remove Jane Doe' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove this recipient?' })).getByRole('button', { name: 'Cancel' }));
    expect(recipients.deleted).toEqual([]);
    expect(screen.getByRole('button', { name: /^Jane Doe,/ })).toBeInTheDocument();
  });
});

describe('NGN bank account (/transfer-naira)', () => {
  test('choosing one fills the bank and the masked number, runs the name check again by its id, and sends by its id', async () => {
    save(JANE, BOLA_BANK);
    const { user, money } = render(<TransferNairaScreen />, '/transfer-naira');
    const list = await recentList();
    const bola = list.getByRole('button', { name: /^BOLA ADE,/ });
    expect(bola).toHaveTextContent('Guaranty Trust Bank (GTBank) · ******6789');
    expect(list.getAllByRole('listitem')).toHaveLength(1);

    await user.click(bola);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Bank' })).toHaveValue('Guaranty Trust Bank (GTBank)'));
    expect(screen.getByRole('textbox', { name: 'Recipient account number' })).toHaveValue('******6789');
    // The name check runs, for the saved account (by its id), and names its holder.
    expect(await screen.findByRole('textbox', { name: 'Recipient account name' })).toHaveValue('BOLA ADE');
    // Its path names the account by the masked number (the last segment is the sender's own account).
    expect(inquiries().map((request) => request.path)).toEqual(['/api/wallet/get_name_inquiry/******6789/000013/0123456789']);

    await user.type(screen.getByRole('spinbutton', { name: 'Amount (NGN)' }), '5000');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const review = await screen.findByRole('dialog', { name: 'Review' });
    expect(within(review).getByText('******6789')).toBeInTheDocument();
    await continueReview(user);
    await enterPin(user);
    await screen.findByRole('dialog', { name: 'Transaction Receipt' });
    expect(money.calls('/wallet/ngn-withdrawal')).toEqual([
      expect.objectContaining({ account_number: '******6789', account_bank: '058', account_name: 'BOLA ADE', recipient_id: BOLA_BANK.id, amount: 5000 }),
    ]);
  });

  test('choosing it again runs the name check again', async () => {
    save(BOLA_BANK);
    const { user } = render(<TransferNairaScreen />, '/transfer-naira');
    await user.click((await recentList()).getByRole('button', { name: /^BOLA ADE,/ }));
    expect(await screen.findByRole('textbox', { name: 'Recipient account name' })).toHaveValue('BOLA ADE');
    // Another account typed, then the saved one chosen again.
    await user.clear(screen.getByRole('textbox', { name: 'Recipient account number' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Recipient account name' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /^BOLA ADE,/ }));
    expect(await screen.findByRole('textbox', { name: 'Recipient account name' })).toHaveValue('BOLA ADE');
    await waitFor(() => expect(inquiries().filter((request) => request.path.includes('******6789'))).toHaveLength(2));
  });

  test('editing the masked number starts a typed account: the send then carries the typed number and no recipient id', async () => {
    save(BOLA_BANK);
    const { user, money } = render(<TransferNairaScreen />, '/transfer-naira');
    await user.click((await recentList()).getByRole('button', { name: /^BOLA ADE,/ }));
    const number = screen.getByRole('textbox', { name: 'Recipient account number' });
    await user.type(number, '1');
    expect(number).toHaveValue('');
    expect(screen.getByRole('button', { name: /^BOLA ADE,/ })).toHaveAttribute('aria-pressed', 'false');
    await user.type(number, '0123456789');
    expect(await screen.findByRole('textbox', { name: 'Recipient account name' })).toHaveValue('BOLA ADE');
    await user.type(screen.getByRole('spinbutton', { name: 'Amount (NGN)' }), '100');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await continueReview(user);
    await enterPin(user);
    await screen.findByRole('dialog', { name: 'Transaction Receipt' });
    const [body] = money.calls('/wallet/ngn-withdrawal');
    expect(body).toMatchObject({ account_number: '0123456789', account_bank: '058' });
    expect(body).not.toHaveProperty('recipient_id');
  });
});

describe('Send again of a send to a saved NGN account (its detail shows the number masked)', () => {
  test('opens /transfer-naira with that saved recipient chosen, its name check run again, and the amount', async () => {
    save(BOLA_BANK);
    signIn();
    const wallets = fakeWallets();
    const item = transaction({
      id: 'KD-NGN-7', transaction_type: 'WITHDRAWAL', currency: 'NGN', amount: 2500, status: 'completed', direction: 'debit',
      recipient_name: 'BOLA ADE', recieved_from: null, bank_name: 'Guaranty Trust Bank (GTBank)', account_number: '******6789',
    });
    wallets.transactions.push(item);
    wallets.details[item.id] = transactionDetail(item, {
      counterparty: { name: 'BOLA ADE', bank_name: 'Guaranty Trust Bank (GTBank)', account_number_masked: '******6789', email: null },
      arrives_by: CREATED_AT,
    });
    serveWallets(wallets);
    serveMoney(wallets);
    const { user, router } = renderRoute('/history/KD-NGN-7', { preloadedState: withUser() });
    await user.click(await screen.findByRole('button', { name: 'Send again' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Send NGN' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/transfer-naira');
    await waitFor(() => expect(screen.getByRole('button', { name: /^BOLA ADE,/ })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('combobox', { name: 'Bank' })).toHaveValue('Guaranty Trust Bank (GTBank)');
    expect(screen.getByRole('textbox', { name: 'Recipient account number' })).toHaveValue('******6789');
    expect(await screen.findByRole('textbox', { name: 'Recipient account name' })).toHaveValue('BOLA ADE');
    expect(inquiries().map((request) => request.path)).toEqual(['/api/wallet/get_name_inquiry/******6789/000013/0123456789']);
    expect(screen.getByRole('spinbutton', { name: 'Amount (NGN)' })).toHaveValue(2500);
  });
});

describe('Kudi user (/transfer-kudi)', () => {
  test('choosing one fills the e-mail; the recipient check runs and names them; the send carries the e-mail', async () => {
    save(JANE, BOLA_USER);
    const { user, money } = render(<TransferUserScreen />, '/transfer-kudi');
    const list = await recentList();
    expect(list.getAllByRole('listitem')).toHaveLength(1);
    await user.click(list.getByRole('button', { name: /^Bola Ade,/ }));
    expect(screen.getByRole('textbox', { name: 'Recipient email' })).toHaveValue('bola@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent('Recipient: Bola Ade');
    expect(money.calls('/auth/check-email')).toEqual([{ email: 'bola@example.com', currency_type: 'CAD' }]);

    const before = listRequests();
    await user.type(screen.getByRole('spinbutton', { name: 'Amount (CAD)' }), '10');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await continueReview(user);
    await enterPin(user);
    await screen.findByRole('dialog', { name: 'Transaction Receipt' });
    expect(money.calls('/wallet/cad-wallet-transfer')).toEqual([expect.objectContaining({ recipient_email: 'bola@example.com', amount: 10 })]);
    // A user transfer completes at once and saves its recipient: the list is asked again.
    await waitFor(() => expect(listRequests()).toBeGreaterThan(before));
  });
});

describe('the list follows the sends', () => {
  test('a payout seen completed by the pending watch asks for the list again (it saved its recipient)', async () => {
    signIn();
    const wallets = fakeWallets();
    const payout = transaction({ id: 'KD-PAY-9', transaction_type: 'WITHDRAWAL', amount: 40, recipient_name: 'Jane Doe', recieved_from: null, direction: 'debit', status: 'pending' });
    wallets.details[payout.id] = transactionDetail(payout, { arrives_by: CREATED_AT });
    serveWallets(wallets);
    serveMoney(wallets);
    const { store } = renderRoute('/transfer-cad', { preloadedState: withUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Send CAD' })).toBeInTheDocument();
    act(() => void store.dispatch(payoutWatched({ id: payout.id, currency: 'CAD', status: 'pending' })));
    await waitFor(() => expect(backend.seen(`/transactions/${payout.id}`).length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Recent recipients' })).not.toBeInTheDocument();
    const before = listRequests();

    // The rail completed it, and the server saved Jane.
    recipients.list = [JANE];
    wallets.details[payout.id] = transactionDetail({ ...payout, status: 'completed' }, { arrives_by: CREATED_AT });
    await waitFor(() => expect(toastsShown()).toContain('Your transfer of $40.00 to Jane Doe has completed.'), { timeout: 6_000 });
    await waitFor(() => expect(listRequests()).toBeGreaterThan(before));
    expect(await screen.findByRole('button', { name: /^Jane Doe,/ })).toBeInTheDocument();
  });
});
