import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ACTION_LOG_SIZE } from '../../../src/client/app/action-log';
import { makeStore } from '../../../src/client/app/store';
import { userApi } from '../../../src/client/api/user-api';
import { buildDiagnostics } from '../../../src/client/features/support/diagnostics';
import { endpoints } from '../../../src/shared/endpoints';
import { renderRoute } from '../../support/render';
import { apiPath, backend, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { fakeWallets, serveWallets, withUser } from '../../support/wallet-backend';

setupFakeBackend();

test('keeps the last 200 actions, oldest first, with their payloads', () => {
  const store = makeStore();
  for (let i = 0; i < ACTION_LOG_SIZE + 50; i += 1) store.dispatch({ type: 'test/counted', payload: i });
  const actions = store.actionLog.actions();
  expect(actions).toHaveLength(ACTION_LOG_SIZE);
  expect(actions[0].payload).toBe(50);
  expect(actions[ACTION_LOG_SIZE - 1]).toMatchObject({ type: 'test/counted', payload: ACTION_LOG_SIZE + 49 });
});

test('records failed requests with method, path, status and the server message', async () => {
  signIn();
  server.use(http.get(apiPath('/auth/user'), () => HttpResponse.json({ success: false, message: 'User not found' }, { status: 404 })));
  const store = makeStore();
  await store.dispatch(userApi.endpoints.getUser.initiate());
  expect(store.actionLog.failedRequests()).toEqual([
    { time: expect.any(Number), method: 'GET', path: apiPath('/auth/user'), status: 404, message: 'User not found' },
  ]);
});

test("a session the server ended: the file lists each refused call and the refresh that ended it, without the customer's e-mail", async () => {
  const { email } = signIn();
  serveWallets(fakeWallets());
  const ui = renderRoute('/dashboard', { preloadedState: withUser() });
  expect(await screen.findByRole('heading', { name: 'Quick Actions' })).toBeInTheDocument();

  // Signed out on the server (another device's "Sign out everywhere else"): every call and the refresh are refused.
  backend.accepted.clear();
  backend.owners.clear();
  await ui.user.click(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Convert' }));
  expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();

  const file = buildDiagnostics(ui.store, { route: '/', viewport: { width: 390, height: 844 } });
  const refused = file.failedRequests.map(({ method, path, status, message }) => ({ method, path, status, message }));
  expect(refused).toContainEqual({ method: 'GET', path: apiPath('/auth/refresh-token/[redacted]'), status: 401, message: 'Session expired' });
  // Each query the screen asked for got its 401 (those answered after the session's end included).
  for (const path of [endpoints.cadWallet.path, endpoints.nairaWallet.path]) {
    expect(refused).toContainEqual({ method: 'GET', path: apiPath(path), status: 401, message: 'Unauthorized' });
  }
  expect(JSON.stringify(file.failedRequests)).not.toContain(email);
  expect(JSON.stringify(file.failedRequests)).not.toContain(encodeURIComponent(email));
  expect(file.actions).toContainEqual(expect.objectContaining({ type: 'session/sessionEnded', payload: { reason: 'expired' } }));
});
