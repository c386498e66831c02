import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { api } from '../../../src/client/api/api';
import { paths } from '../../../src/client/app/paths';
import { makeStore } from '../../../src/client/app/store';
import { buildPath, endpoints } from '../../../src/shared/endpoints';
import { renderRoute, renderWithProviders } from '../../support/render';
import { apiPath, authed, backend, nowS, server, setupFakeBackend, signIn, TEST_EMAIL } from '../../support/server-mock';

setupFakeBackend();

// Two stand-in calls a feature would inject: a query and a money mutation with an Idempotency-Key.
const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<{ n: number }, number>({ query: (n) => `/probe/${n}` }),
    checkPassword: build.mutation<unknown, string>({
      query: (password) => ({ url: endpoints.login.path, method: 'POST', body: { email: TEST_EMAIL, password, method: 'EMAIL' } }),
    }),
    pay: build.mutation<{ ok: true }, string>({
      query: (key) => ({ url: '/pay', method: 'POST', body: { amount: 10 }, headers: { 'Idempotency-Key': key } }),
    }),
  }),
});

beforeEach(() => {
  server.use(
    http.get(apiPath('/probe/:n'), authed(({ params }) => HttpResponse.json({ n: Number(params.n) }))),
    http.post(apiPath('/pay'), authed(() => HttpResponse.json({ ok: true }))),
  );
});

const refreshPath = (email = TEST_EMAIL) => buildPath('refreshToken', { email });
const bearer = (token: string) => `Bearer ${token}`;

