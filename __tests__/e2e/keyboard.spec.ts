import { expect, test, type Page } from '@playwright/test';
import { createMoneyCustomer, openSignedIn } from './support/money';

/**
 * The keyboard's focus, as a customer who uses no mouse meets it in Chromium: it never falls to the
 * page's body when what held it goes away (a dialog that closes, a button that starts a new screen),
 * so Tab goes on from where the customer was (ui/focus-return.ts).
 */

/** What has the focus: its tag and its text (a heading's, a button's). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active === null || active === document.body ? 'BODY' : `${active.tagName} ${active.textContent?.trim() ?? ''}`;
  });

/** Presses Tab until the focus is on the control named `name` (at most 40 times). */
async function tabTo(page: Page, role: 'button' | 'link', name: string): Promise<void> {
  const target = page.getByRole(role, { name, exact: true });
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the ${role} "${name}"`);
}

test('a screen opened from a dashboard tile, and a dialog closed by Escape, leave the focus where the keyboard can go on', async ({ page, request }) => {
  const customer = await createMoneyCustomer(request, { fund: { CAD: 100 } });
  await openSignedIn(page, customer);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back!' })).toBeVisible();

  // A tile is a button that goes with the dashboard: the new screen's heading takes the focus.
  await tabTo(page, 'button', 'History');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/history$/);
  await expect.poll(() => focused(page)).toBe('H1 Transaction History');

  // Form → review → PIN, then Escape: back in the amount, where Enter opened the review.
  await page.goto('/transfer-cad');
  await page.getByLabel('Recipient name').fill('Bola Ade');
  await page.getByLabel('Recipient email').fill('bola@example.com');
  await page.getByLabel('Amount (CAD)').fill('10');
  await page.getByLabel('Amount (CAD)').press('Enter');
  const review = page.getByRole('dialog', { name: 'Review' });
  await expect(review).toBeVisible();
  await review.getByRole('button', { name: 'Continue' }).press('Enter');
  await expect(page.getByRole('dialog', { name: 'Enter Transaction PIN' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel('Amount (CAD)')).toBeFocused();
  await expect(page.getByLabel('Amount (CAD)')).toHaveValue('10');
});
