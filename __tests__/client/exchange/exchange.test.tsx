import { act, screen, waitFor, within } from '@testing-library/react';
import { setupListeners } from '@reduxjs/toolkit/query';
import { http, HttpResponse } from 'msw';
import { toast } from 'react-toastify';
import ExchangeScreen from '../../../src/client/features/exchange/exchange-screen';
import { historyApi } from '../../../src/client/features/history/history-api';
import { renderWithProviders } from '../../support/render';
import { SAID } from '../../support/toasts';
import { apiPath, backend, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { formatMinor, parseAmount } from '../../../src/shared/money';
import { pricing } from '../../support/pricing-backend';
import { enterPin, PIN, WRONG_PIN_MESSAGE } from '../../support/transfer-backend';
import { fakeWallets, serveWallets, withUser } from '../../support/wallet-backend';
import { transfers } from '../../../src/shared/messages';
import { UNANSWERED_RETRY_DELAYS_MS } from '../../../src/client/features/money/use-money-send';

setupFakeBackend();
// Jest's clock: the app's timers (debounces, polls, countdowns) pass while findBy*/waitFor wait, not in real time.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());
afterEach(() => jest.restoreAllMocks());

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
const fromSelect = () => screen.getByRole('combobox', { name: 'From' });
const toSelect = () => screen.getByRole('combobox', { name: 'To' });
const convertButton = () => screen.getByRole('button', { name: 'Convert' });

/** The review step (spec-next §A): Continue once the quote is on it, then the PIN step: the PIN and Confirm. */
async function confirmWithPin(user: ReturnType<typeof renderExchange>['user'], pin = PIN) {
  const review = await screen.findByRole('dialog', { name: 'Review' });
  await within(review).findByRole('timer');
  await user.click(within(review).getByRole('button', { name: 'Continue' }));
  await enterPin(user, pin);
}

/** Waits for both balances and the quote of the current direction. */
async function ready(rate = '1,039.50') {
  expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  expect(await screen.findByText('₦250,000.00')).toBeInTheDocument();
  expect(await screen.findByText(`Rate: 1 CAD = ${rate} NGN`)).toBeInTheDocument();
}

describe('exchange amounts', () => {
  test('CAD to NGN multiplies by the CAD→NGN quote and rounds down to the kobo', async () => {
    const { user } = renderExchange();
    await ready();

    await user.type(send(), '12.34');
    expect(receive()).toHaveValue('12,827.43');
    await user.clear(send());
    await user.type(send(), '0.01');
    expect(receive()).toHaveValue('10.39'); // 10.395
  });

  test('NGN to CAD divides by the NGN→CAD quote; choosing NGN as From flips To to CAD', async () => {
    const { user, store } = renderExchange();
    await ready();

    await user.selectOptions(fromSelect(), 'NGN');
    expect(toSelect()).toHaveValue('CAD');
    expect(await screen.findByText('Rate: 1 CAD = 1,060.50 NGN')).toBeInTheDocument();
    await user.type(send(), '1000');
    expect(receive()).toHaveValue('0.94'); // 0.94295…
    expect(send()).toHaveValue('1,000');
    expect(store.getState().exchange).toMatchObject({ from: 'NGN', to: 'CAD', driver: 'from', amount: '1000' });
  });

  test('choosing the same currency on the To side flips the From side', async () => {
    const { user } = renderExchange();
    await ready();

    await user.selectOptions(toSelect(), 'CAD');
    expect(fromSelect()).toHaveValue('NGN');
  });

  test('typing the amount to receive drives: the amount to send is what it takes, rounded up', async () => {
    const { user, store } = renderExchange();
    await ready();

    await user.type(receive(), '1000');
    expect(send()).toHaveValue('0.97'); // 1000 / 1039.50 = 0.962… → 0.97 gives 1,008.31 NGN
    expect(store.getState().exchange.driver).toBe('to');
  });

  test('swap exchanges the currencies and the amounts: the amount typed keeps its currency and value, on the other side, and still drives', async () => {
    const { user, store } = renderExchange();
    await ready();
    await user.type(send(), '100');
    expect(receive()).toHaveValue('103,950.00');

    await user.click(screen.getByRole('button', { name: 'Swap currencies' }));

    expect(fromSelect()).toHaveValue('NGN');
    expect(toSelect()).toHaveValue('CAD');
    // The 100 CAD typed is now the 100 CAD to receive; the naira it takes comes at the NGN→CAD quote.
    expect(receive()).toHaveValue('100');
    expect(await screen.findByText('Rate: 1 CAD = 1,060.50 NGN')).toBeInTheDocument();
    expect(send()).toHaveValue('106,050.00');
    expect(store.getState().exchange).toMatchObject({ from: 'NGN', to: 'CAD', driver: 'to', amount: '100' });
  });

  test('swap while "You receive" drives: the amount typed moves back to "You send", unchanged', async () => {
    const { user, store } = renderExchange();
    await ready();
    await user.selectOptions(fromSelect(), 'NGN');
    await screen.findByText('Rate: 1 CAD = 1,060.50 NGN');
    await user.type(receive(), '5');
    expect(send()).toHaveValue('5,302.50');

    await user.click(screen.getByRole('button', { name: 'Swap currencies' }));

    expect(fromSelect()).toHaveValue('CAD');
    expect(send()).toHaveValue('5');
    expect(await screen.findByText('Rate: 1 CAD = 1,039.50 NGN')).toBeInTheDocument();
    expect(receive()).toHaveValue('5,197.50');
    expect(store.getState().exchange).toMatchObject({ from: 'CAD', to: 'NGN', driver: 'from', amount: '5' });
  });

  test('choosing the other currency on a side keeps the amount typed in its currency', async () => {
    const { user, store } = renderExchange();
    await ready();
    await user.type(send(), '250');

    await user.selectOptions(fromSelect(), 'NGN');

    expect(receive()).toHaveValue('250');
    expect(store.getState().exchange).toMatchObject({ from: 'NGN', to: 'CAD', driver: 'to', amount: '250' });
  });
});

/** A target amount's minor units as the form shows them: 100831n → '1008.31'. */
const shown = (minor: bigint) => formatMinor(minor, { withCommas: false });
const minorOf = (text: string) => {
  const parsed = parseAmount(text);
  if (!parsed.ok) throw new Error(`not an amount: ${text}`);
  return parsed.minor;
};

describe('the amount to receive is exactly what is credited', () => {
  test('typing the amount to receive asks the server for the exact amount to send (POST /quotes, amount_side "receive"); what was typed stays', async () => {
    const { user, store } = renderExchange();
    await ready();

    await user.type(receive(), '5000');

    await waitFor(() => expect(pricing.quoteRequests).toEqual([{ from_currency: 'CAD', to_currency: 'NGN', amount: '5000', amount_side: 'receive' }]));
    expect(send()).toHaveValue('4.82'); // 5000 / 1039.50 = 4.8100… → 4.82, rounded up
    await user.tab();
    expect(receive()).toHaveValue('5,000');
    expect(store.getState().exchange).toMatchObject({ driver: 'to', amount: '5000' });
  });

  test.each([
    ['CAD', '1000'],
    ['CAD', '10.40'],
    ['CAD', '0.01'],
    ['CAD', '5000.55'],
    ['CAD', '123456.78'],
    ['NGN', '1'],
    ['NGN', '0.94'],
    ['NGN', '100.01'],
    ['NGN', '200'],
  ] as const)('from %s, typing %s to receive: the review shows it, and exactly it is credited with the quote', async (from, typed) => {
    const success = jest.spyOn(toast, 'success');
    const bodies: { amount: string; quote_id?: string; transaction_pin?: string }[] = [];
    const { user, wallets } = renderExchange([
      http.post(apiPath('/wallet/currency-conversion'), async ({ request }) => {
        bodies.push((await request.clone().json()) as { amount: string; quote_id?: string; transaction_pin?: string });
      }),
    ]);
    await ready();
    const to = from === 'CAD' ? 'NGN' : 'CAD';
    if (from === 'NGN') {
      await user.selectOptions(fromSelect(), 'NGN');
      await screen.findByText('Rate: 1 CAD = 1,060.50 NGN');
    }
    const target = () => (to === 'NGN' ? wallets.ngn : wallets.cad);
    const before = minorOf(String(target().balance));

    await user.type(receive(), typed);
    await user.click(convertButton());
    const review = await screen.findByRole('dialog', { name: 'Review' });
    await within(review).findByRole('timer');
    const quote = [...pricing.quotes.values()].at(-1)!;
    expect(quote.receive_amount).toBe(shown(minorOf(typed)));
    expect(review).toHaveTextContent(`You receive${to === 'NGN' ? '₦' : '$'}${formatMinor(minorOf(typed))}`);
    await user.click(within(review).getByRole('button', { name: 'Continue' }));
    await enterPin(user);

    expect(await screen.findByText(`Successfully converted ${from} ${quote.send_amount} to ${to}`)).toBeInTheDocument();
    expect(success).toHaveBeenCalledTimes(1);
    expect(bodies).toEqual([expect.objectContaining({ amount: quote.send_amount, quote_id: quote.quote_id, transaction_pin: PIN })]);
    expect(minorOf(String(target().balance)) - before).toBe(minorOf(typed));
  });
});

describe('the quote', () => {
  test('Convert stays disabled until the quote is on screen', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user } = renderExchange([
      http.get(apiPath('/wallet/get-rates'), async () => {
        await released;
      }),
    ]);
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText('Rate: …')).toBeInTheDocument();
    await user.type(send(), '10');
    expect(receive()).toHaveValue('');
    expect(convertButton()).toBeDisabled();
    await user.click(convertButton());
    expect(backend.seen('/wallet/currency-conversion')).toHaveLength(0);

    release();

    expect(await screen.findByText('Rate: 1 CAD = 1,039.50 NGN')).toBeInTheDocument();
    await waitFor(() => expect(convertButton()).toBeEnabled());
    expect(receive()).toHaveValue('10,395.00');
  });

  test('after a swap, nothing is computed or converted from the other direction\'s quote', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user } = renderExchange([
      http.get(apiPath('/wallet/get-rates'), async ({ request }) => {
        if (new URL(request.url).searchParams.get('from_currency') === 'NGN') await released;
      }),
    ]);
    await ready();
    await user.type(send(), '100');

    await user.click(screen.getByRole('button', { name: 'Swap currencies' }));

    expect(receive()).toHaveValue('100');
    expect(send()).toHaveValue('');
    expect(screen.getByText('Rate: …')).toBeInTheDocument();
    expect(convertButton()).toBeDisabled();
    release();
    expect(await screen.findByText('Rate: 1 CAD = 1,060.50 NGN')).toBeInTheDocument();
    expect(send()).toHaveValue('106,050.00');
  });

  test('the quote is asked again when the screen is opened again and when the window regains focus', async () => {
    const { store, unmount } = renderExchange();
    await ready();
    unmount();
    let quote = '1,041.00';
    server.use(
      http.get(apiPath('/wallet/get-rates'), () =>
        HttpResponse.json({ success: true, data: { from_currency: 'CAD', to_currency: 'NGN', actual_rate: quote } })),
    );

    const { user } = renderWithProviders(<ExchangeScreen />, { route: '/exchange', store });
    expect(await screen.findByText('Rate: 1 CAD = 1,041.00 NGN')).toBeInTheDocument();
    await user.type(send(), '1');
    expect(receive()).toHaveValue('1,041.00');

    const unsubscribe = setupListeners(store.dispatch);
    try {
      quote = '1,042.00';
      act(() => void window.dispatchEvent(new Event('focus')));
      expect(await screen.findByText('Rate: 1 CAD = 1,042.00 NGN')).toBeInTheDocument();
      expect(receive()).toHaveValue('1,042.00');
    } finally {
      unsubscribe();
    }
  });
});

