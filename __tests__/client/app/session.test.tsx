import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { userApi } from '../../../src/client/api/user-api';
import { endSession } from '../../../src/client/app/end-session';
import { syncSessionAcrossTabs } from '../../../src/client/app/session-persistence';
import { sessionEnded, sessionStarted, tokenRefreshed } from '../../../src/client/app/session-slice';
import { makeStore } from '../../../src/client/app/store';
import { dialogOpened } from '../../../src/client/app/ui-slice';
import type { LoginData, User } from '../../../src/shared/types';
import { answers } from '../../../src/shared/messages';
import { renderWithProviders } from '../../support/render';
import { makeToken, nowS, TEST_EMAIL } from '../../support/server-mock';

afterEach(() => localStorage.clear());

const stored = () => JSON.parse(localStorage.getItem('user') ?? 'null');

const loginData = (access_token: string): LoginData => ({
  access_token,
  token_type: 'Bearer',
  expires_in: 900,
  email: TEST_EMAIL,
  first_name: 'Ada',
  last_name: 'Obi',
  is_email_verified: true,
  is_phone_verified: false,
  is_identity_verified: false,
  is_set_transaction_pin: false,
});

describe('stored session (localStorage "user")', () => {
  test('login stores the response data with token copied from access_token', () => {
    const store = makeStore();
    const exp = nowS() + 900;
    const token = makeToken({ exp });

    store.dispatch(sessionStarted(loginData(token)));

    expect(stored()).toEqual({ ...loginData(token), token });
    expect(store.getState().session).toEqual({ token, email: TEST_EMAIL, expiresAt: exp });
  });

  test('a refreshed token replaces both token and access_token; user fields are merged in', async () => {
    const store = makeStore();
    store.dispatch(sessionStarted(loginData(makeToken())));
    const fresh = makeToken();

    store.dispatch(tokenRefreshed({ token: fresh, email: TEST_EMAIL }));
    // An answer of GET /auth/user (the user slice's only source).
    await store.dispatch(userApi.util.upsertQueryData('getUser', undefined, { success: true, message: answers.user, data: { phone_number: '+2348012345678', is_phone_verified: true } as User }));

    expect(stored()).toMatchObject({ token: fresh, access_token: fresh, email: TEST_EMAIL, phone_number: '+2348012345678' });
  });

  test("a refreshed token for another customer (an answer that came after a sign-in as someone else) is neither kept nor stored", () => {
    const store = makeStore();
    const bola = makeToken();
    store.dispatch(sessionStarted({ ...loginData(bola), email: 'bola@example.com' }));

    store.dispatch(tokenRefreshed({ token: makeToken(), email: TEST_EMAIL }));

    expect(store.getState().session).toMatchObject({ token: bola, email: 'bola@example.com' });
    expect(stored()).toMatchObject({ token: bola, access_token: bola, email: 'bola@example.com' });
  });

  test('a refreshed token after the session ended is not kept', () => {
    const store = makeStore();
    store.dispatch(sessionStarted(loginData(makeToken())));
    store.dispatch(sessionEnded({ reason: 'expired' }));

    store.dispatch(tokenRefreshed({ token: makeToken(), email: TEST_EMAIL }));

    expect(store.getState().session.token).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  test('a new store starts from the stored session', () => {
    const token = makeToken();
    localStorage.setItem('user', JSON.stringify({ ...loginData(token), token }));

    expect(makeStore().getState().session).toMatchObject({ token, email: TEST_EMAIL });
  });

  test('ending the session clears the stored user and every slice', () => {
    const store = makeStore();
    store.dispatch(sessionStarted(loginData(makeToken())));
    store.dispatch(dialogOpened('set-pin'));

    store.dispatch(sessionEnded());

    expect(localStorage.getItem('user')).toBeNull();
    expect(store.getState().session.token).toBeNull();
    expect(store.getState().ui.dialogs).toEqual({});
  });

  test('a token another tab refreshed is picked up', () => {
    const store = makeStore();
    store.dispatch(sessionStarted(loginData(makeToken())));
    const stop = syncSessionAcrossTabs(store.dispatch);
    const fresh = makeToken();

    const newValue = JSON.stringify({ ...loginData(fresh), token: fresh });
    window.dispatchEvent(new StorageEvent('storage', { key: 'user', newValue, storageArea: localStorage }));
    stop();

    expect(store.getState().session.token).toBe(fresh);
  });

  test('a sign-out in another tab ends the session here and goes to /', async () => {
    const store = makeStore();
    store.dispatch(sessionStarted(loginData(makeToken())));
    const stop = syncSessionAcrossTabs(store.dispatch);
    renderWithProviders(
      <Routes>
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/dashboard" element={<h1>Dashboard</h1>} />
      </Routes>,
      { store, route: '/dashboard' },
    );

    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'user', newValue: null, storageArea: localStorage }));
    });
    stop();

    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
  });

  test('endSession tells the user and navigates to / from outside React', async () => {
    const { store } = renderWithProviders(
      <Routes>
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/exchange" element={<h1>Exchange</h1>} />
      </Routes>,
      { route: '/exchange' },
    );

    act(() => endSession(store.dispatch));

    expect(await screen.findByText('Session expired. Please log in again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });
});
