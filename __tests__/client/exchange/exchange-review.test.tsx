import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import ExchangeScreen from '../../../src/client/features/exchange/exchange-screen';
import { acceptAmountInput, withSeparators } from '../../../src/client/features/exchange/amount-input';
import { heldMs } from '../../../src/client/features/exchange/quote-review';
import { renderWithProviders } from '../../support/render';
import { pricing } from '../../support/pricing-backend';
import { apiPath, backend, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { fakeWallets, serveWallets, withUser } from '../../support/wallet-backend';

setupFakeBackend();
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function renderExchange(handlers: Parameters<typeof server.use> = []) {
  signIn();
  const wallets = serveWallets(fakeWallets());
  server.use(...handlers);
  return { wallets, ...renderWithProviders(<ExchangeScreen />, { route: '/exchange', preloadedState: withUser() }) };
}

const send = () => screen.getByRole('textbox', { name: 'You send' });
const receive = () => screen.getByRole('textbox', { name: 'You receive' });

async function ready() {
  expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  expect(await screen.findByText('Rate: 1 CAD = 1,039.50 NGN')).toBeInTheDocument();
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
  test('Convert opens the review of a fresh quote: what leaves, the fee, the rate and margin, what arrives, when, and its countdown; nothing is converted before Confirm', async () => {
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
    expect(store.getState().ui.dialogs).toEqual({ 'exchange-review': true });
    expect(backend.seen('/wallet/currency-conversion')).toHaveLength(0);
  });

  test('Back returns to the form with the amount kept; nothing is converted', async () => {
    const { user, store } = renderExchange();
    await ready();
    await user.type(receive(), '5000');
    await user.click(screen.getByRole('button', { name: 'Convert' }));
    const review = await screen.findByRole('dialog', { name: 'Review' });
    // The quote has arrived once its countdown shows (under load it may take a moment after the dialog opens).
    expect(await within(review).findByRole('timer')).toBeInTheDocument();
    expect(review).toHaveTextContent('You receive₦5,000.00');
    expect(review).toHaveTextContent('You send$4.82');

    await user.click(within(review).getByRole('button', { name: 'Back' }));

    expect(store.getState().ui.dialogs).toEqual({});
    expect(receive()).toHaveValue('5,000');
    expect(backend.seen('/wallet/currency-conversion')).toHaveLength(0);
  });

  test('the countdown runs from expires_at; a lapsed quote is replaced by a new one and the review says the rate changed; Confirm sends the new quote', async () => {
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
    await user.click(within(review).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Successfully converted CAD 100 to NGN')).toBeInTheDocument();
    // The second quote, the one on screen, is the one sent.
    const quoteIds = [...pricing.quotes.keys()];
    expect(quoteIds).toHaveLength(2);
    expect(bodies).toEqual([expect.objectContaining({ amount: '100', quote_id: quoteIds[1] })]);
  });

  test('a quote the server says has lapsed (409) is replaced, the review says the rate changed, and nothing moved', async () => {
    const { user, wallets } = renderExchange();
    await ready();
    await user.type(send(), '100');
    await user.click(screen.getByRole('button', { name: 'Convert' }));
    const review = await screen.findByRole('dialog', { name: 'Review' });
    await within(review).findByRole('timer');
    // The quote lapses on the server's clock before Confirm reaches it.
    for (const quote of pricing.quotes.values()) quote.expires_at = new Date(Date.now() - 1000).toISOString();

    await user.click(within(review).getByRole('button', { name: 'Confirm' }));

    expect(await within(review).findByText('This quote has expired. Please review the new rate.')).toBeInTheDocument();
    await waitFor(() => expect(pricing.quoteRequests).toHaveLength(2));
    expect(wallets.cad.balance).toBe(1234.5);
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
