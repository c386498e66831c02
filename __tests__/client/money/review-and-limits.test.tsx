// spec-next §A and §B in the send flows: every flow goes form → review → PIN; the review shows the
// numbers; Back keeps the form; balance and tier limits (GET /limits) are said at the form.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { UserEvent } from '@testing-library/user-event';
import BillPaymentScreen from '../../../src/client/features/bill-payment/bill-payment-screen';
import TransferCadScreen from '../../../src/client/features/transfer-cad/transfer-cad-screen';
import TransferNairaScreen from '../../../src/client/features/transfer-naira/transfer-naira-screen';
import TransferUserScreen from '../../../src/client/features/transfer-user/transfer-user-screen';
import { limitRefusal } from '../../../src/client/features/money/use-limit-check';
import { renderWithProviders } from '../../support/render';
import { basicLimits, pricing, pricingHandler } from '../../support/pricing-backend';
import { apiPath, backend, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { continueReview, enterPin, serveMoney } from '../../support/transfer-backend';
import { fakeWallets, serveWallets, withUser } from '../../support/wallet-backend';

setupFakeBackend();
// Jest's clock: the app's timers (debounces, polls, countdowns) pass while findBy*/waitFor wait, not in real time.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function serve() {
  signIn();
  return serveMoney(serveWallets(fakeWallets()));
}

const text = (name: string) => screen.getByRole('textbox', { name });
const spin = (name: string) => screen.getByRole('spinbutton', { name });

async function fillCad(user: UserEvent, amount: string) {
  expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  await user.type(text('Recipient name'), 'Bola Ade');
  await user.type(text('Recipient email'), 'bola@example.com');
  await user.type(spin('Amount (CAD)'), amount);
}

async function fillNgn(user: UserEvent, amount: string) {
  await user.type(await screen.findByRole('combobox', { name: 'Bank' }), 'guar');
  // The bank list is asked for on opening: its answer may still be on its way.
  await user.click(await screen.findByRole('option', { name: 'Guaranty Trust Bank (GTBank)' }));
  await user.type(text('Recipient account number'), '0123456789');
  expect(await screen.findByRole('textbox', { name: 'Recipient account name' })).toHaveValue('BOLA ADE');
  await user.type(spin('Amount (NGN)'), amount);
}

async function fillUser(user: UserEvent, amount: string, currency = 'CAD') {
  await user.type(text('Recipient email'), 'bola@example.com');
  expect(await screen.findByRole('status')).toHaveTextContent('Recipient: Bola Ade');
  await user.type(spin(`Amount (${currency})`), amount);
}

async function fillBill(user: UserEvent, amount: string) {
  expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'lagos');
  await user.click(await screen.findByRole('button', { name: 'University of Lagos' }));
  await user.type(spin('Amount (CAD)'), amount);
  await user.type(text('Payee account number'), 'MAT-2025-001');
  await user.type(text('Description'), 'Tuition fees');
}