describe('exchange validation', () => {
  test.each([
    ['', 'Please enter a valid amount'],
    ['abc', 'Please enter a valid amount'],
    ['0', 'Please enter an amount greater than 0'],
    ['2000', 'Insufficient CAD balance. Available: 1,234.50 CAD'],
  ])('Convert with %j says %s and sends nothing', async (amount, message) => {
    const error = jest.spyOn(toast, 'error');
    const { user } = renderExchange();
    await ready();
    if (amount) await user.type(send(), amount);

    await user.click(convertButton());

    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(error).toHaveBeenCalledWith(message);
    expect(backend.seen('/wallet/currency-conversion')).toHaveLength(0);
    // The customer is back in the amount to correct it.
    expect(send()).toHaveFocus();
  });

  test('without the wallet: Wallet information not available', async () => {
    const { user } = renderExchange([http.get(apiPath('/wallet/cad-wallet'), () => HttpResponse.error())]);
    expect(await screen.findByText('Failed to fetch wallet details')).toBeInTheDocument();
    await user.type(send(), '10');

    await user.click(convertButton());

    expect(await screen.findByText('Wallet information not available')).toBeInTheDocument();
    expect(backend.seen('/wallet/currency-conversion')).toHaveLength(0);
  });

  test('the insufficient-balance warning appears while typing, once until cleared', async () => {
    const warn = jest.spyOn(toast, 'warn');
    const { user, store } = renderExchange();
    await ready();
    const message = 'Insufficient CAD balance. Available: 1,234.50 CAD';

    await user.type(send(), '2000');
    // The toast, and the same warning kept on the form (from the store, so time-travel shows it).
    expect(await screen.findAllByText(message)).toHaveLength(2);
    await user.type(send(), '0');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(store.getState().exchange.insufficientWarned).toBe(true);

    await user.clear(send());
    await user.type(send(), '20');
    expect(store.getState().exchange.insufficientWarned).toBe(false);
    expect(within(screen.getByRole('form', { name: 'Convert currency' })).queryByText(message)).toBeNull();
    await user.type(send(), '00');
    expect(warn).toHaveBeenCalledTimes(2);
    // A toast about the screen (cleared when the customer leaves it; app/toasts.tsx).
    expect(warn).toHaveBeenLastCalledWith(message, expect.objectContaining({ data: { screen: true } }));
  });

  test('a quote that fails to load says so', async () => {
    renderExchange([http.get(apiPath('/wallet/get-rates'), () => HttpResponse.error())]);
    expect(await screen.findByText('Failed to fetch exchange rate')).toBeInTheDocument();
  });
});

