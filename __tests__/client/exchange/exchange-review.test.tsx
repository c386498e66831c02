import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from 'react-toastify';
import ExchangeScreen from '../../../src/client/features/exchange/exchange-screen';
import { acceptAmountInput, withSeparators } from '../../../src/client/features/exchange/amount-input';
import { heldMs } from '../../../src/client/features/exchange/quote-review';
import { renderWithProviders } from '../../support/render';
import { SAID } from '../../support/toasts';
import { pricing } from '../../support/pricing-backend';
import { apiPath, backend, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { enterPin, PIN, WRONG_PIN_MESSAGE } from '../../support/transfer-backend';
import { fakeWallets, serveWallets, withUser } from '../../support/wallet-backend';

setupFakeBackend();
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/**
 * The conversion checks the transaction PIN as every send does (spec §6): a body whose PIN is not
 * the customer's is refused (400, nothing moves); the rest falls through to the fake backend.
 */
const pinChecked = () =>
  http.post(apiPath('/wallet/currency-conversion'), async ({ request }) => {
    const body = (await request.clone().json()) as { transaction_pin?: string };
    if (body.transaction_pin !== undefined && body.transaction_pin !== PIN) {
      return HttpResponse.json({ success: false, message: WRONG_PIN_MESSAGE }, { status: 400 });
    }
  });

function renderExchange(handlers: Parameters<typeof server.use> = []) {
  signIn();
  const wallets = serveWallets(fakeWallets());
  server.use(pinChecked());
  // The test's own handlers come first (a recorder falls through to the PIN check).
  server.use(...handlers);
  return { wallets, ...renderWithProviders(<ExchangeScreen />, { route: '/exchange', preloadedState: withUser() }) };
}

const send = () => screen.getByRole('textbox', { name: 'You send' });
const receive = () => screen.getByRole('textbox', { name: 'You receive' });

async function ready() {
  expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  expect(await screen.findByText('Rate: 1 CAD = 1,039.50 NGN')).toBeInTheDocument();
}

/** Types an amount to send, Convert, and waits for the review's quote (its timer comes with it). */
async function reviewOf(user: ReturnType<typeof renderExchange>['user'], amount: string) {
  await user.type(send(), amount);
  await user.click(screen.getByRole('button', { name: 'Convert' }));
  const review = await screen.findByRole('dialog', { name: 'Review' });
  await within(review).findByRole('timer');
  return review;
}

describe('the amount fields', () => {
  test('only digits and one decimal point with at most two decimals are accepted ("abc" refused)', async () => {
    const { user, store } = renderExchange();
    await ready();

    await user.type(send(), 'abc');
    expect(send()).toHaveValue('');
    await user.type(send(), '12.345');
    expect(send()).toHaveValue('12.34');
    await user.type(send(), '.5-');
    expect(send()).toHaveValue('12.34');
    expect(store.getState().exchange.amount).toBe('12.34');
  });

  test('thousands separators while typing, on both sides; the amount itself has none', async () => {
    const { user, store } = renderExchange();
    await ready();

    await user.type(send(), '1234567.5');
    expect(send()).toHaveValue('1,234,567.5');
    expect(receive()).toHaveValue('1,283,332,916.25');
    expect(store.getState().exchange.amount).toBe('1234567.5');
  });

  test('a pasted amount with separators is read without them', async () => {
    const { user, store } = renderExchange();
    await ready();
    await user.click(send());
    await user.paste('2,500.75');
    expect(send()).toHaveValue('2,500.75');
    expect(store.getState().exchange.amount).toBe('2500.75');
  });

  test('the field rules, as pure functions', () => {
    expect(acceptAmountInput('abc')).toBeNull();
    expect(acceptAmountInput('1.2.3')).toBeNull();
    expect(acceptAmountInput('1.234')).toBeNull();
    expect(acceptAmountInput('-5')).toBeNull();
    expect(acceptAmountInput('1e5')).toBeNull();
    expect(acceptAmountInput('1,000.5')).toBe('1000.5');
    expect(acceptAmountInput('')).toBe('');
    expect(acceptAmountInput('.5')).toBe('.5');
    expect(withSeparators('1000')).toBe('1,000');
    expect(withSeparators('1234567.')).toBe('1,234,567.');
    expect(withSeparators('999.99')).toBe('999.99');
  });
});

describe("how long this device counts a quote as held (heldMs)", () => {
  const now = Date.parse('2026-11-26T12:00:00.000Z');
  test('until expires_at when this clock agrees with the server', () => {
    expect(heldMs('2026-11-26T12:00:45.000Z', 60, now)).toBe(45_000);
    expect(heldMs('2026-11-26T12:01:00.000Z', 60, now)).toBe(60_000);
  });
  test("the server's hold from now when this clock is off past belief: ahead (already lapsed) or behind (longer than any hold)", () => {
    expect(heldMs('2026-11-26T11:59:00.000Z', 60, now)).toBe(60_000);
    expect(heldMs('2026-11-26T12:00:00.000Z', 60, now)).toBe(60_000);
    expect(heldMs('2026-11-26T12:05:00.000Z', 60, now)).toBe(60_000);
  });
});

describe('the review of a conversion', () => {
  test('Convert opens the review of a fresh quote: what leaves, the fee, the rate and margin, what arrives, when, and its countdown; nothing is converted before the PIN', async () => {
    const { user, store } = renderExchange();
    await ready();
    await user.type(send(), '100');
    await user.click(screen.getByRole('button', { name: 'Convert' }));

    const review = await screen.findByRole('dialog', { name: 'Review' });
    expect(await within(review).findByRole('timer')).toHaveTextContent(/Rate held for (1:00|0:59)/);
    expect(pricing.quoteRequests).toEqual([{ from_currency: 'CAD', to_currency: 'NGN', amount: '100', amount_side: 'send' }]);
    expect(review).toHaveTextContent('You send$100.00');
    expect(review).toHaveTextContent('Fee$0.00');
    expect(review).toHaveTextContent('Rate1 CAD = 1,039.50 NGN');
    expect(review).toHaveTextContent('Our margin1.00% of the mid-market rate (1 CAD = 1,050.00 NGN)');
    expect(review).toHaveTextContent('You receive₦103,950.00');
    expect(review).toHaveTextContent('ArrivesInstantly');
    expect(review).toHaveTextContent('Check the amounts and the rate before you confirm with your PIN.');
    expect(within(review).getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(store.getState().ui.dialogs).toEqual({ 'exchange-review': true });
    expect(backend.seen('/wallet/currency-conversion')).toHaveLength(0);
  });

  test('a quote refused (too small to convert) opens no empty review: the form keeps the amount and the server says why', async () => {
    const { user, store } = renderExchange([
      http.post(apiPath('/quotes'), () => HttpResponse.json({ success: false, message: 'Amount is too small to convert' }, { status: 400 })),
    ]);
    await ready();
    await user.type(send(), '0.01');
    await user.click(screen.getByRole('button', { name: 'Convert' }));

    expect(await screen.findByText('Amount is too small to convert')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Review' })).not.toBeInTheDocument());
    expect(store.getState().ui.dialogs).toEqual({});
    expect(send()).toHaveValue('0.01');
    expect(backend.seen('/wallet/currency-conversion')).toHaveLength(0);
  });

  test('Back returns to the form with the amount kept; nothing is converted', async () => {
    const { user, store } = renderExchange();
    await ready();
    await user.type(receive(), '5000');
    await user.click(screen.getByRole('button', { name: 'Convert' }));
    const review = await screen.findByRole('dialog', { name: 'Review' });
    // The quote's rows appear once POST /quotes answers (the timer comes with them).
    await within(review).findByRole('timer');
    expect(review).toHaveTextContent('You receive₦5,000.00');
    expect(review).toHaveTextContent('You send$4.82');

    await user.click(within(review).getByRole('button', { name: 'Back' }));

    expect(store.getState().ui.dialogs).toEqual({});
    expect(receive()).toHaveValue('5,000');
    expect(backend.seen('/wallet/currency-conversion')).toHaveLength(0);
  });

  test('the countdown runs from expires_at; a lapsed quote is replaced by a new one and the review says the rate changed; Continue and the PIN send the new quote', async () => {
    const bodies: Record<string, unknown>[] = [];
    const { user } = renderExchange([
      http.post(apiPath('/wallet/currency-conversion'), async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>);
      }),
    ]);
    await ready();
    await user.type(send(), '100');
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    fireEvent.submit(screen.getByRole('form', { name: 'Convert currency' }));
    const review = await screen.findByRole('dialog', { name: 'Review' });
    const timer = await within(review).findByRole('timer');
    expect(timer).toHaveTextContent('Rate held for 1:00');

    act(() => void jest.advanceTimersByTime(15_000));
    expect(timer).toHaveTextContent('Rate held for 0:45');
    expect(review).not.toHaveTextContent('This quote has expired. Please review the new rate.');

    // The rate moves; the quote lapses.
    pricing.rates.CAD_TO_NGN = '1041.00';
    act(() => void jest.advanceTimersByTime(45_000));

    expect(await within(review).findByText('This quote has expired. Please review the new rate.')).toBeInTheDocument();
    await waitFor(() => expect(pricing.quoteRequests).toHaveLength(2));
    await waitFor(() => expect(review).toHaveTextContent('You receive₦104,100.00'));
    expect(review).toHaveTextContent('Rate1 CAD = 1,041.00 NGN');
    expect(await within(review).findByRole('timer')).toHaveTextContent('Rate held for 1:00');

    jest.useRealTimers();
    await user.click(within(review).getByRole('button', { name: 'Continue' }));
    await enterPin(user);
    expect(await screen.findByText('Successfully converted CAD 100 to NGN')).toBeInTheDocument();
    // The second quote, the one on screen, is the one sent.
    const quoteIds = [...pricing.quotes.keys()];
    expect(quoteIds).toHaveLength(2);
    expect(bodies).toEqual([expect.objectContaining({ amount: '100', quote_id: quoteIds[1], transaction_pin: PIN })]);
  });

  test.each([
    ['has lapsed', 'This quote has expired. Please review the new rate.', (quote: { expires_at: string; used: boolean }) => {
      quote.expires_at = new Date(Date.now() - 1000).toISOString();
    }],
    ['was used', 'This quote has already been used.', (quote: { expires_at: string; used: boolean }) => {
      quote.used = true;
    }],
  ])('a quote the server says %s (409) at the PIN step: the PIN step closes, the review comes back with a new quote and says the rate changed, nothing moved; Continue and the PIN then convert at the new quote', async (_case, serverMessage, spoil) => {
    const error = jest.spyOn(toast, 'error');
    const bodies: Record<string, unknown>[] = [];
    const { user, store, wallets } = renderExchange([
      http.post(apiPath('/wallet/currency-conversion'), async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>);
      }),
    ]);
    await ready();
    const review = await reviewOf(user, '100');
    await user.click(within(review).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('dialog', { name: 'Enter Transaction PIN' })).toBeInTheDocument();
    // The quote is no longer honoured on the server before the PIN's Confirm reaches it.
    for (const quote of pricing.quotes.values()) spoil(quote);

    await enterPin(user);

    const again = await screen.findByRole('dialog', { name: 'Review' });
    expect(await within(again).findByText('This quote has expired. Please review the new rate.')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(serverMessage, SAID);
    expect(screen.queryByRole('dialog', { name: 'Enter Transaction PIN' })).not.toBeInTheDocument();
    expect(store.getState().ui.dialogs).toEqual({ 'exchange-review': true });
    await waitFor(() => expect(pricing.quoteRequests).toHaveLength(2));
    expect(await within(again).findByRole('timer')).toHaveTextContent(/Rate held for (1:00|0:59)/);
    expect(wallets.cad.balance).toBe(1234.5);
    expect(send()).toHaveValue('100');

    await user.click(within(again).getByRole('button', { name: 'Continue' }));
    await enterPin(user);

    expect(await screen.findByText('Successfully converted CAD 100 to NGN')).toBeInTheDocument();
    const quoteIds = [...pricing.quotes.keys()];
    expect(quoteIds).toHaveLength(2);
    expect(bodies).toEqual([
      expect.objectContaining({ quote_id: quoteIds[0], transaction_pin: PIN }),
      expect.objectContaining({ amount: '100', quote_id: quoteIds[1], transaction_pin: PIN }),
    ]);
    expect(wallets.cad.balance).toBe(1134.5);
  });

  test('an amount to receive that takes more than the balance is said at the form; no review, nothing converted', async () => {
    const { user } = renderExchange();
    await ready();
    // The receive side asks for the send amount: 1,283,333 NGN takes 1,234.57 CAD.
    await user.type(receive(), '1283333');
    await waitFor(() => expect(send()).toHaveValue('1,234.57'));
    await user.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findAllByText('Insufficient CAD balance. Available: 1,234.50 CAD')).not.toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: 'Review' })).not.toBeInTheDocument();
    expect(backend.seen('/wallet/currency-conversion')).toHaveLength(0);
  });
});

