import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { expectToast, outboxCount, readOtp, signIn, signUpThroughUi, startSignUpThroughUi, typeCode } from './support/accounts';

/** The page fits the viewport's width: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.content).toBeLessThanOrEqual(widths.viewport);
}

test.describe('sign-in with an e-mail not verified yet', () => {
  test('sign up without verifying, sign in, enter the code from the e-mail on the sign-in screen, land on the dashboard', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const customer = await startSignUpThroughUi(page);
    // Step 5 counts down to the resend cool-down.
    await expect(page.getByText(/^You can ask for a new code in \d+ s\.$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend' })).toBeDisabled();
    const sentAtSignUp = await outboxCount(request, customer.email);
    expect(sentAtSignUp).toBe(1);

    // Leave without verifying, then sign in.
    await page.getByRole('link', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expectToast(page, 'Please verify your email address to continue.');
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    // The sign-up code went out less than a minute ago: the server sends no other one yet, and the
    // screen does not claim it did; it asks for the latest code and counts down to Resend.
    await expect(page.getByText(`Enter the 6-digit code from our latest email to ${customer.email}, or choose Resend for a new one.`)).toBeVisible();
    await expect(page.getByText(/^You can ask for a new code in \d+ s\.$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend' })).toBeDisabled();
    expect(await outboxCount(request, customer.email)).toBe(sentAtSignUp);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);

    await typeCode(page, page, await readOtp(request, customer.email));
    await page.getByRole('button', { name: 'Confirm' }).click();

    await expectToast(page, 'Email verified successfully!');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();

    // Signed in, '/' and '/login' lead to the dashboard.
    for (const path of ['/', '/login']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    }
  });

  test('after verifying at sign-up, /login has the e-mail filled in', async ({ page, request }) => {
    const customer = await signUpThroughUi(page, request);

    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(customer.email);
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('an address signed up for twice with different passwords', () => {
  test("a stranger signs up after the customer, with the customer's own name: the customer's code verifies the address, no password signs in, and the customer chooses one", async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const customer = await startSignUpThroughUi(page);
    const stranger = await request.post('/api/auth/sign-up', {
      data: {
        email: customer.email,
        legal_first_name: customer.firstName,
        legal_last_name: customer.lastName,
        date_of_birth: '15/05/1990',
        nationality: customer.nationality,
        country_of_residence: customer.nationality,
        address: '',
        password: 'Stranger#99',
        confirm_password: 'Stranger#99',
      },
    });
    expect(stranger.status()).toBe(409);

    // The newest code in the mailbox is the stranger's sign-up's; the customer cannot tell.
    await typeCode(page, page, await readOtp(request, customer.email));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Email verified successfully!');
    await expect(page.getByText(
      'Your email is verified. It was used for more than one sign-up with different passwords, so none of them signs in: choose your password with "Forgot your password?".',
    )).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);

    await page.getByRole('button', { name: 'Choose a password' }).click();
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    const before = await outboxCount(request, customer.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectToast(page, 'Password reset email sent successfully!');
    await typeCode(page, page, await readOtp(request, customer.email, before));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const chosen = 'Chosen#2026';
    await page.getByLabel('New password', { exact: true }).fill(chosen);
    await page.getByLabel('Confirm password', { exact: true }).fill(chosen);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Password reset successful! Please login with your new password.');

    for (const password of [customer.password, 'Stranger#99']) {
      const login = await request.post('/api/auth/login', { data: { email: customer.email, password, method: 'EMAIL' } });
      expect(login.status()).toBe(401);
    }
    await signIn(page, customer.email, chosen);
  });
});
