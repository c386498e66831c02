import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { paths } from '../../../src/client/app/paths';
import { endpoints } from '../../../src/shared/endpoints';
import { OTP_RESEND_COOLDOWN_MS } from '../../../src/shared/limits';
import { apiPath, nowS, server, setupFakeBackend, signIn as startSession, TEST_EMAIL } from '../../support/server-mock';
import { acceptLogin, answers, emailPath, onPost, refuse, serveCountries, unverifiedAccount } from './auth-backend';
import { renderAuth } from './render-auth';

setupFakeBackend();
afterEach(() => jest.useRealTimers());

const COOLDOWN_S = OTP_RESEND_COOLDOWN_MS / 1000;
const countdown = (seconds: number) => `You can ask for a new code in ${seconds} s.`;

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
    onPost(emailPath('resendOtp'), answers.otpSent); // the code step asks for a code
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
    // The same page: the one entry added is the wizard's, for the phone's Back (one step back, spec §4).
    expect(router.state.location.state).toEqual({ authSteps: true });
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

describe('signing in with an e-mail not verified yet', () => {
  const CODE = '246810';
  const heading = () => screen.findByRole('heading', { level: 1, name: 'Verify your email' });

  async function typeCode(user: User, code: string) {
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard(code);
  }

  test('the code entry opens right there; a code is asked for, and the right code signs in to /dashboard', async () => {
    const { logins, verifications, resends } = unverifiedAccount(CODE);
    const { router, store, user } = renderAuth();

    await signIn(user);

    expect(await screen.findByText('Please verify your email address to continue.')).toBeInTheDocument();
    await heading();
    expect(screen.getByText(`We sent a 6-digit code to ${TEST_EMAIL}. Enter it to verify your email and sign in.`)).toBeInTheDocument();
    expect(await screen.findByText('OTP sent successfully!')).toBeInTheDocument();
    expect(resends).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled();
    expect(store.getState().ui.steps['sign-in']).toBe(2);

    await typeCode(user, CODE);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Email verified successfully!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard);
    expect(verifications).toEqual([{ otp: CODE }]);
    const body = { email: TEST_EMAIL, password: 'Secret#123', method: 'EMAIL' };
    expect(logins).toEqual([body, body]);
    expect(store.getState().session.email).toBe(TEST_EMAIL);
  });

  test('an address signed up for with more than one password: verified, no sign-in tried, and the reset opens with the reason', async () => {
    const { logins } = unverifiedAccount(CODE, undefined, true);
    const { router, user } = renderAuth();

    await signIn(user);
    await heading();
    await typeCode(user, CODE);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Email verified successfully!')).toBeInTheDocument();
    expect(await screen.findByText(
      'Your email is verified. It was used for more than one sign-up with different passwords, so none of them signs in: choose your password with "Forgot your password?".',
    )).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.home);
    expect(logins).toHaveLength(1);
  });

  test('a wrong code is refused inline and as a toast, the boxes cleared; the customer stays on the code step', async () => {
    const { logins } = unverifiedAccount(CODE);
    const { user } = renderAuth();
    await signIn(user);
    await heading();

    await typeCode(user, '999999');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findAllByText('Invalid OTP!')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus();
    expect(logins).toHaveLength(1);
  });

  test('Resend counts down the cool-down second by second, opens at 0 and sends another code', async () => {
    const { resends } = unverifiedAccount(CODE);
    const { user } = renderAuth(paths.home, { advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    jest.useFakeTimers();
    await signIn(user);
    await heading();
    const resend = screen.getByRole('button', { name: 'Resend' });

    expect(screen.getByText(countdown(COOLDOWN_S))).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByText(countdown(COOLDOWN_S - 1))).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(OTP_RESEND_COOLDOWN_MS - 2000));
    expect(screen.getByText(countdown(1))).toBeInTheDocument();
    expect(resend).toBeDisabled();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText(/You can ask for a new code/)).not.toBeInTheDocument();
    expect(resend).toBeEnabled();

    await user.click(resend);

    expect(await screen.findAllByText('OTP sent successfully!')).not.toHaveLength(0);
    expect(resends).toHaveLength(2);
    expect(await screen.findByText(countdown(COOLDOWN_S))).toBeInTheDocument();
    expect(resend).toBeDisabled();
  });

  test('a code sent less than the cool-down ago is not re-sent, and nothing claims one was: the step asks for the latest code', async () => {
    const { resends } = unverifiedAccount(CODE, () => refuse('Please wait before requesting a new OTP', 429));
    const { user } = renderAuth();

    await signIn(user);

    await heading();
    expect(screen.getByText(`Enter the 6-digit code from our latest email to ${TEST_EMAIL}, or choose Resend for a new one.`)).toBeInTheDocument();
    expect(screen.queryByText(/We sent a 6-digit code/)).not.toBeInTheDocument();
    expect(screen.queryByText('OTP sent successfully!')).not.toBeInTheDocument();
    expect(screen.queryByText('Please wait before requesting a new OTP')).not.toBeInTheDocument();
    expect(resends).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled();
    expect(screen.getByText(/You can ask for a new code in \d+ s\./)).toBeInTheDocument();
  });

  test('any other refusal of a code says so and leaves Resend open', async () => {
    const cap = 'Too many codes requested. Try again in 12 minutes.';
    unverifiedAccount(CODE, () => refuse(cap, 429));
    const { user } = renderAuth();

    await signIn(user);

    await heading();
    expect(await screen.findByText(cap)).toBeInTheDocument();
    expect(screen.getByText(`Enter the 6-digit code from our latest email to ${TEST_EMAIL}, or choose Resend for a new one.`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled();
    expect(screen.queryByText(/You can ask for a new code/)).not.toBeInTheDocument();
  });

  test('"Back to sign in" returns to the form with the e-mail and password kept', async () => {
    unverifiedAccount(CODE);
    const { user } = renderAuth();
    await signIn(user);
    await heading();

    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(TEST_EMAIL);
    expect(screen.getByLabelText('Password')).toHaveValue('Secret#123');
  });
});

describe('the auth screen and a session', () => {
  test.each([paths.home, paths.login])('a signed-in customer who opens %s goes to /dashboard', async (path) => {
    startSession();
    const { router } = renderAuth(path);

    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard);
    expect(screen.queryByRole('heading', { name: 'Welcome Back' })).not.toBeInTheDocument();
  });

  test('a session whose token has expired leaves the sign-in form on /', async () => {
    startSession({ exp: nowS() - 1 });
    const { router } = renderAuth();

    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.home);
  });

  test('/login with an e-mail in the router state (after verification) fills it in and focuses the password', async () => {
    renderAuth({ pathname: paths.login, state: { email: TEST_EMAIL } });

    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(TEST_EMAIL);
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });
});
