import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { paths } from '../../../src/client/app/paths';
import { endpoints } from '../../../src/shared/endpoints';
import { apiPath, server, setupFakeBackend, TEST_EMAIL } from '../../support/server-mock';
import { acceptLogin, onPost, refuse, serveCountries } from './auth-backend';
import { renderAuth } from './render-auth';

setupFakeBackend();

type User = ReturnType<typeof renderAuth>['user'];

async function signIn(user: User, password = 'Secret#123') {
  await user.type(await screen.findByLabelText('Email'), TEST_EMAIL);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign in', () => {
  test('shows the welcome heading, the pitch and the footer', async () => {
    renderAuth();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Seamless Payments Beyond Borders' })).toBeInTheDocument();
    expect(screen.getByText('Secure transactions')).toBeInTheDocument();
    expect(screen.getByText('Instant transfers')).toBeInTheDocument();
    expect(screen.getByText('Global coverage')).toBeInTheDocument();
    expect(screen.getByText('All rights reserved @2025')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });

  test('success stores the session, says so and goes to /dashboard', async () => {
    const bodies = acceptLogin();
    const { router, store, user } = renderAuth();

    await signIn(user);

    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard);
    expect(bodies).toEqual([{ email: TEST_EMAIL, password: 'Secret#123', method: 'EMAIL' }]);
    expect(store.getState().session.email).toBe(TEST_EMAIL);
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ email: TEST_EMAIL, token: expect.any(String) });
  });

  test('after the guard sent the user here, success returns to the screen they asked for', async () => {
    acceptLogin();
    const { router, user } = renderAuth(`${paths.history}?page=2`);
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();

    await signIn(user);

    expect(await screen.findByRole('heading', { name: 'History screen' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: paths.history, search: '?page=2' });
  });

  test('the button says Signing In... while the call runs', async () => {
    let answer: (response: Response) => void = () => undefined;
    server.use(http.post(apiPath(endpoints.login.path), () => new Promise<Response>((resolve) => { answer = resolve; })));
    const { user } = renderAuth();

    await signIn(user);

    expect(await screen.findByRole('button', { name: 'Signing In...' })).toBeDisabled();
    answer(refuse('Invalid email or password', 401));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  test('an unverified email gives the verify-your-email hint', async () => {
    onPost(endpoints.login.path, () => refuse('Email not verified!', 403));
    const { router, user } = renderAuth();

    await signIn(user);

    expect(await screen.findByText('Please verify your email address to continue.')).toBeInTheDocument();
    expect(screen.queryByText('Email not verified!')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.home);
  });

  test("any other server message is shown as it is", async () => {
    onPost(endpoints.login.path, () => refuse('Invalid email or password', 401));
    const { user } = renderAuth();

    await signIn(user);

    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  });

  test.each([
    ['a network failure', () => HttpResponse.error()],
    ['an answer without a message', () => new HttpResponse('Bad gateway', { status: 502 })],
  ])('%s gives the default text', async (_name, answer) => {
    onPost(endpoints.login.path, answer);
    const { user } = renderAuth();

    await signIn(user);

    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
  });

  test('email and password are required', async () => {
    const bodies = onPost(endpoints.login.path, () => refuse('unexpected'));
    const { user } = renderAuth();

    await user.click(await screen.findByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Please enter your email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });
});

describe("the auth screen's links (spec §2)", () => {
  test("'Forgot your password?' and 'Sign Up' are links; following one switches the mode in the store, not the page", async () => {
    serveCountries(); // the sign-up wizard's country lists
    const { router, store, user } = renderAuth();

    const forgot = await screen.findByRole('link', { name: 'Forgot your password?' });
    expect(forgot).toHaveAttribute('href', paths.home);
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', paths.home);
    expect(screen.queryByRole('button', { name: 'Sign Up' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(store.getState().ui.tabs['auth-mode']).toBe('sign-up');
    expect(router.state.location.pathname).toBe(paths.home);
    expect(router.state.historyAction).toBe('POP'); // no navigation happened
  });

  test('the links work from the keyboard: Tab to one, Enter follows it, and Login leads back', async () => {
    const { store, user } = renderAuth();
    const forgot = await screen.findByRole('link', { name: 'Forgot your password?' });

    forgot.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(store.getState().ui.tabs['auth-mode']).toBe('forgot-password');

    const login = screen.getByRole('link', { name: 'Login' });
    expect(login).toHaveAttribute('href', paths.home);
    for (let i = 0; i < 20 && document.activeElement !== login; i += 1) await user.tab();
    expect(login).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(store.getState().ui.tabs['auth-mode']).toBe('sign-in');
  });
});
