import { act, screen, waitFor, within } from '@testing-library/react';
import { setupListeners } from '@reduxjs/toolkit/query';
import { http, HttpResponse } from 'msw';
import { toast } from 'react-toastify';
import ExchangeScreen from '../../../src/client/features/exchange/exchange-screen';
import { historyApi } from '../../../src/client/features/history/history-api';
import { renderWithProviders } from '../../support/render';
import { apiPath, backend, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { convert, formatMinor, parseAmount } from '../../../src/shared/money';
import { fakeWallets, RATES, serveWallets, withUser } from '../../support/wallet-backend';

setupFakeBackend();
afterEach(() => jest.restoreAllMocks());

function renderExchange(handlers: Parameters<typeof server.use> = []) {
  signIn();
  const wallets = serveWallets(fakeWallets());
  server.use(...handlers);
  return { wallets, ...renderWithProviders(<ExchangeScreen />, { route: '/exchange', preloadedState: withUser() }) };
}

const send = () => screen.getByRole('textbox', { name: 'You send' });
const receive = () => screen.getByRole('textbox', { name: 'You receive' });
const fromSelect = () => screen.getByRole('combobox', { name: 'From' });
const toSelect = () => screen.getByRole('combobox', { name: 'To' });
const convertButton = () => screen.getByRole('button', { name: 'Convert' });

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
    expect(receive()).toHaveValue('12827.43');
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

  test('swap exchanges the currencies and the amounts; the side last edited keeps driving and the other is recomputed', async () => {
    const { user, store } = renderExchange();
    await ready();
    await user.type(send(), '100');
    expect(receive()).toHaveValue('103950.00');

    await user.click(screen.getByRole('button', { name: 'Swap currencies' }));

    expect(fromSelect()).toHaveValue('NGN');
    expect(toSelect()).toHaveValue('CAD');
    // The 103,950.00 NGN shown as received is now sent; it gives 98.01 CAD at the NGN→CAD quote.
    expect(send()).toHaveValue('103950.00');
    expect(await screen.findByText('Rate: 1 CAD = 1,060.50 NGN')).toBeInTheDocument();
    expect(receive()).toHaveValue('98.01');
    expect(store.getState().exchange).toMatchObject({ from: 'NGN', to: 'CAD', driver: 'from', amount: '103950.00' });
    expect(receive()).toHaveValue(shown(convert(10395000n, RATES.NGN_TO_CAD, 'NGN_TO_CAD')));
  });

  test('swap while "You receive" drives: the amount sent before is now received, and what is shown is what is credited', async () => {
    const { user, store } = renderExchange();
    await ready();
    await user.selectOptions(fromSelect(), 'NGN');
    await screen.findByText('Rate: 1 CAD = 1,060.50 NGN');
    await user.type(receive(), '5');
    expect(send()).toHaveValue('5302.50');

    await user.click(screen.getByRole('button', { name: 'Swap currencies' }));

    expect(fromSelect()).toHaveValue('CAD');
    expect(await screen.findByText('Rate: 1 CAD = 1,039.50 NGN')).toBeInTheDocument();
    // 5,302.50 NGN takes 5.11 CAD, which is credited 5,311.84 NGN: that is what "You receive" shows.
    await waitFor(() => expect(receive()).toHaveValue('5311.84'));
    expect(send()).toHaveValue('5.11');
    expect(store.getState().exchange).toMatchObject({ from: 'CAD', to: 'NGN', driver: 'to', amount: '5311.84' });
    expect(receive()).toHaveValue(shown(convert(511n, RATES.CAD_TO_NGN, 'CAD_TO_NGN')));
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
  test('while typing, the exact credit shows under "You receive"; leaving the field sets it there', async () => {
    const { user, store } = renderExchange();
    await ready();

    await user.type(receive(), '1000');
    expect(receive()).toHaveValue('1000');
    expect(screen.getByText('You will receive exactly 1,008.31 NGN')).toBeInTheDocument();
    expect(receive()).toHaveAccessibleDescription('You will receive exactly 1,008.31 NGN');

    await user.tab();

    expect(receive()).toHaveValue('1008.31');
    expect(send()).toHaveValue('0.97');
    expect(screen.queryByText(/You will receive exactly/)).toBeNull();
    expect(store.getState().exchange).toMatchObject({ driver: 'to', amount: '1008.31' });
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
  ] as const)('from %s, typing %s to receive: the amount shown at Convert is the amount credited', async (from, typed) => {
    const success = jest.spyOn(toast, 'success');
    // What the screen shows at the moment the conversion reaches the server (then the form clears).
    const onScreen: { sent: string; received: string; body: { amount: string } }[] = [];
    const { user, wallets } = renderExchange([
      http.post(apiPath('/wallet/currency-conversion'), async ({ request }) => {
        const body = (await request.clone().json()) as { amount: string };
        onScreen.push({ sent: String(send().getAttribute('value')), received: String(receive().getAttribute('value')), body });
      }),
    ]);
    await ready();
    const to = from === 'CAD' ? 'NGN' : 'CAD';
    const direction = from === 'CAD' ? 'CAD_TO_NGN' : 'NGN_TO_CAD';
    const rate = RATES[direction];
    if (from === 'NGN') {
      await user.selectOptions(fromSelect(), 'NGN');
      await screen.findByText('Rate: 1 CAD = 1,060.50 NGN');
    }
    const target = () => (to === 'NGN' ? wallets.ngn : wallets.cad);
    const before = minorOf(String(target().balance));

    await user.type(receive(), typed);
    await user.click(convertButton());

    const [{ sent, received, body }] = onScreen;
    expect(body.amount).toBe(sent);
    // What the screen showed is what the shared convert() (the server's own function) credits for the amount sent…
    expect(minorOf(received)).toBe(convert(minorOf(sent), rate, direction));
    expect(await screen.findByText(`Successfully converted ${from} ${sent} to ${to}`)).toBeInTheDocument();
    expect(success).toHaveBeenCalledTimes(1);
    // …and what the (fake) server credited.
    expect(onScreen).toHaveLength(1);
    expect(minorOf(String(target().balance)) - before).toBe(minorOf(received));
  });

  test('Convert pressed (Enter) while the typed amount to receive cannot be credited exactly: the exact amount is shown first, nothing sent', async () => {
    const info = jest.spyOn(toast, 'info');
    const { user, wallets } = renderExchange();
    await ready();

    await user.type(receive(), '1000{Enter}');

    expect(info).toHaveBeenCalledWith('You will receive 1,008.31 NGN. Check the amounts, then press Convert.');
    expect(receive()).toHaveValue('1008.31');
    expect(send()).toHaveValue('0.97');
    expect(backend.seen('/wallet/currency-conversion')).toHaveLength(0);

    await user.click(convertButton());
    expect(await screen.findByText('Successfully converted CAD 0.97 to NGN')).toBeInTheDocument();
    expect(wallets.ngn.balance).toBe(251008.31);
  });

  test('an amount to receive that is reachable exactly is kept as typed', async () => {
    const { user, store } = renderExchange();
    await ready();
    await user.type(receive(), '10.39');
    await user.tab();
    expect(receive()).toHaveValue('10.39');
    expect(send()).toHaveValue('0.01');
    expect(store.getState().exchange.amount).toBe('10.39');
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
    expect(receive()).toHaveValue('10395.00');
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

    expect(send()).toHaveValue('103950.00');
    expect(receive()).toHaveValue('');
    expect(screen.getByText('Rate: …')).toBeInTheDocument();
    expect(convertButton()).toBeDisabled();
    release();
    expect(await screen.findByText('Rate: 1 CAD = 1,060.50 NGN')).toBeInTheDocument();
    expect(receive()).toHaveValue('98.01');
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
    expect(receive()).toHaveValue('1041.00');

    const unsubscribe = setupListeners(store.dispatch);
    try {
      quote = '1,042.00';
      act(() => void window.dispatchEvent(new Event('focus')));
      expect(await screen.findByText('Rate: 1 CAD = 1,042.00 NGN')).toBeInTheDocument();
      expect(receive()).toHaveValue('1042.00');
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
  test('sends the amount as entered with an Idempotency-Key; the toast names it; balances and both histories refetch', async () => {
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

    expect(await screen.findByText('Successfully converted CAD 100 to NGN')).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('Successfully converted CAD 100 to NGN', expect.objectContaining({ autoClose: 5000 }));
    expect(bodies).toEqual([{ from_currency: 'CAD', to_currency: 'NGN', amount: '100', timezone: Intl.DateTimeFormat().resolvedOptions().timeZone }]);
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
          : HttpResponse.json({ success: true, message: 'Currency conversion successful!', data: {} });
      }),
    ]);
    await ready();

    await user.type(send(), '10');
    await user.click(convertButton());
    expect(await screen.findByText('Successfully converted CAD 10 to NGN')).toBeInTheDocument();
    await user.type(send(), '10');
    // The toast can show a moment before the button says Convert again (not Converting...).
    await user.click(await screen.findByRole('button', { name: 'Convert' }));
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
    expect(await screen.findByText('Conversion failed')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Convert' }));
    await waitFor(() => expect(backend.seen('/wallet/currency-conversion')).toHaveLength(2));

    const [first, second] = backend.seen('/wallet/currency-conversion');
    expect(second.idempotencyKey).toBe(first.idempotencyKey);
  });

  test('a refusal shows the server message', async () => {
    const { user } = renderExchange([
      http.post(apiPath('/wallet/currency-conversion'), () =>
        HttpResponse.json({ success: false, message: 'Amount is too small to convert' }, { status: 400 })),
    ]);
    await ready();
    await user.type(send(), '0.01');
    await user.click(convertButton());

    expect(await screen.findByText('Amount is too small to convert')).toBeInTheDocument();
  });
});
