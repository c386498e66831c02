import domToImage from 'dom-to-image-more';
import { act, screen, waitFor, within } from '@testing-library/react';
import { limitsApi } from '../../../src/client/api/limits-api';
import { walletApi } from '../../../src/client/api/wallet-api';
import { historyApi } from '../../../src/client/features/history/history-api';
import { PENDING_POLL_MS } from '../../../src/client/features/history/pending-watch';
import { theme } from '../../../src/client/ui/theme';
import type { Transaction, TransactionDetail } from '../../../src/shared/types';
import { renderRoute } from '../../support/render';
import { backend, setupFakeBackend, signIn } from '../../support/server-mock';
import { ARRIVES_BY, ON_ITS_WAY, serveMoney } from '../../support/transfer-backend';
import { toastsShown } from '../../support/toasts';
import { fakeWallets, serveWallets, transaction, transactionDetail, withUser, type FakeWallets } from '../../support/wallet-backend';

setupFakeBackend();
// Jest's clock: the app's timers (debounces, polls, countdowns) pass while findBy*/waitFor wait, not in real time.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

// dom-to-image-more never settles under jsdom: the outside world here (the phone journey runs it for real).
jest.mock('dom-to-image-more');
const toPng = jest.mocked(domToImage.toPng);
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

let downloads: string[];

beforeEach(() => {
  toPng.mockReset().mockResolvedValue(PNG);
  downloads = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  delete (navigator as Partial<Navigator>).canShare;
  delete (navigator as Partial<Navigator>).share;
});

const at = (minutes: number) => new Date(Date.UTC(2025, 2, 14, 12, minutes)).toISOString();

/** A payout to a Nigerian bank account, pending in its hold: cancellable, expected at 3:45 PM today. */
function pendingNgnPayout(): [Transaction, TransactionDetail] {
  const item = transaction({
    id: 'KD-NGN-1',
    transaction_type: 'WITHDRAWAL',
    currency: 'NGN',
    amount: 2500,
    status: 'pending',
    direction: 'debit',
    recipient_name: 'BOLA ADE',
    recieved_from: null,
    bank_name: 'Guaranty Trust Bank (GTBank)',
    account_number: '0123456789',
    description: 'Transfer from Kudi',
    transaction_date: at(0),
  });
  return [
    item,
    transactionDetail(item, {
      fee: '10.00',
      counterparty: { name: 'BOLA ADE', bank_name: 'Guaranty Trust Bank (GTBank)', account_number_masked: '******6789', email: null },
      arrives_by: ARRIVES_BY,
      cancellable: true,
      events: [{ status: 'created', at: at(0), note: 'Payout created' }],
    }),
  ];
}

/** An Interac e-Transfer the recipient's bank declined: failed, and its money back in the wallet. */
function refundedInterac(): [Transaction, TransactionDetail] {
  const item = transaction({
    id: 'KD-CAD-9',
    transaction_type: 'WITHDRAWAL',
    currency: 'CAD',
    amount: 75.25,
    status: 'failed',
    refunded: true,
    direction: 'debit',
    recipient_name: 'Jane Doe',
    recieved_from: null,
    transaction_date: at(0),
  });
  return [
    item,
    transactionDetail(item, {
      counterparty: { name: 'Jane Doe', bank_name: null, account_number_masked: null, email: 'jane.doe@example.com' },
      arrives_by: at(30),
      events: [
        { status: 'created', at: at(0), note: null },
        { status: 'sent', at: at(1), note: 'Sent to Interac' },
        { status: 'failed', at: at(5), note: "The recipient's bank declined the transfer" },
        { status: 'refunded', at: at(5), note: 'The money is back in your wallet' },
      ],
    }),
  ];
}

function renderDetail(id: string, items: [Transaction, TransactionDetail][] = [], setup?: (wallets: FakeWallets) => void) {
  signIn();
  const wallets = fakeWallets();
  for (const [item, detail] of items) {
    wallets.transactions.push(item);
    wallets.details[item.id] = detail;
  }
  serveWallets(wallets);
  const money = serveMoney(wallets);
  setup?.(wallets);
  return { wallets, money, ...renderRoute(`/history/${encodeURIComponent(id)}`, { preloadedState: withUser() }) };
}

