import { act, screen, waitFor, within } from '@testing-library/react';
import { paths } from '../../../src/client/app/paths';
import { endpoints } from '../../../src/shared/endpoints';
import { OTP_RESEND_COOLDOWN_MS } from '../../../src/shared/limits';
import { http, HttpResponse } from 'msw';
import { apiPath, server, setupFakeBackend, TEST_EMAIL } from '../../support/server-mock';
import { answers, emailPath, onPost, refuse, serveCountries } from './auth-backend';
import { renderAuth } from './render-auth';
import { expectOnFormAndAsToast, settleToasts, toastsShown } from '../../support/toasts';

setupFakeBackend();
beforeEach(serveCountries);
afterEach(() => jest.useRealTimers());

type User = ReturnType<typeof renderAuth>['user'];

const PASSWORD = 'Secret#123';
const COOLDOWN_S = OTP_RESEND_COOLDOWN_MS / 1000;
const countdown = (seconds: number) => `You can ask for a new code in ${seconds} s.`;

/** Step 5 reached on Jest's clock (the resend count is timed): the user and the Resend button. */
async function onStepFiveOnJestClock() {
  const { user } = renderAuth(paths.home, { advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  jest.useFakeTimers();
  await completeWizard(user);
  return { user, resend: screen.getByRole('button', { name: 'Resend' }) };
}

/** Resend sends one request, says so, and the count starts again from the full cool-down. */
async function resendStartsTheCountAgain(user: { click(element: Element): Promise<void> }, resend: HTMLElement, bodies: unknown[]) {
  await user.click(resend);
  expect(await screen.findByText('OTP sent successfully!')).toBeInTheDocument();
  expect(bodies).toHaveLength(1);
  expect(screen.getByText(countdown(COOLDOWN_S))).toBeInTheDocument();
  expect(resend).toBeDisabled();
}
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

/** 'YYYY-MM-DD' of the day `years` years before today. */
function yearsAgo(years: number): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

async function openSignUp(user: User) {
  await user.click(await screen.findByRole('link', { name: 'Sign Up' }));
  await heading('Create your account');
  // The lists arrive from GET /countries.
  await within(screen.getByLabelText('Nationality')).findByText('Nigeria');
}

async function fillCountries(user: User) {
  await user.selectOptions(await screen.findByLabelText('Nationality'), 'NG');
  await user.selectOptions(screen.getByLabelText('Country of residence'), 'CA');
  await user.click(screen.getByLabelText(/I have read and agree to the/));
}

/** Focuses the field and pastes the whole value (one input event: quicker than typing it). */
async function enter(user: User, label: string, value: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

async function fillDetails(user: User, dateOfBirth = '1990-01-15') {
  await enter(user, 'First name', 'Ada');
  await enter(user, 'Last name', 'Obi');
  await user.type(screen.getByLabelText('Date of birth'), dateOfBirth);
  await enter(user, 'Email', TEST_EMAIL);
}

async function fillPasswords(user: User) {
  await enter(user, 'Password', PASSWORD);
  await enter(user, 'Confirm password', PASSWORD);
}

/** Steps 1–2 with valid data, on to step 3, the review. */
async function reachReview(user: User) {
  await openSignUp(user);
  await fillCountries(user);
  await user.click(continueButton());
  await heading('Tell us more about you');
  await fillDetails(user);
  await user.click(continueButton());
  await heading('Review Your Details');
}

/** Steps 1–4 with valid data, then Create Account. */
async function submitWizard(user: User) {
  await reachReview(user);
  await user.click(continueButton());
  await heading('Create Password');
  await fillPasswords(user);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

/** Through the wizard to step 5. */
async function completeWizard(user: User) {
  await submitWizard(user);
  await heading('Confirm Email');
}

const codeGroup = () => screen.getByRole('group', { name: 'Verification code' });
const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });

describe('sign-up wizard', () => {
  test('step 1: Continue needs nationality, residence and consent; "same as nationality" hides and copies', async () => {
    const { user } = renderAuth();
    await openSignUp(user);
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();

    await user.selectOptions(await screen.findByLabelText('Nationality'), 'NG');
    expect(continueButton()).toBeDisabled();
    await user.click(screen.getByLabelText('My country of residence is the same as my nationality'));
    expect(screen.queryByLabelText('Country of residence')).not.toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await user.click(screen.getByLabelText(/I have read and agree to the/));
    expect(continueButton()).toBeEnabled();

    await user.click(screen.getByLabelText('My country of residence is the same as my nationality'));
    expect(screen.getByLabelText('Country of residence')).toHaveValue('NG');
    await user.selectOptions(screen.getByLabelText('Country of residence'), '');
    expect(continueButton()).toBeDisabled();
  });

  test('Sign Up (its link gone with the sign-in form) puts the focus on the wizard\'s heading; Login puts it on sign-in\'s', async () => {
    const { user } = renderAuth();
    await user.click(await screen.findByRole('link', { name: 'Sign Up' }));
    await waitFor(async () => expect(await heading('Create your account')).toHaveFocus());

    await user.click(screen.getByRole('link', { name: 'Login' }));
    await waitFor(async () => expect(await heading('Welcome Back')).toHaveFocus());
  });

  test('step 1: the countries come from the server and the consent links to the privacy policy in a new tab', async () => {
    const { user } = renderAuth();
    await openSignUp(user);

    const nationality = await screen.findByLabelText('Nationality');
    expect(within(nationality).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select your nationality', 'Canada', 'Nigeria', 'Ghana',
    ]);
    const link = screen.getByRole('link', { name: /Privacy Policy/ });
    expect(link).toHaveAttribute('href', paths.privacyPolicy);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByText(/collect this information for regulatory compliance/)).toBeInTheDocument();
  });

  test('step 1: a failed country list says so', async () => {
    server.use(http.get(apiPath(endpoints.countries.path), () => new HttpResponse(null, { status: 500 })));
    const { user } = renderAuth();

    await user.click(await screen.findByRole('link', { name: 'Sign Up' }));

    expect(await screen.findByText('Failed to load countries list')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
  });

  test('step 2: a date of birth less than 18 years ago is refused', async () => {
    const { user } = renderAuth();
    await openSignUp(user);
    await fillCountries(user);
    await user.click(continueButton());
    await heading('Tell us more about you');
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('max', yearsAgo(18));

    await fillDetails(user, yearsAgo(17));
    await user.click(continueButton());

    await expectOnFormAndAsToast('You must be at least 18 years old to register');
    expect(screen.getByRole('heading', { level: 1, name: 'Tell us more about you' })).toBeInTheDocument();
  });

  test('step 2: names, date of birth and email are required', async () => {
    const { user } = renderAuth();
    await openSignUp(user);
    await fillCountries(user);
    await user.click(continueButton());
    // The new step has the focus, from its heading.
    expect(await heading('Tell us more about you')).toHaveFocus();

    await user.click(continueButton());

    expect(await screen.findByText('Please enter your first name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your last name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your date of birth')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address')).toBeInTheDocument();
    // The customer starts again at the first field the form refused.
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveFocus();
  });

  test('1 → 5 with Back and Edit Details keeping every value, and the exact sign-up payload', async () => {
    const bodies = onPost(endpoints.signUp.path, answers.signUpOk);
    const { user } = renderAuth();
    await openSignUp(user);
    await fillCountries(user);
    await user.click(continueButton());
    await heading('Tell us more about you');
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
    await fillDetails(user);
    await user.click(screen.getByLabelText('Send me news and offers by email'));

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await heading('Create your account');
    expect(screen.getByLabelText('Nationality')).toHaveValue('NG');
    await user.click(continueButton());
    await heading('Tell us more about you');
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    await user.click(continueButton());

    await heading('Review Your Details');
    expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();
    for (const text of ['Ada Obi', 'January 15, 1990', TEST_EMAIL, 'Nigeria', 'Canada']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText(/cannot be changed later without contacting support/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Details' }));
    await heading('Create your account');
    expect(screen.getByLabelText('Country of residence')).toHaveValue('CA');
    await user.click(continueButton());
    await heading('Tell us more about you');
    await user.click(continueButton());
    await heading('Review Your Details');
    await user.click(continueButton());

    await heading('Create Password');
    expect(screen.getByText('Step 4 of 4')).toBeInTheDocument();
    const createAccount = screen.getByRole('button', { name: 'Create Account' });
    expect(createAccount).toBeDisabled();
    await enter(user, 'Password', 'short');
    expect(screen.getByText('At least 8 characters')).toHaveTextContent('(not met)');
    expect(screen.getByText('One uppercase letter')).toHaveTextContent('(not met)');
    await user.clear(screen.getByLabelText('Password'));
    await fillPasswords(user);
    expect(screen.getByText('At least 8 characters')).toHaveTextContent('(met)');
    expect(screen.getByText('One uppercase letter')).toHaveTextContent('(met)');
    expect(screen.getByText('One special character (!@#$%^&*)')).toHaveTextContent('(met)');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await heading('Review Your Details');
    await user.click(continueButton());
    await heading('Create Password');
    expect(screen.getByLabelText('Password')).toHaveValue(PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Registration successful! Please check your email for verification.')).toBeInTheDocument();
    await heading('Confirm Email');
    expect(screen.queryByText(/Step \d of 4/)).not.toBeInTheDocument();
    expect(bodies).toEqual([{
      address: '',
      confirm_password: PASSWORD,
      country_of_residence: 'CA',
      date_of_birth: '15/01/1990',
      email: TEST_EMAIL,
      legal_first_name: 'Ada',
      legal_last_name: 'Obi',
      nationality: 'NG',
      password: PASSWORD,
      // The device's zone, where the server counts the age as the date picker does (not in spec §7).
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    }]);
  });

  test('an existing account that still needs verification goes to the code step with the server message', async () => {
    const message = 'User with this email already exists but is not verified. Request a new OTP to verify.';
    onPost(endpoints.signUp.path, () => refuse(message, 409));
    const { user } = renderAuth();

    await submitWizard(user);

    expect(await screen.findByText(message)).toBeInTheDocument();
    await heading('Confirm Email');
  });

  test.each([
    ['the server message', () => refuse('User with this email already exists', 409), 'User with this email already exists'],
    ['"Registration failed" without one', () => new Response(null, { status: 500 }), 'Registration failed'],
  ])('any other refusal shows %s and stays on step 4', async (_name, answer, text) => {
    onPost(endpoints.signUp.path, answer);
    const { user } = renderAuth();

    await submitWizard(user);

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Create Password' })).toBeInTheDocument();
  });

  test('the Login link returns to sign in and resets the wizard', async () => {
    const { user } = renderAuth();
    await openSignUp(user);
    await fillCountries(user);
    await user.click(continueButton());
    await heading('Tell us more about you');

    await user.click(screen.getByRole('link', { name: 'Login' }));
    await heading('Welcome Back');
    await user.click(screen.getByRole('link', { name: 'Sign Up' }));

    await heading('Create your account');
    expect(screen.getByLabelText('Nationality')).toHaveValue('');
  });

  test("the phone's Back goes one step back keeping every value, from step 1 to sign in; Login takes the wizard's entry off", async () => {
    const { user, router, store } = renderAuth();
    const back = () => act(() => void router.navigate(-1));
    await reachReview(user);

    back();
    await heading('Tell us more about you');
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Email')).toHaveValue(TEST_EMAIL);
    await waitFor(() => expect(router.state.location.state).toEqual({ authSteps: true })); // the next Back's entry
    back();
    await heading('Create your account');
    expect(screen.getByLabelText('Nationality')).toHaveValue('NG');
    back();
    await heading('Welcome Back');
    expect(store.getState().ui.tabs['auth-mode']).toBe('sign-in');
    expect(router.state.location).toMatchObject({ pathname: paths.home, state: null });

    await user.click(screen.getByRole('link', { name: 'Sign Up' }));
    await heading('Create your account');
    await waitFor(() => expect(router.state.location.state).toEqual({ authSteps: true }));
    await user.click(screen.getByRole('link', { name: 'Login' }));
    await heading('Welcome Back');
    await waitFor(() => expect(router.state.location.state).toBeNull());
  });
});

describe('sign-up step 5: confirm email', () => {
  beforeEach(() => onPost(endpoints.signUp.path, answers.signUpOk));

  test("the phone's Back goes to sign in (the account exists), not to the password step", async () => {
    const { user, router, store } = renderAuth();
    await completeWizard(user);
    act(() => void router.navigate(-1));
    await heading('Welcome Back');
    expect(store.getState().ui.steps['sign-up']).toBe(1);
    expect(router.state.location.state).toBeNull();
  });

  test('a code shorter than 6 digits is refused inline without a call', async () => {
    const bodies = onPost(emailPath('verifyEmail'), answers.verified);
    const { user } = renderAuth();
    await completeWizard(user);

    await user.keyboard('123');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Please enter a valid 6-digit PIN')).toBeInTheDocument();
    expect(codeGroup()).toHaveAccessibleDescription('Please enter a valid 6-digit PIN');
    expect(bodies).toHaveLength(0);
  });

  test('a wrong code shows the server message inline and as a toast, clears the boxes and refocuses box 1', async () => {
    const bodies = onPost(emailPath('verifyEmail'), () => refuse('Invalid or expired OTP'));
    const { user } = renderAuth();
    await completeWizard(user);

    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findAllByText('Invalid or expired OTP')).toHaveLength(2); // inline and toast
    expect(codeGroup()).toHaveAccessibleDescription('Invalid or expired OTP');
    expect(bodies).toEqual([{ otp: '123456' }]);
    for (const n of [1, 2, 3, 4, 5, 6]) expect(box(n)).toHaveValue('');
    expect(box(1)).toHaveFocus();
  });

  test('a refusal without a message says "Invalid OTP!"; a network failure "OTP confirmation failed"', async () => {
    let fail = () => new Response(null, { status: 400 });
    onPost(emailPath('verifyEmail'), () => fail());
    const { user } = renderAuth();
    await completeWizard(user);

    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findAllByText('Invalid OTP!')).toHaveLength(2);

    fail = () => Response.error();
    await user.keyboard('654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findAllByText('OTP confirmation failed')).toHaveLength(2);
  });

  test('the right code after a wrong one: the refusal toast goes, only the success is said', async () => {
    let answer = () => refuse('Invalid or expired OTP');
    onPost(emailPath('verifyEmail'), () => answer());
    const { user } = renderAuth();
    await completeWizard(user);
    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastsShown()).toContain('Invalid or expired OTP'));

    answer = answers.verified;
    await user.keyboard('654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Email verified successfully!')).toBeInTheDocument();
    await settleToasts();
    expect(toastsShown()).toEqual(['Email verified successfully!']);
  });

  test('Resend counts down the cool-down second by second from the sign-up, opens at 0, and starts again after a resend', async () => {
    const bodies = onPost(emailPath('resendOtp'), answers.otpSent);
    const { user, resend } = await onStepFiveOnJestClock();

    expect(resend).toBeDisabled();
    expect(screen.getByText(countdown(COOLDOWN_S))).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByText(countdown(COOLDOWN_S - 1))).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByText(countdown(COOLDOWN_S - 2))).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(OTP_RESEND_COOLDOWN_MS - 3000));
    expect(screen.getByText(countdown(1))).toBeInTheDocument();
    expect(resend).toBeDisabled();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText(/You can ask for a new code/)).not.toBeInTheDocument();
    expect(resend).toBeEnabled();
    expect(bodies).toHaveLength(0);

    await resendStartsTheCountAgain(user, resend, bodies);
  });

  test('a code out of tries opens Resend at once (the server sends a new one), and the new code starts the count again', async () => {
    onPost(emailPath('verifyEmail'), () => refuse('Too many attempts. Request a new OTP.', 429));
    const bodies = onPost(emailPath('resendOtp'), answers.otpSent);
    const { user, resend } = await onStepFiveOnJestClock();
    expect(resend).toBeDisabled();

    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findAllByText('Too many attempts. Request a new OTP.')).toHaveLength(2);
    expect(resend).toBeEnabled();
    expect(screen.queryByText(/You can ask for a new code/)).not.toBeInTheDocument();

    await resendStartsTheCountAgain(user, resend, bodies);
  });

  test('a failed resend shows the server message', async () => {
    onPost(emailPath('resendOtp'), () => refuse('Please wait before requesting a new OTP', 429));
    const { user } = await onStepFiveOnJestClock();
    act(() => jest.advanceTimersByTime(OTP_RESEND_COOLDOWN_MS));

    await user.click(screen.getByRole('button', { name: 'Resend' }));

    expect(await screen.findByText('Please wait before requesting a new OTP')).toBeInTheDocument();
    // No code went out: no new count.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled());
    expect(screen.queryByText(/You can ask for a new code/)).not.toBeInTheDocument();
  });

  /** The wizard done on Jest's clock, the right code confirmed: 'Email verified successfully!' shown. */
  async function verifiedOnStepFive() {
    const rendered = renderAuth(paths.home, { advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    jest.useFakeTimers();
    await completeWizard(rendered.user);
    await rendered.user.keyboard('123456');
    await rendered.user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Email verified successfully!')).toBeInTheDocument();
    return rendered;
  }

  test('an address signed up for with more than one password: verified, no sign-in offered, and Choose a password opens the reset', async () => {
    onPost(emailPath('verifyEmail'), () => HttpResponse.json({ success: true, message: 'Email verified successfully!', data: { choose_password: true } }));
    const { user, router } = await verifiedOnStepFive();
    expect(screen.getByText(
      'Your email is verified. It was used for more than one sign-up with different passwords, so none of them signs in: choose your password with "Forgot your password?".',
    )).toBeInTheDocument();
    // No trip to sign in, where no password would work.
    act(() => jest.advanceTimersByTime(5000));
    expect(router.state.location.pathname).toBe(paths.home);

    await user.click(screen.getByRole('button', { name: 'Choose a password' }));
    await heading('Reset Password');
  });

  test('the right code verifies the email, and 2 s later the user is on /login with a fresh form', async () => {
    onPost(emailPath('verifyEmail'), answers.verified);
    const { user, router } = await verifiedOnStepFive();
    act(() => jest.advanceTimersByTime(1000));
    expect(router.state.location.pathname).toBe(paths.home);

    act(() => jest.advanceTimersByTime(1000));

    expect(router.state.location.pathname).toBe(paths.login);
    await heading('Welcome Back');
    expect(screen.getByLabelText('Email')).toHaveValue(TEST_EMAIL); // filled in for signing in
    expect(screen.getByLabelText('Password')).toHaveValue('');
    await user.click(screen.getByRole('link', { name: 'Sign Up' }));
    await heading('Create your account');
    expect(screen.getByLabelText('Nationality')).toHaveValue('');
  });
});