describe('converting', () => {
  test('sends the amount as entered and the PIN with an Idempotency-Key; the toast names it; the dialogs close; balances and both histories refetch', async () => {
    const success = jest.spyOn(toast, 'success');
    const bodies: unknown[] = [];
    // Records the body, then falls through to the fake backend's conversion.
    const { user, store } = renderExchange([
      http.post(apiPath('/wallet/currency-conversion'), async ({ request }) => {
        bodies.push(await request.clone().json());
      }),
    ]);
    store.dispatch(historyApi.endpoints.getTransactions.initiate({ currency: 'CAD', type: null, page: 1 }));
    store.dispatch(historyApi.endpoints.getTransactions.initiate({ currency: 'NGN', type: null, page: 1 }));
    await ready();
    await waitFor(() => expect(backend.seen('/wallet/transactions')).toHaveLength(2));

    await user.type(send(), '100');
    await user.click(convertButton());
    await confirmWithPin(user);

    expect(await screen.findByText('Successfully converted CAD 100 to NGN')).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('Successfully converted CAD 100 to NGN', expect.objectContaining({ autoClose: 5000 }));
    expect(bodies).toEqual([
      {
        from_currency: 'CAD',
        to_currency: 'NGN',
        amount: '100',
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        quote_id: expect.any(String),
        transaction_pin: PIN,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enter Transaction PIN' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Review' })).not.toBeInTheDocument();
    // The result (spec-next §A: form → review → PIN → result): what was converted, at which rate, completed.
    const receipt = await screen.findByRole('dialog', { name: 'Transaction Receipt' });
    expect(store.getState().ui.dialogs).toEqual({ 'exchange-receipt': true });
    expect(receipt).toHaveTextContent('Converted$100.00');
    expect(receipt).toHaveTextContent('Received₦103,950.00');
    expect(receipt).toHaveTextContent(/Rate1 CAD = 1,039\.50 NGN/);
    expect(receipt).toHaveTextContent('StatusCompleted');
    // Its history item, as every other flow's result (spec-next §C): its reference and its detail page.
    expect(receipt).toHaveTextContent('Transaction referenceKD-CONV-1');
    expect(within(receipt).getByRole('button', { name: 'View details' })).toBeEnabled();
    await user.click(within(receipt).getByRole('button', { name: 'Done' }));
    expect(store.getState().ui.dialogs).toEqual({});
    expect(backend.seen('/wallet/currency-conversion')[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // 1,234.50 − 100 CAD; 250,000 + 103,950 NGN: refetched, no reload.
    expect(await screen.findByText('$1,134.50')).toBeInTheDocument();
    expect(await screen.findByText('₦353,950.00')).toBeInTheDocument();
    expect(backend.seen('/wallet/cad-wallet')).toHaveLength(2);
    expect(backend.seen('/wallet/naira-wallet')).toHaveLength(2);
    await waitFor(() => expect(backend.seen('/wallet/transactions')).toHaveLength(4));
    expect(send()).toHaveValue('');
  });

  test('a retried request reuses its Idempotency-Key; the next submission gets a new one', async () => {
    let calls = 0;
    const { user } = renderExchange([
      http.post(apiPath('/wallet/currency-conversion'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ success: false, message: 'Unauthorized' }, { status: 401 })
          : HttpResponse.json({
            success: true,
            message: 'Currency conversion successful!',
            data: { from_currency: 'CAD', to_currency: 'NGN', amount: 10, converted_amount: 10395, rate: '1039.50', reference: 'KD-CONV-9', created_at: new Date().toISOString() },
          });
      }),
    ]);
    await ready();

    await user.type(send(), '10');
    await user.click(convertButton());
    await confirmWithPin(user);
    expect(await screen.findByText('Successfully converted CAD 10 to NGN')).toBeInTheDocument();
    // The PIN step closes after the toast shows; the result is closed.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enter Transaction PIN' })).not.toBeInTheDocument());
    await user.click(within(await screen.findByRole('dialog', { name: 'Transaction Receipt' })).getByRole('button', { name: 'Done' }));
    await user.type(send(), '10');
    await user.click(await screen.findByRole('button', { name: 'Convert' }));
    await confirmWithPin(user);
    await waitFor(() => expect(calls).toBe(3));

    const keys = backend.seen('/wallet/currency-conversion').map((request) => request.idempotencyKey);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  test('resubmitting a refused conversion unchanged reuses its key', async () => {
    const { user } = renderExchange([
      http.post(apiPath('/wallet/currency-conversion'), () => HttpResponse.error()),
    ]);
    await ready();
    await user.type(send(), '10');
    await user.click(convertButton());
    await confirmWithPin(user);
    // No answer: sent again under its key a few times, then the failure and that it may have gone through.
    expect(await screen.findByText('Conversion failed', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(transfers.unconfirmed)).toBeInTheDocument();
    const tries = 1 + UNANSWERED_RETRY_DELAYS_MS.length;
    expect(backend.seen('/wallet/currency-conversion')).toHaveLength(tries);
    // The PIN step stays open with its quote: the same PIN, confirmed again, sends the same body.
    const pinStep = screen.getByRole('dialog', { name: 'Enter Transaction PIN' });
    await waitFor(() => expect(within(pinStep).getByLabelText('Digit 1 of 4')).toBeEnabled());
    await enterPin(user);
    await waitFor(() => expect(backend.seen('/wallet/currency-conversion')).toHaveLength(tries + 1), { timeout: 10_000 });

    expect(new Set(backend.seen('/wallet/currency-conversion').map((call) => call.idempotencyKey)).size).toBe(1);
  });

  test('a refusal shows the server message', async () => {
    const { user } = renderExchange([
      http.post(apiPath('/wallet/currency-conversion'), () =>
        HttpResponse.json({ success: false, message: 'Amount is too small to convert' }, { status: 400 })),
    ]);
    await ready();
    await user.type(send(), '0.01');
    await user.click(convertButton());
    await confirmWithPin(user);

    expect(await screen.findByText('Amount is too small to convert')).toBeInTheDocument();
  });

  test('a wrong PIN: the server\'s message, the PIN step stays open for another try, nothing moves and nothing is cleared; the right PIN then converts', async () => {
    const error = jest.spyOn(toast, 'error');
    const bodies: { transaction_pin?: string }[] = [];
    const { user, store, wallets } = renderExchange([
      http.post(apiPath('/wallet/currency-conversion'), async ({ request }) => {
        bodies.push((await request.clone().json()) as { transaction_pin?: string });
      }),
    ]);
    await ready();
    await user.type(send(), '100');
    await user.click(convertButton());

    await confirmWithPin(user, '9999');

    expect(await screen.findByText(WRONG_PIN_MESSAGE)).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(WRONG_PIN_MESSAGE, SAID);
    expect(bodies).toEqual([expect.objectContaining({ amount: '100', transaction_pin: '9999' })]);
    const pinStep = screen.getByRole('dialog', { name: 'Enter Transaction PIN' });
    // The PIN is cleared for another try; Confirm waits for 4 digits.
    await waitFor(() => expect(within(pinStep).getByLabelText('Digit 1 of 4')).toBeEnabled());
    expect(within(pinStep).getByLabelText('Digit 1 of 4')).toHaveValue('');
    expect(within(pinStep).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(store.getState().ui.dialogs).toEqual({ 'exchange-pin': true });
    expect(store.getState().exchange).toMatchObject({ driver: 'from', amount: '100' });
    expect(send()).toHaveValue('100');
    expect(screen.queryByText('Successfully converted CAD 100 to NGN')).not.toBeInTheDocument();
    expect(wallets.cad.balance).toBe(1234.5);
    expect(wallets.ngn.balance).toBe(250000);

    await enterPin(user);

    expect(await screen.findByText('Successfully converted CAD 100 to NGN')).toBeInTheDocument();
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toMatchObject({ amount: '100', transaction_pin: PIN });
    expect(wallets.cad.balance).toBe(1134.5);
  });
});