describe('the PIN step of a conversion (spec §6, spec-next §A: form → review → PIN → result)', () => {
  test('Continue closes the review and opens the PIN step (its dialog in the store); nothing is converted before the PIN', async () => {
    const { user, store } = renderExchange();
    await ready();
    const review = await reviewOf(user, '100');

    await user.click(within(review).getByRole('button', { name: 'Continue' }));

    const pinStep = await screen.findByRole('dialog', { name: 'Enter Transaction PIN' });
    expect(pinStep).toHaveTextContent('Enter your 4-digit transaction PIN to confirm.');
    expect(within(pinStep).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(screen.queryByRole('dialog', { name: 'Review' })).not.toBeInTheDocument();
    expect(store.getState().ui.dialogs).toEqual({ 'exchange-pin': true });
    expect(backend.seen('/wallet/currency-conversion')).toHaveLength(0);
  });

  test('Cancel on the PIN step sends nothing and goes back to the form, the amount kept', async () => {
    const { user, store, wallets } = renderExchange();
    await ready();
    const review = await reviewOf(user, '100');
    await user.click(within(review).getByRole('button', { name: 'Continue' }));
    const pinStep = await screen.findByRole('dialog', { name: 'Enter Transaction PIN' });
    await user.keyboard('12');

    await user.click(within(pinStep).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog', { name: 'Enter Transaction PIN' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Review' })).not.toBeInTheDocument();
    expect(store.getState().ui.dialogs).toEqual({});
    expect(send()).toHaveValue('100');
    expect(receive()).toHaveValue('103,950.00');
    expect(backend.seen('/wallet/currency-conversion')).toHaveLength(0);
    expect(wallets.cad.balance).toBe(1234.5);
  });

  test('a wrong PIN (400): the server\'s message, the PIN step stays open, nothing moves, nothing is cleared', async () => {
    const error = jest.spyOn(toast, 'error');
    const { user, store, wallets } = renderExchange();
    await ready();
    const review = await reviewOf(user, '100');
    await user.click(within(review).getByRole('button', { name: 'Continue' }));

    await enterPin(user, '9999');

    expect(await screen.findByText(WRONG_PIN_MESSAGE)).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(WRONG_PIN_MESSAGE, SAID);
    const pinStep = screen.getByRole('dialog', { name: 'Enter Transaction PIN' });
    expect(await within(pinStep).findByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(store.getState().ui.dialogs).toEqual({ 'exchange-pin': true });
    expect(backend.seen('/wallet/currency-conversion')).toHaveLength(1);
    expect(wallets.cad.balance).toBe(1234.5);
    expect(wallets.ngn.balance).toBe(250000);
    expect(send()).toHaveValue('100');
    expect(store.getState().exchange).toMatchObject({ driver: 'from', amount: '100' });
    // The quote was not spent: no new one was asked for.
    expect(pricing.quoteRequests).toHaveLength(1);
  });
});