describe('baseQueryWithReauth', () => {
  test('three concurrent 401s cause exactly one refresh, then each request is retried once with the new token', async () => {
    const { token: revoked } = signIn();
    backend.accepted.delete(revoked); // the server no longer takes it, but it can still be refreshed
    const store = makeStore();

    const results = await Promise.all([1, 2, 3].map((n) => store.dispatch(testApi.endpoints.probe.initiate(n))));

    expect(results.map((result) => result.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(backend.seen(refreshPath())).toHaveLength(1);
    const fresh = store.getState().session.token!;
    expect(fresh).not.toBe(revoked);
    for (const n of [1, 2, 3]) {
      expect(backend.seen(`/probe/${n}`).map((request) => request.authorization)).toEqual([bearer(revoked), bearer(fresh)]);
    }
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ access_token: fresh, token: fresh, email: TEST_EMAIL });
  });

  test('a wrong password in the signed-in password check is answered as is: no refresh, no retry', async () => {
    const { token } = signIn();
    server.use(http.post(apiPath(endpoints.login.path), () => HttpResponse.json({ success: false, message: 'Invalid email or password' }, { status: 401 })));
    const store = makeStore();

    const result = await store.dispatch(testApi.endpoints.checkPassword.initiate('wrong'));

    expect(result).toHaveProperty('error.data.message', 'Invalid email or password');
    expect(backend.seen(endpoints.login.path)).toHaveLength(1);
    expect(backend.seen(refreshPath())).toHaveLength(0);
    expect(store.getState().session.token).toBe(token);
  });

  test('a failed refresh ends the session: stored user cleared, toast shown, back to /', async () => {
    const { token } = signIn();
    const { store, router } = renderRoute(paths.history);
    expect(await screen.findByRole('heading', { name: 'Transaction History' })).toBeInTheDocument();
    backend.accepted.delete(token);
    server.use(http.get(apiPath(refreshPath()), () => HttpResponse.json({ success: false, message: 'Session expired' }, { status: 401 })));

    const result = await act(() => store.dispatch(testApi.endpoints.pay.initiate('key-1')));

    expect(result).toHaveProperty('error'); // ending the session resets the API cache, aborting calls in flight
    expect(await screen.findByText('Session expired. Please log in again.')).toBeInTheDocument();
    expect(localStorage.getItem('user')).toBeNull();
    expect(store.getState().session).toEqual({ token: null, email: null, expiresAt: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(backend.seen('/pay')).toHaveLength(1);
  });

  test('an unsuccessful refresh answer ends the session too', async () => {
    const { token } = signIn();
    backend.accepted.delete(token);
    server.use(http.get(apiPath(refreshPath()), () => HttpResponse.json({ success: false, message: 'No' })));
    const store = makeStore();

    await store.dispatch(testApi.endpoints.probe.initiate(1));

    expect(localStorage.getItem('user')).toBeNull();
    expect(store.getState().session.token).toBeNull();
  });

  test('without an email in the stored user no refresh is tried and the session ends', async () => {
    const { token } = signIn();
    backend.accepted.delete(token);
    localStorage.setItem('user', JSON.stringify({ access_token: token, token }));
    const store = makeStore();

    await store.dispatch(testApi.endpoints.probe.initiate(1));

    expect(backend.seen(refreshPath())).toHaveLength(0);
    expect(localStorage.getItem('user')).toBeNull();
  });

  test.each([
    ['a token about to expire', { exp: nowS() + 30 }, false],
    ['a 401', {}, true],
  ])('the stored user removed in this tab: %s ends the session instead of refreshing with the session in memory', async (_name, token, revoke) => {
    const { token: current } = signIn(token);
    if (revoke) backend.accepted.delete(current);
    const { store } = renderWithProviders(
      <Routes>
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/dashboard" element={<h1>Dashboard</h1>} />
      </Routes>,
      { route: '/dashboard' },
    );
    localStorage.removeItem('user'); // same tab: no storage event

    const result = await act(() => store.dispatch(testApi.endpoints.probe.initiate(1)));

    expect(result.data).toBeUndefined();
    expect(backend.seen(refreshPath())).toHaveLength(0);
    expect(await screen.findByText('Session expired. Please log in again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(store.getState().session).toEqual({ token: null, email: null, expiresAt: null });
  });

  test('a token with fewer than 60 seconds left is refreshed before the request', async () => {
    const { token } = signIn({ exp: nowS() + 30 });
    const store = makeStore();

    const result = await store.dispatch(testApi.endpoints.probe.initiate(7));

    expect(result.data).toEqual({ n: 7 });
    const fresh = store.getState().session.token!;
    expect(backend.requests.map((request) => [request.path, request.authorization])).toEqual([
      [apiPath(refreshPath()), bearer(token)],
      [apiPath('/probe/7'), bearer(fresh)],
    ]);
  });

  test('a token with plenty of time left is sent as it is', async () => {
    const { token } = signIn();
    const store = makeStore();

    await store.dispatch(testApi.endpoints.probe.initiate(1));

    expect(backend.requests.map((request) => request.authorization)).toEqual([bearer(token)]);
  });

  test('a retry refused again with the token just issued (the session ended on the server meanwhile) ends the session', async () => {
    const { token } = signIn();
    const { store, router } = renderRoute(paths.history);
    expect(await screen.findByRole('heading', { name: 'Transaction History' })).toBeInTheDocument();
    backend.accepted.delete(token);
    // The refresh answers with a token, but the server refuses it at once: signed out elsewhere.
    server.use(http.post(apiPath('/pay'), () => HttpResponse.json({ success: false, message: 'Unauthorized' }, { status: 401 })));

    const result = await act(() => store.dispatch(testApi.endpoints.pay.initiate('key-9')));

    expect(result).toHaveProperty('error');
    expect(backend.seen(refreshPath())).toHaveLength(1);
    expect(backend.seen('/pay')).toHaveLength(2);
    expect(await screen.findByText('Session expired. Please log in again.')).toBeInTheDocument();
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
    expect(localStorage.getItem('user')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  test('the retry after a refresh sends the same Idempotency-Key', async () => {
    const { token } = signIn();
    backend.accepted.delete(token);
    const store = makeStore();

    const result = await store.dispatch(testApi.endpoints.pay.initiate('key-123'));

    expect(result).toMatchObject({ data: { ok: true } });
    const attempts = backend.seen('/pay');
    expect(attempts.map((request) => request.idempotencyKey)).toEqual(['key-123', 'key-123']);
    expect(attempts[0].authorization).not.toBe(attempts[1].authorization);
  });

  test('a 401 without a session (e.g. a failed sign-in) is returned as it is', async () => {
    server.use(http.post(apiPath('/pay'), () => HttpResponse.json({ success: false, message: 'Wrong' }, { status: 401 })));
    const store = makeStore();

    const result = await store.dispatch(testApi.endpoints.pay.initiate('k'));

    expect(result).toMatchObject({ error: { status: 401, data: { message: 'Wrong' } } });
    expect(backend.requests).toHaveLength(1);
  });
});
