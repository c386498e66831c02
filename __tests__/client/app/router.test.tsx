import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { paths } from '../../../src/client/app/paths';
import { endpoints } from '../../../src/shared/endpoints';
import { apiPath, backend, nowS, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { renderRoute } from '../../support/render';

setupFakeBackend();

const GUARDED = [
  paths.dashboard, paths.verification, paths.addMoney, paths.transfer, paths.transferCad, paths.transferNaira,
  paths.transferUser, paths.exchange, paths.history, '/history/KD-1', paths.profile, paths.billPayment, paths.about,
];

describe('route guard', () => {
  test.each(GUARDED)('without a session %s lands on the sign-in screen and remembers the origin', async (path) => {
    const { router } = renderRoute(`${path}?tab=1`);
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toMatchObject({ from: { pathname: path, search: '?tab=1' } });
  });

  test('a session whose token has expired is removed, then the user lands on /', async () => {
    signIn({ exp: nowS() - 1 });
    const { router, store } = renderRoute(paths.history);
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('user')).toBeNull();
    expect(store.getState().session.token).toBeNull();
  });

  test('a token without an expiry counts as expired', async () => {
    signIn({ exp: null });
    renderRoute(paths.dashboard);
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(localStorage.getItem('user')).toBeNull();
  });

  test('a valid session shows the guarded screen', async () => {
    signIn();
    renderRoute(paths.dashboard);
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument();
  });

  test('a user that fails to load ends the session on the sign-in screen (not back and forth between / and /dashboard)', async () => {
    signIn();
    server.use(http.get(apiPath(endpoints.user.path), () => new HttpResponse(null, { status: 500 })));
    const { router, store } = renderRoute(paths.dashboard);

    expect(await screen.findByText('Failed to load user data')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().session.token).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(backend.seen(endpoints.user.path)).toHaveLength(1);
  });

  test('a screen opened from a button that went with the screen before it has the focus at its heading', async () => {
    signIn();
    const { router, user } = renderRoute(paths.dashboard);
    await user.click(await screen.findByRole('button', { name: /History/ }));
    expect(router.state.location.pathname).toBe(paths.history);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Transaction History' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  test('the send-to-user route carries the product name', async () => {
    signIn();
    const { router } = renderRoute('/transfer-kudi');
    expect(await screen.findByRole('heading', { name: 'Send to a Kudi user' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/transfer-kudi');
  });

  test.each([paths.identityVerification, paths.privacyPolicy, paths.login])('%s is open without a session', async (path) => {
    const { router } = renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  test('/login shows the sign-in screen', async () => {
    renderRoute(paths.login);
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  test('any other path redirects to /', async () => {
    const { router } = renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  test('any other path redirects to /, which sends a signed-in customer on to /dashboard', async () => {
    signIn();
    const { router } = renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard);
  });

  test.each([paths.home, paths.login])('a signed-in customer who opens %s lands on /dashboard', async (path) => {
    signIn();
    const { router } = renderRoute(path);
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard);
    expect(screen.queryByRole('heading', { name: 'Welcome Back' })).not.toBeInTheDocument();
  });
});
