import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { expectToast, signIn } from './support/accounts';
import { createAccount } from './support/money';

const REVIEWING = "We're reviewing your ID and we will send you an email as soon as we are done.";
const provider = (page: import('@playwright/test').Page) => page.frameLocator('iframe[title="Identity verification"]');

test.describe('identity checks: a decline, a new check, the standalone screen', () => {
  test('a declined check says so and what to do next; a new check is approved', async ({ page, request }) => {
    // Signed up through the API (the sign-up wizard is the accounts journey's), signed in here.
    const customer = await createAccount(request);
    await signIn(page, customer.email, customer.password);
    await page.goto('/verification');

    await page.getByRole('button', { name: 'Verify Identity' }).click();
    await provider(page).getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByText(REVIEWING)).toBeVisible();
    // The next poll (every 5 s) brings the decline: the notice replaces the review message.
    const notice = page.getByRole('alert').filter({ hasText: 'Identity not approved' });
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expect(notice).toContainText('Start a new check with a clear photo of a valid, unexpired ID document');
    await expect(page.getByText(REVIEWING)).toBeHidden();
    await expect(notice.getByRole('link', { name: 'Contact support in the Help Center' })).toHaveAttribute('href', '/about');
    await expectAccessible(page);

    // A reload still tells of the decline (GET /auth/user identity_status), on a phone too.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'Identity not approved' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Start a new check' }).click();
    await expect(page.getByRole('dialog', { name: 'Identity verification' })).toBeVisible();
    await expect(page.getByText('Identity not approved')).toBeHidden();
    await provider(page).getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Identity verification completed successfully!');
    await expect(page.getByRole('button', { name: /Verify Identity|Start a new check/ })).toBeHidden();
  });

  test("a signed-in person's check on the standalone screen verifies their account", async ({ page, request }) => {
    const customer = await createAccount(request, { firstName: 'Kemi', lastName: 'Adeyemi' });
    await signIn(page, customer.email, customer.password);

    await page.goto('/identity-verification');
    await expect(page.getByText(`Signed in as ${customer.email}: this check is for your account.`)).toBeVisible();
    await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Kemi');
    await expect(page.getByLabel('Last name', { exact: true })).toHaveValue('Adeyemi');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Start Verification' }).click();
    await provider(page).getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText(REVIEWING)).toBeVisible();

    await page.goto('/verification');
    await expect(page.getByRole('heading', { name: 'Identity Verification' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Verify Identity' })).toBeHidden();
  });
});
