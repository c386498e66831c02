import { act, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { sessionEnded, sessionStarted } from '../../../src/client/app/session-slice';
import { ACTIVITY_WRITE_INTERVAL_MS, LAST_ACTIVITY_KEY } from '../../../src/client/features/session/session-timers';
import { buildPath, endpoints } from '../../../src/shared/endpoints';
import { INACTIVITY_TIMEOUT_MS, TOKEN_CHECK_INTERVAL_MS } from '../../../src/shared/limits';
import { renderWithProviders } from '../../support/render';
import { apiPath, backend, makeToken, nowS, server, setupFakeBackend, signIn, TEST_EMAIL } from '../../support/server-mock';

setupFakeBackend();
// The session's timers load with the first session (app/app.tsx, a chunk of their own): loaded once
// here, with real timers, so that each test's timers start with its own render.
beforeAll(async () => {
  signIn();
  const warm = renderWithProviders(<h1>Warming up</h1>);
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  warm.unmount();
  localStorage.clear();
});
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const MINUTE = 60_000;
const refreshPath = buildPath('refreshToken', { email: TEST_EMAIL });

function renderSignedIn(options: Parameters<typeof signIn>[0] = {}) {
  const { token } = signIn(options);
  const view = renderWithProviders(
    <Routes>
      <Route path="/" element={<h1>Home</h1>} />
      <Route path="/dashboard" element={<h1>Dashboard</h1>} />
    </Routes>,
    { route: '/dashboard' },
  );
  return { ...view, token };
}

const advance = (ms: number) => act(async () => {
  await jest.advanceTimersByTimeAsync(ms);
});

describe('inactivity', () => {
  test('10 minutes without activity end the session with the expiry message', async () => {
    const { store } = renderSignedIn();

    await advance(INACTIVITY_TIMEOUT_MS - 1000);
    expect(store.getState().session.token).not.toBeNull();
    await advance(1000);

    expect(await screen.findByText('Session expired. Please log in again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  test.each<[string, () => void]>([
    ['mouse move', () => fireEvent.mouseMove(document.body)],
    ['key press', () => fireEvent.keyDown(document.body, { key: 'a' })],
    ['click', () => fireEvent.click(document.body)],
    ['scroll', () => fireEvent.scroll(window)],
  ])('a %s restarts the 10 minutes', async (_name, fire) => {
    const { store } = renderSignedIn();

    await advance(9 * MINUTE);
    fire();
    await advance(9 * MINUTE);
    expect(store.getState().session.token).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();

    await advance(MINUTE);
    expect(store.getState().session.token).toBeNull();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  test('after a sleep (the clock went on, the timer did not fire), the first mouse move or key press ends the session instead of resuming it', async () => {
    const { store } = renderSignedIn();
    await advance(MINUTE);
    // A laptop asleep for 12 minutes: the wall clock moves on, the page's timers wait.
    jest.setSystemTime(Date.now() + 12 * MINUTE);
    fireEvent.mouseMove(document.body);

    expect(await screen.findByText('Session expired. Please log in again.')).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  test('after a short sleep (under 10 minutes without activity), a mouse move keeps the session and starts the 10 minutes again', async () => {
    const { store } = renderSignedIn();
    jest.setSystemTime(Date.now() + 8 * MINUTE);
    fireEvent.mouseMove(document.body);
    await advance(9 * MINUTE);
    expect(store.getState().session.token).not.toBeNull();
  });

  test('the end of a session for inactivity is sent to the server (POST /auth/logout with the token)', async () => {
    const { store, token } = renderSignedIn();

    await advance(INACTIVITY_TIMEOUT_MS);

    expect(await screen.findByText('Session expired. Please log in again.')).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
    expect(backend.seen(endpoints.logout.path).map((request) => request.authorization)).toEqual([`Bearer ${token}`]);
    expect(backend.accepted.has(token)).toBe(false);
  });

  test('a failed sign-out call still ends the session', async () => {
    server.use(http.post(apiPath(endpoints.logout.path), () => HttpResponse.error()));
    const { store } = renderSignedIn();

    await advance(INACTIVITY_TIMEOUT_MS);

    expect(await screen.findByText('Session expired. Please log in again.')).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  test('activity in another tab (the shared last activity) keeps the session of this idle tab', async () => {
    const { store } = renderSignedIn();

    // The customer works in another tab; this one stays idle for half an hour.
    for (let minute = 0; minute < 30; minute += 3) {
      await advance(3 * MINUTE);
      localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    }
    expect(store.getState().session.token).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(backend.seen(endpoints.logout.path)).toHaveLength(0);

    // Then every tab is idle: 10 minutes after the other tab's last activity the session ends.
    await advance(INACTIVITY_TIMEOUT_MS - 1000);
    expect(store.getState().session.token).not.toBeNull();
    await advance(1000);
    expect(store.getState().session.token).toBeNull();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  test("this tab's activity is shared with the other tabs, at most once every 5 seconds", async () => {
    renderSignedIn();
    const shared = () => Number(localStorage.getItem(LAST_ACTIVITY_KEY));
    const signedInAt = Date.now();
    expect(shared()).toBe(signedInAt);

    await advance(MINUTE);
    fireEvent.mouseMove(document.body);
    const firstMove = Date.now();
    expect(shared()).toBe(firstMove);

    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    await advance(1000);
    for (let i = 0; i < 20; i += 1) fireEvent.mouseMove(document.body);
    const lastMove = Date.now();
    expect(shared()).toBe(firstMove);

    await advance(ACTIVITY_WRITE_INTERVAL_MS);
    expect(shared()).toBe(lastMove);
    expect(setItem.mock.calls.filter(([key]) => key === LAST_ACTIVITY_KEY)).toHaveLength(1);
    setItem.mockRestore();
  });

  test('the app opened again after 10 minutes without activity (closed meanwhile) ends the session at once', async () => {
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now() - INACTIVITY_TIMEOUT_MS - MINUTE));
    const { store } = renderSignedIn();
    await advance(0);
    expect(await screen.findByText('Session expired. Please log in again.')).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  test('a reload 9 minutes after the last activity leaves the minute that is left, not 10 more', async () => {
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now() - 9 * MINUTE));
    const { store } = renderSignedIn();
    await advance(MINUTE - 1000);
    expect(store.getState().session.token).not.toBeNull();
    await advance(1000);
    expect(store.getState().session.token).toBeNull();
  });

  test('a sign-in starts the 10 minutes from itself, whatever old activity is stored', async () => {
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now() - 60 * MINUTE));
    const { store } = renderWithProviders(<h1>Anywhere</h1>, { route: '/dashboard' });
    const token = backend.issueToken({ email: TEST_EMAIL });
    act(() => {
      store.dispatch(sessionStarted({
        access_token: token, token_type: 'Bearer', expires_in: 900, email: TEST_EMAIL, first_name: 'Ada', last_name: 'Obi',
        is_email_verified: true, is_phone_verified: true, is_identity_verified: true, is_set_transaction_pin: true,
      }));
    });
    await advance(INACTIVITY_TIMEOUT_MS - 1000);
    expect(store.getState().session.token).toBe(token);
    await advance(1000);
    expect(store.getState().session.token).toBeNull();
  });

  test('nothing runs without a session', async () => {
    renderWithProviders(<h1>Home</h1>);
    await advance(INACTIVITY_TIMEOUT_MS * 2);
    expect(screen.queryByText('Session expired. Please log in again.')).not.toBeInTheDocument();
  });
});

describe('the 60-second token check', () => {
  test('a token with fewer than 60 s left at a check is refreshed', async () => {
    const { store, token } = renderSignedIn({ exp: nowS() + 100 });

    await advance(TOKEN_CHECK_INTERVAL_MS - 1000);
    expect(backend.seen(refreshPath)).toHaveLength(0);
    await advance(1000);

    expect(backend.seen(refreshPath).map((request) => request.authorization)).toEqual([`Bearer ${token}`]);
    const fresh = store.getState().session.token;
    expect(fresh).not.toBe(token);
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ access_token: fresh, token: fresh });
  });

  test('a token with more than 60 s left is left alone', async () => {
    const { store, token } = renderSignedIn({ exp: nowS() + 200 });

    await advance(TOKEN_CHECK_INTERVAL_MS);

    expect(backend.seen(refreshPath)).toHaveLength(0);
    expect(store.getState().session.token).toBe(token);
  });

  test.each([
    ['a new token', () => HttpResponse.json({ success: true, message: 'Token refreshed', data: { token: makeToken() } })],
    ['a refusal', () => HttpResponse.json({ success: false, message: 'Session expired' }, { status: 401 })],
  ])("a refresh whose answer (%s) comes after the session ended and another customer signed in leaves that customer's session alone", async (_case, answer) => {
    let answerNow: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answerNow = resolve;
    });
    server.use(http.get(apiPath(refreshPath), async () => {
      await held;
      return answer();
    }));
    const { store } = renderSignedIn({ exp: nowS() + 30 });
    await advance(TOKEN_CHECK_INTERVAL_MS);
    expect(backend.seen(refreshPath)).toHaveLength(1);

    // Meanwhile the session ended (elsewhere) and Bola signed in.
    act(() => {
      store.dispatch(sessionEnded({ reason: 'endedElsewhere' }));
    });
    const bola = makeToken({ email: 'bola@example.com' });
    act(() => {
      store.dispatch(sessionStarted({ access_token: bola, token_type: 'bearer', email: 'bola@example.com' } as never));
    });
    answerNow();
    await advance(1000);

    expect(store.getState().session).toMatchObject({ token: bola, email: 'bola@example.com' });
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ email: 'bola@example.com', access_token: bola, token: bola });
  });

  test('an expired token is refreshed at the next check, and a failed refresh ends the session', async () => {
    server.use(http.get(apiPath(refreshPath), () => HttpResponse.json({ success: false, message: 'Session expired' }, { status: 401 })));
    const { store } = renderSignedIn({ exp: nowS() + 30 });

    await advance(TOKEN_CHECK_INTERVAL_MS);

    expect(backend.seen(refreshPath)).toHaveLength(1);
    expect(await screen.findByText('Session expired. Please log in again.')).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  test.each<[string, (stored: Record<string, unknown>) => void]>([
    ['removed', () => localStorage.removeItem('user')],
    ['left without its email', ({ email: _email, ...rest }) => localStorage.setItem('user', JSON.stringify(rest))],
  ])('a stored user %s in this tab ends the session at the next check, though the token is fresh', async (_name, change) => {
    const { store } = renderSignedIn({ exp: nowS() + 3600 });
    await advance(TOKEN_CHECK_INTERVAL_MS);
    expect(store.getState().session.token).not.toBeNull();

    change(JSON.parse(localStorage.getItem('user')!) as Record<string, unknown>); // no storage event in the same tab
    await advance(TOKEN_CHECK_INTERVAL_MS);

    expect(await screen.findByText('Session expired. Please log in again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(store.getState().session).toEqual({ token: null, email: null, expiresAt: null });
    expect(localStorage.getItem('user')).toBeNull();
    expect(backend.seen(refreshPath)).toHaveLength(0);
  });
});
