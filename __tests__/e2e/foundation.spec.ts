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

  test('the API answers on the same origin', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.ok()).toBe(true);
    expect(await res.json()).toEqual({ status: 'ok', db: 'ok' });
  });
});