const flows = [
  {
    name: 'Interac (CAD withdrawal)',
    render: () => renderWithProviders(<TransferCadScreen />, { route: '/transfer-cad', preloadedState: withUser() }),
    fill: (user: UserEvent) => fillCad(user, '25.5'),
    submit: 'Send',
    call: '/wallet/cad-withdrawal',
    lines: ['RecipientBola Ade', 'Recipient emailbola@example.com', 'Amount$25.50', 'Fee$0.00', 'Total from your wallet$25.50', 'Recipient gets$25.50', 'ArrivesUsually within minutes'],
    field: () => text('Recipient email'),
    kept: 'bola@example.com',
  },
  {
    name: 'NGN bank payout',
    render: () => renderWithProviders(<TransferNairaScreen />, { route: '/transfer-naira', preloadedState: withUser() }),
    fill: (user: UserEvent) => fillNgn(user, '1500.75'),
    submit: 'Send',
    call: '/wallet/ngn-withdrawal',
    lines: ['RecipientBOLA ADE', 'BankGuaranty Trust Bank (GTBank)', 'Account number0123456789', 'Amount₦1,500.75', 'Fee₦0.00', 'Total from your wallet₦1,500.75', 'Recipient gets₦1,500.75', 'ArrivesUsually within minutes'],
    field: () => text('Recipient account number'),
    kept: '0123456789',
  },
  {
    name: 'Kudi user transfer',
    render: () => renderWithProviders(<TransferUserScreen />, { route: '/transfer-kudi', preloadedState: withUser() }),
    fill: (user: UserEvent) => fillUser(user, '100'),
    submit: 'Send',
    call: '/wallet/cad-wallet-transfer',
    lines: ['RecipientBola Ade', 'Recipient emailbola@example.com', 'Amount$100.00', 'Fee$0.00', 'Total from your wallet$100.00', 'Recipient gets$100.00', 'ArrivesInstantly'],
    field: () => text('Recipient email'),
    kept: 'bola@example.com',
  },
  {
    name: 'bill payment',
    render: () => renderWithProviders(<BillPaymentScreen />, { route: '/bill-payment?category=school', preloadedState: withUser() }),
    fill: (user: UserEvent) => fillBill(user, '250.5'),
    submit: 'Continue',
    call: '/auth/confirm-transaction-pin',
    lines: ['PayeeUniversity of Lagos', 'Payee account numberMAT-2025-001', 'DescriptionTuition fees', 'Amount$250.50', 'Fee$0.00', 'Total from your wallet$250.50', 'Recipient gets$250.50', 'ArrivesUsually within minutes'],
    field: () => text('Description'),
    kept: 'Tuition fees',
  },
] as const;

