import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';

test.describe('foundation', () => {
  test('the landing screen shows the sign-in form', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expectAccessible(page);
  });

  test('an unknown path lands on /', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  test('a guarded path without a session lands on /', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expectAccessible(page);
  });

  test.describe('before the app\'s script has run', () => {
    test.use({ javaScriptEnabled: false });

    test('/ shows the sign-in form, and submitting it sends nothing and leaves the address alone', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
      await page.getByLabel('Email', { exact: true }).fill('someone@example.com');
      await page.getByLabel('Password', { exact: true }).fill('Secret#2025');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await expect(page).toHaveURL(/\/$/);
      expect(page.url()).not.toContain('Secret');
    });

    test('another path shows no sign-in form', async ({ page }) => {
      await page.goto('/dashboard');
      await expect(page.locator('#root')).toBeEmpty();
    });
  });

  test('the API answers on the same origin', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.ok()).toBe(true);
    expect(await res.json()).toEqual({ success: true, message: 'The server and its database are up', status: 'ok', db: 'ok' });
  });
});
