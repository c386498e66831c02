import { act, screen } from '@testing-library/react';
import { paths } from '../../../src/client/app/paths';
import { OTP_RESEND_COOLDOWN_MS } from '../../../src/shared/limits';
import { endpoints } from '../../../src/shared/endpoints';
import { setupFakeBackend, TEST_EMAIL } from '../../support/server-mock';
import { answers, emailPath, onPost, refuse } from './auth-backend';
import { renderAuth } from './render-auth';

setupFakeBackend();
afterEach(() => jest.useRealTimers());

type User = ReturnType<typeof renderAuth>['user'];

const PASSWORD = 'Newpass#1';
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const button = (name: string) => screen.getByRole('button', { name });
const link = (name: string) => screen.getByRole('link', { name });

async function enter(user: User, label: string, value: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

async function requestCode(user: User) {
  await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
  await heading('Reset Password');
  await enter(user, 'Email', TEST_EMAIL);
  await user.click(button('Continue'));
  await heading('Confirm email address');
}

describe('forgot password', () => {
  test("the phone's Back: from the code to the e-mail as typed, from there to sign in; past a verified code, to sign in", async () => {
    onPost(endpoints.forgotPassword.path, () => answers.otpSent());
    onPost(emailPath('verifyOtp'), answers.verified);
    const { user, router, store } = renderAuth();
    const back = () => act(() => void router.navigate(-1));
    await requestCode(user);

    back();
    await heading('Reset Password');
    expect(screen.getByLabelText('Email')).toHaveValue(TEST_EMAIL);
    back();
    await heading('Welcome Back');
    expect(store.getState().ui.tabs['auth-mode']).toBe('sign-in');

    await requestCode(user);
    await user.keyboard('123456');
    await user.click(button('Confirm'));
    await heading('Create Password');
    back();
    await heading('Welcome Back');
    expect(router.state.location.state).toBeNull();
  });

  test('email → code → new password → back to sign in', async () => {
    const requests = onPost(endpoints.forgotPassword.path, () => answers.otpSent());
    const checks = onPost(emailPath('verifyOtp'), answers.verified);
    const resets = onPost(emailPath('resetPassword'), () => answers.otpSent());
    const { user } = renderAuth();

    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    await heading('Reset Password');
    expect(button('Continue')).toBeDisabled();
    await enter(user, 'Email', TEST_EMAIL);
    await user.click(button('Continue'));
    expect(await screen.findByText('Password reset email sent successfully!')).toBeInTheDocument();
    expect(requests).toEqual([{ email: TEST_EMAIL }]);

    await heading('Confirm email address');
    await user.keyboard('123456');
    await user.click(button('Confirm'));
    expect(await screen.findByText('Email verified successfully!')).toBeInTheDocument();
    expect(checks).toEqual([{ otp: '123456' }]);

    // The new step has the focus (its code boxes went, and the focus with them).
    expect(await heading('Create Password')).toHaveFocus();
    expect(button('Reset Password')).toBeDisabled();
    await enter(user, 'New password', PASSWORD);
    expect(screen.getByText('One uppercase letter')).toHaveTextContent('(met)');
    await enter(user, 'Confirm password', 'Newpass#2');
    expect(button('Reset Password')).toBeDisabled();
    await user.clear(screen.getByLabelText('Confirm password'));
    await enter(user, 'Confirm password', PASSWORD);
    await user.click(button('Reset Password'));

    expect(await screen.findByText('Password reset successful! Please login with your new password.')).toBeInTheDocument();
    await heading('Welcome Back');
    expect(resets).toEqual([{ new_password: PASSWORD, confirm_password: PASSWORD, is_link: false }]);
  });

  test('a failed request shows the server message, or "Reset failed"', async () => {
    let answer: () => Response = () => refuse('Too many requests. Please try again later.', 429);
    onPost(endpoints.forgotPassword.path, () => answer());
    const { user } = renderAuth();
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    await heading('Reset Password');
    await enter(user, 'Email', TEST_EMAIL);

    await user.click(button('Continue'));
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeInTheDocument();

    answer = () => new Response(null, { status: 500 });
    await user.click(button('Continue'));
    expect(await screen.findByText('Reset failed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
  });

  test('the code must have 6 digits (a toast says so); a refused code gives "OTP confirmation failed"', async () => {
    onPost(endpoints.forgotPassword.path, () => answers.otpSent());
    const checks = onPost(emailPath('verifyOtp'), () => new Response(null, { status: 400 }));
    const { user } = renderAuth();
    await requestCode(user);

    await user.keyboard('12');
    await user.click(button('Confirm'));
    expect(await screen.findByText('Please enter a valid 6-digit PIN')).toBeInTheDocument();
    expect(checks).toHaveLength(0);

    await user.click(screen.getByRole('textbox', { name: 'Digit 3 of 6' }));
    await user.keyboard('3456');
    await user.click(button('Confirm'));
    expect(await screen.findByText('OTP confirmation failed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm email address' })).toBeInTheDocument();
  });

  test('a wrong code clears the boxes and refocuses box 1, as sign-up does', async () => {
    onPost(endpoints.forgotPassword.path, () => answers.otpSent());
    onPost(emailPath('verifyOtp'), () => refuse('Invalid OTP!'));
    const { user } = renderAuth();
    await requestCode(user);

    await user.keyboard('111111');
    await user.click(button('Confirm'));
    expect(await screen.findByText('Invalid OTP!')).toBeInTheDocument();
    for (const n of [1, 2, 3, 4, 5, 6]) expect(screen.getByRole('textbox', { name: `Digit ${n} of 6` })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus();
  });

  test('Resend waits out the cool-down from the code just sent, then sends a new code to the same address', async () => {
    onPost(endpoints.forgotPassword.path, () => answers.otpSent());
    const resends = onPost(emailPath('resendOtp'), answers.otpSent);
    const { user } = renderAuth(paths.home, { advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    jest.useFakeTimers();
    await requestCode(user);

    expect(button('Resend')).toBeDisabled();
    expect(screen.getByText(`You can ask for a new code in ${OTP_RESEND_COOLDOWN_MS / 1000} s.`)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(OTP_RESEND_COOLDOWN_MS));
    expect(screen.queryByText(/You can ask for a new code/)).not.toBeInTheDocument();
    await user.click(button('Resend'));

    expect(await screen.findByText('OTP sent successfully!')).toBeInTheDocument();
    expect(resends).toHaveLength(1);
    expect(button('Resend')).toBeDisabled();
  });

  test('a refused reset says "Reset password failed" unless the server says why', async () => {
    onPost(endpoints.forgotPassword.path, () => answers.otpSent());
    onPost(emailPath('verifyOtp'), answers.verified);
    onPost(emailPath('resetPassword'), () => new Response(null, { status: 403 }));
    const { user } = renderAuth();
    await requestCode(user);
    await user.keyboard('123456');
    await user.click(button('Confirm'));
    await heading('Create Password');
    await enter(user, 'New password', PASSWORD);
    await enter(user, 'Confirm password', PASSWORD);

    await user.click(button('Reset Password'));

    expect(await screen.findByText('Reset password failed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Create Password' })).toBeInTheDocument();
  });

  test('the Login link returns to sign in and restarts the flow', async () => {
    onPost(endpoints.forgotPassword.path, () => answers.otpSent());
    const { user } = renderAuth();
    await requestCode(user);

    await user.click(link('Login'));
    await heading('Welcome Back');
    await user.click(link('Forgot your password?'));

    await heading('Reset Password');
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });
});
