import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import HistoryScreen from '../../../src/client/features/history/history-screen';
import { lastMonth } from '../../../src/client/features/history/statement';
import { currencyFiltered } from '../../../src/client/features/history/history-slice';
import { renderWithProviders } from '../../support/render';
import { apiPath, backend, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { expectOnlyAsToast } from '../../support/toasts';
import { fakeWallets, LocationProbe, serveWallets, withUser } from '../../support/wallet-backend';

setupFakeBackend();

const CSV = '\uFEFFDate,Reference,Type,Description,Counterparty,Debit,Credit,Balance after\r\n2025-03-01,,Opening balance,,,,,0.00\r\n';

interface StatementCall {
  query: Record<string, string>;
  authorization: string | null;
}

let calls: StatementCall[] = [];
let saved: { blob: Blob; url: string }[] = [];
let clicks: { href: string; download: string }[] = [];

/** The statement the fake server answers: the file, or a refusal. */
function serveStatement(answer: (query: Record<string, string>) => Response) {
  server.use(
    http.get(apiPath('/statements'), ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      calls.push({ query, authorization: request.headers.get('Authorization') });
      return answer(query);
    }),
  );
}

const fileAnswer = (query: Record<string, string>) =>
  new HttpResponse(CSV, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="kudi-statement-${query.currency}-${query.from}-to-${query.to}.${query.format}"`,
    },
  });

let revoke: jest.Mock;

beforeEach(() => {
  calls = [];
  saved = [];
  clicks = [];
  let made = 0;
  revoke = jest.fn();
  // jsdom has no object URLs nor downloads: the browser's part is recorded.
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => {
      made += 1;
      const url = `blob:statement-${made}`;
      saved.push({ blob, url });
      return url;
    }),
    revokeObjectURL: revoke,
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});

afterEach(() => jest.restoreAllMocks());

function renderHistory() {
  const { token } = signIn();
  serveWallets(fakeWallets());
  const ui = renderWithProviders(
    <Routes>
      <Route path="/history" element={<HistoryScreen />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: '/history', preloadedState: withUser() },
  );
  return { ...ui, token };
}

async function openPicker(ui: ReturnType<typeof renderHistory>) {
  await ui.user.click(screen.getByRole('button', { name: 'Download statement' }));
  return within(await screen.findByRole('dialog', { name: 'Download statement' }));
}

/** Sets a date field as a browser's date picker does (a whole YYYY-MM-DD value, or none). */
const setDate = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

/** The bytes fetch gave as the file (its own Blob, not jsdom's), byte order mark included. */
const readText = async (blob: Blob) => Buffer.from(await blob.arrayBuffer()).toString('utf8');

describe('the picker starts on last month', () => {
  test.each([
    ['2025-03-15', new Date(2025, 2, 15, 12), { from: '2025-02-01', to: '2025-02-28' }],
    ['2024-03-01', new Date(2024, 2, 1, 0, 5), { from: '2024-02-01', to: '2024-02-29' }],
    ['2025-01-31', new Date(2025, 0, 31, 23, 59), { from: '2024-12-01', to: '2024-12-31' }],
  ])("on %s of this device's calendar", (_day, today, period) => {
    expect(lastMonth(today)).toEqual({ ...period, format: 'csv' });
  });
});

describe('Download statement (History)', () => {
  test('opens on last month as a CSV of the history’s currency, fetches it with the bearer token and saves the file', async () => {
    serveStatement(fileAnswer);
    const ui = renderHistory();
    const dialog = await openPicker(ui);
    const expected = lastMonth();
    expect(dialog.getByLabelText('From')).toHaveValue(expected.from);
    expect(dialog.getByLabelText('To')).toHaveValue(expected.to);
    expect(dialog.getByLabelText('Format')).toHaveValue('csv');

    await ui.user.click(dialog.getByRole('button', { name: 'Download' }));
    await expectOnlyAsToast(`Statement saved: kudi-statement-CAD-${expected.from}-to-${expected.to}.csv`);
    expect(calls).toEqual([{ query: { currency: 'CAD', from: expected.from, to: expected.to, format: 'csv' }, authorization: `Bearer ${ui.token}` }]);
    expect(clicks).toEqual([{ href: 'blob:statement-1', download: `kudi-statement-CAD-${expected.from}-to-${expected.to}.csv` }]);
    expect(await readText(saved[0].blob)).toBe(CSV);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a chosen period and PDF, for the NGN history', async () => {
    serveStatement(fileAnswer);
    const ui = renderHistory();
    act(() => void ui.store.dispatch(currencyFiltered('NGN')));
    const dialog = await openPicker(ui);
    expect(dialog.getByText(/The NGN wallet's completed and refunded items/)).toBeInTheDocument();
    setDate(dialog.getByLabelText('From'), '2024-02-29');
    setDate(dialog.getByLabelText('To'), '2025-02-28');
    await ui.user.selectOptions(dialog.getByLabelText('Format'), 'pdf');
    await ui.user.click(dialog.getByRole('button', { name: 'Download' }));
    await expectOnlyAsToast('Statement saved: kudi-statement-NGN-2024-02-29-to-2025-02-28.pdf');
    expect(calls.map((call) => call.query)).toEqual([{ currency: 'NGN', from: '2024-02-29', to: '2025-02-28', format: 'pdf' }]);
    expect(clicks[0].download).toBe('kudi-statement-NGN-2024-02-29-to-2025-02-28.pdf');
  });

  test.each([
    ['no first day', '', '2025-03-31', 'From', 'Choose the first day'],
    ['no last day', '2025-03-01', '', 'To', 'Choose the last day'],
    ['the last day before the first', '2025-03-10', '2025-03-09', 'To', 'The last day must be on or after the first day'],
    ['367 days', '2024-01-01', '2025-01-01', 'To', 'A statement covers at most 366 days'],
  ])('%s: the field says why, nothing is asked', async (_what, from, to, field, message) => {
    serveStatement(fileAnswer);
    const ui = renderHistory();
    const dialog = await openPicker(ui);
    setDate(dialog.getByLabelText('From'), from);
    setDate(dialog.getByLabelText('To'), to);
    await ui.user.click(dialog.getByRole('button', { name: 'Download' }));
    expect(await dialog.findByText(message)).toBeInTheDocument();
    expect(dialog.getByLabelText(field)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
    expect(backend.seen('/statements')).toEqual([]);
  });

  test('366 days are one statement', async () => {
    serveStatement(fileAnswer);
    const ui = renderHistory();
    const dialog = await openPicker(ui);
    setDate(dialog.getByLabelText('From'), '2024-01-01');
    setDate(dialog.getByLabelText('To'), '2024-12-31');
    await ui.user.click(dialog.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].query).toMatchObject({ from: '2024-01-01', to: '2024-12-31' });
  });

  test("the server's refusal is shown in the picker, which stays open; nothing is saved", async () => {
    serveStatement(() => HttpResponse.json({ success: false, message: 'A statement covers at most 366 days' }, { status: 400 }));
    const ui = renderHistory();
    const dialog = await openPicker(ui);
    await ui.user.click(dialog.getByRole('button', { name: 'Download' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('A statement covers at most 366 days');
    expect(screen.getByRole('dialog', { name: 'Download statement' })).toBeInTheDocument();
    expect(clicks).toEqual([]);
    expect(saved).toEqual([]);
  });

  test('a network failure says so', async () => {
    serveStatement(() => HttpResponse.error());
    const ui = renderHistory();
    const dialog = await openPicker(ui);
    await ui.user.click(dialog.getByRole('button', { name: 'Download' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Could not download the statement. Please try again.');
    expect(clicks).toEqual([]);
  });

  test('a file cut short after its 200 (the server lost its database midway) says the download failed and saves nothing', async () => {
    serveStatement(() => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(CSV.slice(0, 40)));
          controller.error(new TypeError('terminated'));
        },
      });
      return new HttpResponse(body, { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="kudi-statement.csv"' } });
    });
    const ui = renderHistory();
    const dialog = await openPicker(ui);
    await ui.user.click(dialog.getByRole('button', { name: 'Download' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Could not download the statement. Please try again.');
    expect(clicks).toEqual([]);
    expect(saved).toEqual([]);
  });

  test('the saved file’s object URL is let go after the download', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      serveStatement(fileAnswer);
      const ui = renderHistory();
      const dialog = await openPicker(ui);
      await ui.user.click(dialog.getByRole('button', { name: 'Download' }));
      await waitFor(() => expect(clicks).toHaveLength(1));
      expect(revoke).not.toHaveBeenCalled();
      jest.advanceTimersByTime(40_000);
      expect(revoke).toHaveBeenCalledWith('blob:statement-1');
    } finally {
      jest.useRealTimers();
    }
  });
});
