import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { outbox, signIn } from './support/accounts';
import { BVN, balanceCard, createMoneyCustomer, openFromMenu } from './support/money';

/** The exchange screen's balances and its live insufficient-balance warning, as a customer reads them. */
async function exchangeView(scope: Page | Locator) {
  await expect(scope.getByRole('heading', { name: 'Exchange', level: 1 })).toBeVisible();
  const warning = scope.getByRole('form', { name: 'Convert currency' }).getByText(/^Insufficient CAD balance/);
  await expect(warning).toBeVisible();
  return {
    warning: await warning.textContent(),
    cad: await balanceCard(scope as Page, 'CAD').textContent(),
    ngn: await balanceCard(scope as Page, 'NGN').textContent(),
  };
}

test('support replays a customer\'s diagnostics: same screen, no secret in the file, no API call', async ({ page, request, browser }) => {
  // A customer with 40 CAD signs in through the browser and asks to convert more than they have.
  const customer = await createMoneyCustomer(request, { activateNaira: true, fund: { CAD: 40, NGN: 2500 } });
  await signIn(page, customer.email, customer.password);
  await openFromMenu(page, 'Convert');
  await page.getByLabel('You send', { exact: true }).fill('125.50');
  const seen = await exchangeView(page);
  expect(seen.warning).toBe('Insufficient CAD balance. Available: 40.00 CAD');

  // Help: 'Download diagnostics', in the Help Center.
  await openFromMenu(page, 'About');
  await page.getByRole('button', { name: 'Help Center' }).click();
  await expectAccessible(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download diagnostics' }).click(),
  ]);
  const text = await readFile((await download.path())!, 'utf8');
  const file = JSON.parse(text) as { route: string; actions: unknown[]; state: { exchange: { amount: string } } };
  expect(file).toMatchObject({ route: '/about', state: { exchange: { amount: '125.50' } } });
  expect(file.actions.length).toBeGreaterThan(0);

  // None of the journey's secrets is in it.
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { access_token?: string }).access_token);
  const otps = (await outbox(request, customer.email)).map((message) => message.otp).filter(Boolean) as string[];
  expect(token).toBeTruthy();
  expect(otps.length).toBeGreaterThan(0);
  for (const secret of [customer.password, token!, customer.session.access_token, BVN, ...otps]) expect(text).not.toContain(secret);
  expect(text).not.toContain(`"${customer.pin}"`);

  // Support, in its own browser, replays the file: the same screen, with the network off.
  const supportContext = await browser.newContext();
  const support = await supportContext.newPage();
  await support.goto('/support/replay');
  const input = support.getByLabel('Diagnostics file');
  await expect(input).toBeVisible();
  const apiCalls: string[] = [];
  support.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/')) apiCalls.push(req.url());
  });
  await input.setInputFiles({ name: 'diagnostics.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(support.getByRole('status').filter({ hasText: 'Replay mode' })).toBeVisible();
  const screen = support.getByRole('region', { name: "Customer's screen" });
  expect(await exchangeView(screen)).toEqual(seen);
  await expectAccessible(support);

  // Stepping back to the start and forward to the end again.
  const status = support.getByText(/^(After action|Before action)/);
  const count = file.actions.length;
  await expect(status).toContainText(`After action ${count} of ${count}`);
  await support.getByRole('button', { name: 'Previous action' }).click();
  await expect(status).toContainText(`After action ${count - 1} of ${count}`);
  await support.getByRole('button', { name: 'Next action' }).click();
  await expect(status).toContainText(`After action ${count} of ${count}`);
  expect(await exchangeView(screen)).toEqual(seen);

  expect(apiCalls).toEqual([]);
  await supportContext.close();
});