describe.each(flows)('$name', ({ render, fill, submit, call, lines, field, kept }) => {
  test('the form leads to the review, with what leaves, the fee, what arrives, the recipient and when; no PIN before Continue', async () => {
    serve();
    const { user, store } = render();
    await fill(user);
    await user.click(screen.getByRole('button', { name: submit }));

    const review = await screen.findByRole('dialog', { name: 'Review' });
    for (const line of lines) expect(review).toHaveTextContent(line);
    expect(screen.queryByRole('dialog', { name: 'Enter Transaction PIN' })).not.toBeInTheDocument();
    expect(Object.keys(store.getState().ui.dialogs).filter((id) => store.getState().ui.dialogs[id])).toEqual([expect.stringMatching(/-review$/)]);
    expect(backend.seen(call)).toHaveLength(0);

    await user.click(within(review).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('dialog', { name: 'Enter Transaction PIN' })).toBeInTheDocument();
    await enterPin(user);
    await waitFor(() => expect(backend.seen(call)).toHaveLength(1));
  });

  test('Back on the review returns to the form with its values', async () => {
    serve();
    const { user, store } = render();
    await fill(user);
    await user.click(screen.getByRole('button', { name: submit }));
    const review = await screen.findByRole('dialog', { name: 'Review' });

    await user.click(within(review).getByRole('button', { name: 'Back' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(Object.values(store.getState().ui.dialogs).some(Boolean)).toBe(false);
    expect(field()).toHaveValue(kept);
  });
});

describe("the fee on the review is the server's (GET /pricing)", () => {
  test('a flat and a percent fee are shown, and what leaves the wallet includes them', async () => {
    server.use(pricingHandler(apiPath, { interac: { flat: '1.50', percent: '0.50' } }));
    serve();
    const { user } = renderWithProviders(<TransferCadScreen />, { route: '/transfer-cad', preloadedState: withUser() });
    await fillCad(user, '25.5');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    // 1.50 + 0.5% of 25.50 (0.1275, rounded up to 0.13) = 1.63.
    const review = await screen.findByRole('dialog', { name: 'Review' });
    for (const line of ['Amount$25.50', 'Fee$1.63', 'Total from your wallet$27.13', 'Recipient gets$25.50']) expect(review).toHaveTextContent(line);
  });
});

describe('limits at the form (GET /limits), before review and PIN', () => {
  test.each([
    ['per transfer', basicLimits(), '1000.01', 'This exceeds your per-transfer limit of $1,000.00.'],
    ['left today', basicLimits({ used_today: '750.00', remaining_today: '250.00' }), '250.01', 'This exceeds your daily limit. You can send up to $250.00 more today.'],
    ['left over 30 days', basicLimits({ used_30_days: '4900.00', remaining_30_days: '100.00' }), '100.01', 'This exceeds your 30-day limit. You can send up to $100.00 more today.'],
    // Past both: the limit that leaves less is the one the server names (kudi_limit_charge).
    ['30 days, which leaves less than today', basicLimits({ used_today: '750.00', remaining_today: '250.00', used_30_days: '4900.00', remaining_30_days: '100.00' }), '260.00', 'This exceeds your 30-day limit. You can send up to $100.00 more today.'],
    ['day, which leaves less than 30 days', basicLimits({ used_today: '900.00', remaining_today: '100.00', used_30_days: '4750.00', remaining_30_days: '250.00' }), '260.00', 'This exceeds your daily limit. You can send up to $100.00 more today.'],
  ])('Interac above the %s: the 403 text under the amount as it is typed, Send disabled, no review', async (_case, limits, amount, message) => {
    pricing.limits = limits;
    serve();
    const { user } = flows[0].render();
    await waitFor(() => expect(backend.seen('/limits')).not.toHaveLength(0));
    await fillCad(user, amount);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(spin('Amount (CAD)')).toHaveAccessibleDescription(message);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.seen('/wallet/cad-withdrawal')).toHaveLength(0);
  });

  test('Interac above the balance: "Insufficient CAD balance" under the amount, Send disabled, no review', async () => {
    pricing.limits = basicLimits({ per_transfer: '10000.00', remaining_today: '10000.00' });
    serve();
    const { user } = flows[0].render();
    await fillCad(user, '1234.51');
    expect(await screen.findByText('Insufficient CAD balance')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('Interac whose fee takes it over the balance: the fee named under the amount, Send disabled; within it, the review', async () => {
    // Balance $1,234.50; a $1.50 fee: $1,233.01 needs $1,234.51, $1,233.00 needs exactly the balance.
    server.use(pricingHandler(apiPath, { interac: { flat: '1.50' } }));
    pricing.limits = basicLimits({ per_transfer: '10000.00', remaining_today: '10000.00' });
    serve();
    const { user } = flows[0].render();
    await waitFor(() => expect(backend.seen('/pricing')).not.toHaveLength(0));
    await fillCad(user, '1233.01');
    expect(await screen.findByText('Amount plus the fee of $1.50 cannot exceed your balance of $1234.50 CAD')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.clear(spin('Amount (CAD)'));
    await user.type(spin('Amount (CAD)'), '1233');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const review = await screen.findByRole('dialog', { name: 'Review' });
    expect(review).toHaveTextContent('Fee$1.50');
    expect(review).toHaveTextContent('Total from your wallet$1,234.50');
  });

  test('Kudi user transfer above what is left today: said under the amount as it is typed, Send disabled, no review', async () => {
    pricing.limits = basicLimits({ used_today: '950.00', remaining_today: '50.00' });
    serve();
    const { user } = flows[2].render();
    await waitFor(() => expect(backend.seen('/limits')).not.toHaveLength(0));
    await fillUser(user, '60');
    expect(await screen.findByText('This exceeds your daily limit. You can send up to $50.00 more today.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('NGN bank payout: the naira counted in CAD as the server counts it (the mid rate, rounded up to the cent); above what is left today it says so under the amount and Send is disabled', async () => {
    // 100 CAD left today; at the mid rate of 1,050.00 NGN per CAD, 105,000 NGN is 100.00 CAD and
    // 105,000.01 NGN counts for 100.01 CAD (rounded up), as the server counts it.
    pricing.limits = basicLimits({ used_today: '900.00', remaining_today: '100.00', ngn_mid_rate: '1050.00' });
    serve();
    const { user } = flows[1].render();
    await fillNgn(user, '105000.01');
    expect(await screen.findByText('This exceeds your daily limit. You can send up to $100.00 more today.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.clear(spin('Amount (NGN)'));
    await user.type(spin('Amount (NGN)'), '105000');
    expect(screen.queryByText(/This exceeds your daily limit/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  test("NGN bank payout above the tier's per-transfer limit at the mid rate: said at the form, and the maximum shown is the tier's", async () => {
    // Basic: $1,000.00 per transfer, at 1,050.00 NGN per CAD ₦1,050,000.00; the rail's maximum (₦5,000,000) is higher.
    pricing.limits = basicLimits({ ngn_mid_rate: '1050.00' });
    signIn();
    serveMoney(serveWallets(fakeWallets({ ngn: { balance: 3_000_000 } })));
    server.use(http.get(apiPath('/wallet/limit/NGN'), () => HttpResponse.json({ success: true, message: 'NGN limit', data: 5_000_000 })));
    const { user } = flows[1].render();
    await fillNgn(user, '1050001');
    expect(await screen.findByText('This exceeds your per-transfer limit of $1,000.00.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByText('Maximum per transaction: ₦1,050,000.00')).toBeInTheDocument();
    // The field's own bound (a phone's number pad, assistive technology) says the same maximum.
    expect(spin('Amount (NGN)')).toHaveAttribute('max', '1050000');
    await user.clear(spin('Amount (NGN)'));
    await user.type(spin('Amount (NGN)'), '1050000');
    expect(screen.queryByText(/per-transfer limit/)).not.toBeInTheDocument();
  });

  test("NGN bank payout while the tier's limits are on their way: no maximum is shown until they come (not the rail's alone)", async () => {
    pricing.limits = basicLimits({ ngn_mid_rate: '1050.00' });
    signIn();
    serveMoney(serveWallets(fakeWallets({ ngn: { balance: 3_000_000 } })));
    let answer!: () => void;
    const limitsAnswered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(apiPath('/wallet/limit/NGN'), () => HttpResponse.json({ success: true, message: 'NGN limit', data: 5_000_000 })),
      http.get(apiPath('/limits'), async () => {
        await limitsAnswered;
        return HttpResponse.json({ success: true, data: pricing.limits });
      }),
    );
    const { user } = flows[1].render();
    await fillNgn(user, '1000');
    await waitFor(() => expect(backend.seen('/wallet/limit/NGN')).not.toHaveLength(0));
    expect(screen.queryByText(/Maximum per transaction/)).not.toBeInTheDocument();
    expect(spin('Amount (NGN)')).not.toHaveAttribute('max');
    answer();
    expect(await screen.findByText('Maximum per transaction: ₦1,050,000.00')).toBeInTheDocument();
  });

  test("NGN bank payout when the tier's limits cannot be had: the rail's maximum is shown", async () => {
    signIn();
    serveMoney(serveWallets(fakeWallets({ ngn: { balance: 3_000_000 } })));
    server.use(
      http.get(apiPath('/wallet/limit/NGN'), () => HttpResponse.json({ success: true, message: 'NGN limit', data: 5_000_000 })),
      http.get(apiPath('/limits'), () => HttpResponse.json({ success: false, message: 'Something went wrong' }, { status: 500 })),
    );
    const { user } = flows[1].render();
    await fillNgn(user, '1000');
    expect(await screen.findByText('Maximum per transaction: ₦5,000,000.00')).toBeInTheDocument();
  });

  test('bill payment above the per-transfer limit: said under the amount, Continue disabled', async () => {
    pricing.limits = basicLimits({ per_transfer: '200.00' });
    serve();
    const { user } = flows[3].render();
    await fillBill(user, '200.01');
    expect(await screen.findByText('This exceeds your per-transfer limit of $200.00.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  test('a send invalidates the limits: they are asked again after it', async () => {
    serve();
    const { user } = flows[0].render();
    await waitFor(() => expect(backend.seen('/limits')).toHaveLength(1));
    await fillCad(user, '10');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await continueReview(user);
    await enterPin(user);
    expect(await screen.findByRole('dialog', { name: 'Transaction Receipt' })).toBeInTheDocument();
    await waitFor(() => expect(backend.seen('/limits')).toHaveLength(2));
  });

  test('the refusal order: per transfer, then today, then 30 days; nothing left refuses any amount', () => {
    const limits = basicLimits({ remaining_today: '0.00' });
    expect(limitRefusal(100001n, limits)).toBe('This exceeds your per-transfer limit of $1,000.00.');
    expect(limitRefusal(1n, limits)).toBe('This exceeds your daily limit. You can send up to $0.00 more today.');
    expect(limitRefusal(100000n, basicLimits())).toBeNull();
  });
});