const rowsOf = (receipt: HTMLElement) =>
  Object.fromEntries(within(receipt).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));

const receiptCard = () => screen.getByRole('region', { name: 'Receipt' });

describe('transaction detail page', () => {
  test('a pending payout: amount in the colour of money out, status, on its way with its arrival, fee, masked account, reference, date, timeline', async () => {
    renderDetail('KD-NGN-1', [pendingNgnPayout()]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Transaction Details' })).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('-₦2,500.00 NGN')).toHaveStyle({ color: theme.colors.danger });
    expect(within(summary).getByText('pending')).toHaveStyle({ color: theme.colors.warning });
    expect(within(summary).getByText(ON_ITS_WAY)).toBeInTheDocument();
    expect(screen.queryByText('Refunded')).not.toBeInTheDocument();

    const rows = rowsOf(receiptCard());
    expect(rows).toMatchObject({
      Amount: '₦2,500.00',
      Fee: '₦10.00',
      Recipient: 'BOLA ADE',
      Bank: 'Guaranty Trust Bank (GTBank)',
      'Account number': '******6789',
      Description: 'Transfer from Kudi',
      Status: 'On its way',
      'Transaction reference': 'KD-NGN-1',
    });
    expect(rows['Arrives by']).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} 3:45 PM$/);
    expect(rows.Date).toMatch(/^March 1[45], 2025 \d{1,2}:00 [AP]M$/);
    expect(rows).not.toHaveProperty('Rate');
    // The full account number is never shown.
    expect(screen.queryByText(/0123456789/)).not.toBeInTheDocument();

    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(within(timeline).getAllByRole('listitem').map((step) => step.textContent)).toEqual([
      expect.stringMatching(/^Created.*Payout created$/),
    ]);
    expect(screen.getByRole('button', { name: 'Cancel transfer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send again' })).toBeInTheDocument();
  });

  test('a failed payout: the timeline oldest first (created, sent, failed, refunded) with each time and note; Refunded shown; no cancel', async () => {
    const [item, detail] = refundedInterac();
    // Sent newest first: the page still shows the oldest first.
    renderDetail('KD-CAD-9', [[item, { ...detail, events: [...detail.events].reverse() }]]);

    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getAllByRole('paragraph')[0].textContent)).toEqual(['Created', 'Sent', 'Failed', 'Refunded']);
    expect(steps[1]).toHaveTextContent('Sent to Interac');
    expect(steps[2]).toHaveTextContent("The recipient's bank declined the transfer");
    expect(steps.map((step) => step.querySelector('time')?.getAttribute('datetime'))).toEqual([at(0), at(1), at(5), at(5)]);
    expect(steps[1].querySelector('time')).toHaveTextContent(/^March 1[45], 2025 \d{1,2}:01 [AP]M$/);

    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('failed')).toHaveStyle({ color: theme.colors.danger });
    expect(within(summary).getByText('Refunded')).toBeInTheDocument();
    expect(rowsOf(receiptCard())).toMatchObject({ Recipient: 'Jane Doe', Email: 'jane.doe@example.com', Status: 'Failed, refunded', Fee: '$0.00' });
    expect(rowsOf(receiptCard())).not.toHaveProperty('Arrives by');
    expect(screen.queryByText(/On its way/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel transfer' })).not.toBeInTheDocument();
  });

  test('money received from another user is green with a plus, names the sender, and cannot be sent again', async () => {
    const item = transaction({ id: 'KD-IN-1', transaction_type: 'WALLET TRANSACTION', amount: 40, recieved_from: 'Bola Ade', direction: 'credit' });
    renderDetail('KD-IN-1', [[item, transactionDetail(item, { counterparty: { name: 'Bola Ade', bank_name: null, account_number_masked: null, email: 'bola@example.com' } })]]);

    expect(await screen.findByText('+$40.00 CAD')).toHaveStyle({ color: theme.colors.success });
    expect(rowsOf(receiptCard())).toMatchObject({ From: 'Bola Ade', Status: 'Completed' });
    expect(screen.queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
  });

  test('a conversion shows its rate and both sides (what left and what arrived), and is not a send', async () => {
    const item = transaction({ id: 'KD-FX-1', transaction_type: 'WITHDRAWAL', amount: 100, recieved_from: null, direction: 'debit', description: 'Conversion to NGN' });
    const conversion = { sent: '100.00', sent_currency: 'CAD' as const, received: '103950.00', received_currency: 'NGN' as const };
    renderDetail('KD-FX-1', [[item, transactionDetail(item, { rate: '1039.50', conversion, counterparty: { name: null, bank_name: null, account_number_masked: null, email: null } })]]);

    await screen.findByRole('region', { name: 'Receipt' });
    expect(rowsOf(receiptCard())).toMatchObject({ Rate: '1 CAD = 1,039.50 NGN', Converted: '$100.00', Received: '₦103,950.00', Description: 'Conversion to NGN' });
    expect(screen.queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
  });

  test('an id that is not the customer\'s: "Transaction not found" and a way back to the history', async () => {
    const { user, router } = renderDetail('KD-SOMEONE-ELSES');

    expect(await screen.findByText('Transaction not found')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Receipt' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to history' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Transaction History' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/history');
  });

  test('is gated like /history: a customer without a PIN goes to the dashboard with the set-PIN dialog', async () => {
    signIn({ user: { is_set_transaction_pin: false } });
    serveWallets(fakeWallets());
    const { router } = renderRoute('/history/KD-1', { preloadedState: withUser({ is_set_transaction_pin: false }) });
    expect(await screen.findByRole('dialog', { name: 'Set Transaction PIN' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('Cancel transfer', () => {
  test('confirmed: POST cancel, the server\'s message, then the detail, the history, the wallet and the limits are asked again', async () => {
    const { user, store, wallets } = renderDetail('KD-NGN-1', [pendingNgnPayout()]);
    // The NGN history, balance and the limits, as other screens hold them.
    store.dispatch(historyApi.endpoints.getTransactions.initiate({ currency: 'NGN', type: null, page: 1 }));
    store.dispatch(walletApi.endpoints.getNairaWallet.initiate());
    store.dispatch(limitsApi.endpoints.getLimits.initiate());
    await screen.findByRole('button', { name: 'Cancel transfer' });
    // The NGN history, and the CAD one the layout read once when the app opened (pending payouts).
    await waitFor(() => expect(backend.seen('/wallet/transactions')).toHaveLength(2));
    await waitFor(() => expect(backend.seen('/wallet/naira-wallet')).toHaveLength(1));
    await waitFor(() => expect(backend.seen('/limits')).toHaveLength(1));
    const before = {
      detail: backend.seen('/transactions/KD-NGN-1').length,
      wallet: backend.seen('/wallet/naira-wallet').length,
      limits: backend.seen('/limits').length,
    };

    await user.click(screen.getByRole('button', { name: 'Cancel transfer' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this transfer?' });
    expect(store.getState().ui.dialogs['transaction-cancel']).toBe(true);
    // The safe choice first: keeping it sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(backend.seen('/transactions/KD-NGN-1/cancel')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel transfer' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Cancel this transfer?' })).getByRole('button', { name: 'Cancel transfer' }));

    await waitFor(() => expect(toastsShown()).toContain('Transfer cancelled. The money is back in your wallet.'));
    expect(backend.seen('/transactions/KD-NGN-1/cancel')).toHaveLength(1);
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(await within(summary).findByText('cancelled')).toBeInTheDocument();
    expect(within(summary).getByText('Refunded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel transfer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getAllByRole('paragraph')[0].textContent)).toEqual(['Created', 'Cancelled', 'Refunded']);

    await waitFor(() => expect(backend.seen('/wallet/transactions')).toHaveLength(3));
    expect(backend.seen('/transactions/KD-NGN-1').length).toBeGreaterThan(before.detail);
    await waitFor(() => expect(backend.seen('/wallet/naira-wallet').length).toBeGreaterThan(before.wallet));
    await waitFor(() => expect(backend.seen('/limits').length).toBeGreaterThan(before.limits));
    expect(wallets.ngn.balance).toBe(252500);
    // The customer's own act is answered once: no second toast from the watch of pending items.
    expect(toastsShown().filter((text) => /cancel/i.test(text))).toEqual(['Transfer cancelled. The money is back in your wallet.']);
  });

  test('two taps on the confirmation before it shows it is busy: one cancel is sent, and one answer told', async () => {
    const { user } = renderDetail('KD-NGN-1', [pendingNgnPayout()]);
    await user.click(await screen.findByRole('button', { name: 'Cancel transfer' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Cancel this transfer?' })).getByRole('button', { name: 'Cancel transfer' });
    // Both in the same instant, as a double tap can land before React draws the busy button.
    act(() => {
      confirm.click();
      confirm.click();
    });
    await waitFor(() => expect(toastsShown()).toContain('Transfer cancelled. The money is back in your wallet.'));
    expect(backend.seen('/transactions/KD-NGN-1/cancel')).toHaveLength(1);
    expect(toastsShown().filter((text) => /cancel/i.test(text))).toEqual(['Transfer cancelled. The money is back in your wallet.']);
  });

  test('after the hold: the 409 says "This transfer can no longer be cancelled." and the detail is asked again', async () => {
    const { user, wallets } = renderDetail('KD-NGN-1', [pendingNgnPayout()]);
    await screen.findByRole('button', { name: 'Cancel transfer' });
    // Meanwhile the payout was handed to the bank.
    const handed = wallets.details['KD-NGN-1'];
    wallets.details['KD-NGN-1'] = { ...handed, cancellable: false, events: [...handed.events, { status: 'sent', at: at(1), note: 'Sent to the bank' }] };
    const seen = backend.seen('/transactions/KD-NGN-1').length;

    await user.click(screen.getByRole('button', { name: 'Cancel transfer' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Cancel this transfer?' })).getByRole('button', { name: 'Cancel transfer' }));

    await waitFor(() => expect(toastsShown()).toContain('This transfer can no longer be cancelled.'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel transfer' })).not.toBeInTheDocument());
    expect(backend.seen('/transactions/KD-NGN-1').length).toBeGreaterThan(seen);
    expect(screen.getByRole('region', { name: 'Summary' })).toHaveTextContent('pending');
    expect(wallets.ngn.balance).toBe(250000);
  });

  test('the hold runs out while the confirmation is open: it closes and says the transfer can no longer be cancelled; nothing is sent', async () => {
    const { user, wallets, store } = renderDetail('KD-NGN-1', [pendingNgnPayout()]);
    await user.click(await screen.findByRole('button', { name: 'Cancel transfer' }));
    expect(screen.getByRole('dialog', { name: 'Cancel this transfer?' })).toBeInTheDocument();
    // The page's next poll finds the payout handed to the bank.
    const handed = wallets.details['KD-NGN-1'];
    wallets.details['KD-NGN-1'] = { ...handed, cancellable: false, events: [...handed.events, { status: 'sent', at: at(1), note: 'Sent to the bank' }] };

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel this transfer?' })).not.toBeInTheDocument(), { timeout: PENDING_POLL_MS + 3000 });
    await waitFor(() => expect(toastsShown()).toContain('This transfer can no longer be cancelled.'));
    expect(toastsShown().filter((text) => text === 'This transfer can no longer be cancelled.')).toHaveLength(1);
    expect(store.getState().ui.dialogs['transaction-cancel']).toBeFalsy();
    expect(screen.queryByRole('button', { name: 'Cancel transfer' })).not.toBeInTheDocument();
    expect(backend.seen('/transactions/KD-NGN-1/cancel')).toHaveLength(0);
  });

  test('refused because the payout went on to its rail and completed: its completion is still told, once', async () => {
    const { user, wallets } = renderDetail('KD-NGN-1', [pendingNgnPayout()]);
    await screen.findByRole('button', { name: 'Cancel transfer' });
    await user.click(screen.getByRole('button', { name: 'Cancel transfer' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this transfer?' });
    // Meanwhile the bank took the payout and it completed; the page has not asked again yet.
    const pending = wallets.details['KD-NGN-1'];
    wallets.details['KD-NGN-1'] = {
      ...pending,
      status: 'completed',
      cancellable: false,
      events: [...pending.events, { status: 'sent', at: at(1), note: 'Sent to the bank' }, { status: 'completed', at: at(2), note: null }],
    };
    await user.click(within(dialog).getByRole('button', { name: 'Cancel transfer' }));

    await waitFor(() => expect(toastsShown()).toContain('This transfer can no longer be cancelled.'));
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(await within(summary).findByText('completed')).toBeInTheDocument();
    await waitFor(() => expect(toastsShown()).toContain('Your transfer of ₦2,500.00 to BOLA ADE has completed.'));
    expect(toastsShown().filter((text) => text.startsWith('Your transfer'))).toEqual(['Your transfer of ₦2,500.00 to BOLA ADE has completed.']);
  });
});

describe('Send again', () => {
  test('an Interac e-Transfer opens /transfer-cad with its recipient and amount', async () => {
    const { user, router, store } = renderDetail('KD-CAD-9', [refundedInterac()]);
    await user.click(await screen.findByRole('button', { name: 'Send again' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Send CAD' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/transfer-cad');
    expect(screen.getByRole('textbox', { name: 'Recipient name' })).toHaveValue('Jane Doe');
    expect(screen.getByRole('textbox', { name: 'Recipient email' })).toHaveValue('jane.doe@example.com');
    expect(screen.getByRole('spinbutton', { name: 'Amount (CAD)' })).toHaveValue(75.25);
    // Taken once: the draft is gone from the store.
    expect(store.getState().sendAgain.draft).toBeNull();
  });

  test('a payout to a bank account opens /transfer-naira with the bank, the account (named again) and the amount', async () => {
    const { user, router } = renderDetail('KD-NGN-1', [pendingNgnPayout()]);
    await user.click(await screen.findByRole('button', { name: 'Send again' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Send NGN' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/transfer-naira');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Bank' })).toHaveValue('Guaranty Trust Bank (GTBank)'));
    expect(screen.getByRole('textbox', { name: 'Recipient account number' })).toHaveValue('0123456789');
    expect(await screen.findByRole('textbox', { name: 'Recipient account name' })).toHaveValue('BOLA ADE');
    expect(screen.getByRole('spinbutton', { name: 'Amount (NGN)' })).toHaveValue(2500);
  });

  test('a transfer to another user opens its currency\'s tab with the e-mail and amount; the recipient is checked again', async () => {
    const item = transaction({ id: 'KD-WT-1', transaction_type: 'WALLET TRANSACTION', currency: 'NGN', amount: 5000, sent_to: 'Bola Ade', recieved_from: null, direction: 'debit' });
    const { user, router } = renderDetail('KD-WT-1', [
      [item, transactionDetail(item, { counterparty: { name: 'Bola Ade', bank_name: null, account_number_masked: null, email: 'bola@example.com' } })],
    ]);
    await user.click(await screen.findByRole('button', { name: 'Send again' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Send to a Kudi user' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/transfer-kudi');
    expect(await screen.findByRole('tab', { name: 'NGN', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Recipient email' })).toHaveValue('bola@example.com');
    expect(await screen.findByText('Recipient: Bola Ade')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Amount (NGN)' })).toHaveValue(5000);
  });
});

describe('the receipt of the detail page', () => {
  test('Save as PNG downloads the receipt image; Share hands the PNG file to the Web Share API where the browser can share files', async () => {
    const { user } = renderDetail('KD-CAD-9', [refundedInterac()]);
    await screen.findByRole('region', { name: 'Receipt' });

    await user.click(screen.getByRole('button', { name: 'Save as PNG' }));
    await waitFor(() => expect(downloads).toEqual(['kudi-receipt.png']));
    expect(toPng.mock.calls[0][0]).toHaveTextContent('Kudi receipt');
    expect(toPng.mock.calls[0][0]).toHaveTextContent('Transaction referenceKD-CAD-9');

    const share = jest.fn<Promise<void>, [ShareData]>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: jest.fn(() => true) });
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share.mock.calls[0][0].files?.[0]).toMatchObject({ name: 'kudi-receipt.png', type: 'image/png' });
    expect(downloads).toHaveLength(1);
  });

  test('without file sharing, Share downloads the image', async () => {
    const { user } = renderDetail('KD-CAD-9', [refundedInterac()]);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(downloads).toEqual(['kudi-receipt.png']));
    await waitFor(() => expect(toastsShown()).toContain('Receipt shared successfully!'));
  });
});
