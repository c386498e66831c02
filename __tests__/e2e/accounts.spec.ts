import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import {
  expectToast,
  fillSignUpDetails,
  newCustomer,
  readOtp,
  setPinThroughUi,
  signIn,
  startSignUpThroughUi,
  typeCode,
  verifyIdentityThroughUi,
  verifyPhoneThroughUi,
} from './support/accounts';

test.describe('accounts: sign-up, verification and the menu', () => {
  test('a new customer signs up, signs in, verifies phone and identity, sets a PIN and opens every screen', async ({ page, request }) => {
    test.slow(); // the whole of issue 3's main journey, with axe on every screen
    const customer = newCustomer({ firstName: 'Chiamaka', lastName: 'Eze', dateOfBirth: '1991-03-07', nationality: 'CA' });

    await page.goto('/');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Sign Up' }).click();

    // Step 1: countries come from the server, Canada and Nigeria first.
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    const nationality = page.getByLabel('Nationality', { exact: true });
    await expect(nationality).toBeEnabled();
    await expect(nationality.locator('option').nth(1)).toHaveAttribute('value', 'CA');
    await expect(nationality.locator('option').nth(2)).toHaveAttribute('value', 'NG');
    expect(await nationality.locator('option').count()).toBeGreaterThan(100);
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await nationality.selectOption(customer.nationality);
    const residence = page.getByLabel('Country of residence', { exact: true });
    await expect(residence).toBeVisible();
    await page.getByLabel('My country of residence is the same as my nationality', { exact: true }).check();
    await expect(residence).toBeHidden();
    await expect(continueButton).toBeDisabled();
    const privacyLink = page.getByRole('link', { name: /Privacy Policy/ });
    await expect(privacyLink).toHaveAttribute('href', '/privacy-policy');
    await expect(privacyLink).toHaveAttribute('target', '_blank');
    await page.getByRole('checkbox', { name: /I have read and agree to the Privacy Policy/ }).check();
    await expect(page.getByText(/We collect this information for regulatory compliance/)).toBeVisible();
    await expectAccessible(page);
    await continueButton.click();

    // Step 2: details.
    await expect(page.getByRole('heading', { name: 'Tell us more about you' })).toBeVisible();
    await page.getByLabel('First name', { exact: true }).fill(customer.firstName);
    await page.getByLabel('Last name', { exact: true }).fill(customer.lastName);
    await page.getByLabel('Date of birth', { exact: true }).fill(customer.dateOfBirth);
    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByLabel('Send me news and offers by email', { exact: true }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 3: review, the date of birth in long US format.
    await expect(page.getByRole('heading', { name: 'Review Your Details' })).toBeVisible();
    await expect(page.getByText('Chiamaka Eze', { exact: true })).toBeVisible();
    await expect(page.getByText('March 7, 1991', { exact: true })).toBeVisible();
    await expect(page.getByText(customer.email, { exact: true })).toBeVisible();
    await expect(page.getByText('Canada', { exact: true })).toHaveCount(2);
    await expect(page.getByRole('note')).toContainText('cannot be changed later without contacting support');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 4: password with the live checklist.
    await expect(page.getByRole('heading', { name: 'Create Password' })).toBeVisible();
    const checklist = page.getByRole('list', { name: 'Password requirements' });
    await expect(checklist.getByRole('listitem')).toHaveCount(3);
    await expect(checklist.getByText('(not met)')).toHaveCount(3);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret');
    await expect(checklist.getByText('(not met)')).toHaveCount(3);
    await password.fill('Secret12');
    await expect(checklist.getByText('(met)', { exact: false })).toHaveCount(2);
    await password.fill(customer.password);
    await expect(checklist.getByText('(not met)')).toHaveCount(0);
    await page.getByLabel('Confirm password', { exact: true }).fill(customer.password);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create Account' }).click();

    // Step 5: the code from the outbox, typed into the six boxes; /login follows after 2 s.
    await expect(page.getByRole('heading', { name: 'Confirm Email' })).toBeVisible();
    await expect(page.getByLabel(/^Digit \d of 6$/)).toHaveCount(6);
    await typeCode(page, page, await readOtp(request, customer.email));
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Email verified successfully!');
    await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

    await signIn(page, customer.email, customer.password);
    await expectAccessible(page);

    // Not verified yet: a gated menu item and a gated tile open the reminder.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Convert' }).click();
    const reminder = page.getByRole('dialog', { name: 'Verification required' });
    await expect(reminder).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectAccessible(page);
    await reminder.getByRole('button', { name: 'Not now' }).click();
    await expect(reminder).toBeHidden();
    await page.getByRole('button', { name: 'History' }).click();
    await expect(reminder).toBeVisible();
    await reminder.getByRole('button', { name: 'Verify now' }).click();
    await expect(page).toHaveURL(/\/verification$/);
    await expectAccessible(page);

    await verifyPhoneThroughUi(page, request, { a11y: true });
    await verifyIdentityThroughUi(page, { a11y: true });
    await expectAccessible(page);

    // Verified, no PIN yet: the tile opens the set-PIN dialog.
    await menu.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await setPinThroughUi(page, '4826', { a11y: true });

    // Every menu item opens its screen now.
    const screens: [string, RegExp][] = [
      ['Convert', /\/exchange$/],
      ['Account', /\/add-money$/],
      ['Profile', /\/profile$/],
      ['About', /\/about$/],
      ['Home', /\/dashboard$/],
    ];
    for (const [label, url] of screens) {
      await menu.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectAccessible(page);
    }
    await page.getByRole('button', { name: 'History' }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expectAccessible(page);
  });

  test.describe("on a phone, the browser's Back", () => {
    test.use({ viewport: { width: 360, height: 640 } });

    test('goes one sign-up step back at a time, keeping what was typed, and from step 1 to sign-in', async ({ page }) => {
      const customer = newCustomer({ firstName: 'Ngozi', lastName: 'Okafor', dateOfBirth: '1988-11-02', nationality: 'NG' });
      await fillSignUpDetails(page, customer);

      await page.goBack();
      await expect(page.getByRole('heading', { name: 'Tell us more about you' })).toBeVisible();
      await expect(page.getByText('Step 2 of 4')).toBeVisible();
      await expect(page.getByLabel('First name', { exact: true })).toHaveValue(customer.firstName);
      await expect(page.getByLabel('Last name', { exact: true })).toHaveValue(customer.lastName);
      await expect(page.getByLabel('Date of birth', { exact: true })).toHaveValue(customer.dateOfBirth);
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(customer.email);
      // Forward does not skip ahead again: the step stays.
      await page.goForward();
      await expect(page.getByRole('heading', { name: 'Tell us more about you' })).toBeVisible();

      await page.goBack();
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await expect(page.getByLabel('Nationality', { exact: true })).toHaveValue('NG');
      await expect(page.getByRole('checkbox', { name: /I have read and agree to the Privacy Policy/ })).toBeChecked();

      // The in-app Back too is one step: then the browser's Back from step 1 goes to sign-in.
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    });

    test('from the code step (the account exists) goes to sign-in, not to the password step', async ({ page }) => {
      await startSignUpThroughUi(page);
      await page.goBack();
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Create Password' })).toBeHidden();
      await expect(page).toHaveURL(/\/$/);
    });
  });
});
