import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { expectToast, signIn } from './support/accounts';
import { createMoneyCustomer } from './support/money';

/**
 * Devices (spec-next §E): one customer signed in from two browsers with different User-Agents.
 * From the first, Profile > Devices lists both and signs the second out; the second's next action
 * is refused, its refresh fails, and it lands on the sign-in screen.
 */

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function browserAs(browser: Browser, baseURL: string | undefined, userAgent: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, userAgent, viewport });
  return { context, page: await context.newPage() };
}

/** Profile's Devices card, after the screen opened. */
async function devicesOf(page: Page) {
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Devices' });
  await expect(card).toBeVisible();
  return card;
}

const deviceItem = (card: ReturnType<Page['getByRole']>, name: string) =>
  card.getByRole('listitem').filter({ has: card.page().getByRole('heading', { name, level: 3 }) });

test('signing out another device: its next action lands on the sign-in screen', async ({ browser, request }, testInfo) => {
  const customer = await createMoneyCustomer(request);
  const baseURL = testInfo.project.use.baseURL;
  const contexts: BrowserContext[] = [];
  try {
    const laptop = await browserAs(browser, baseURL, WINDOWS_CHROME, { width: 1280, height: 800 });
    const phone = await browserAs(browser, baseURL, IPHONE_SAFARI, { width: 360, height: 640 });
    contexts.push(laptop.context, phone.context);
    await signIn(laptop.page, customer.email, customer.password);
    await signIn(phone.page, customer.email, customer.password);

    // The phone sees both devices, itself marked, on a 360 px screen without sideways scrolling.
    const fromPhone = await devicesOf(phone.page);
    await expect(deviceItem(fromPhone, 'Safari on iPhone')).toContainText('This device');
    await expect(deviceItem(fromPhone, 'Chrome on Windows')).toBeVisible();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await expectAccessible(phone.page);

    // The laptop signs the phone out.
    const fromLaptop = await devicesOf(laptop.page);
    const laptopItem = deviceItem(fromLaptop, 'Chrome on Windows');
    await expect(laptopItem).toContainText('This device');
    await expect(laptopItem.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    const phoneItem = deviceItem(fromLaptop, 'Safari on iPhone');
    await expect(phoneItem).toContainText('IP address127.0.0.1');
    await expect(phoneItem).not.toContainText('This device');
    await phoneItem.getByRole('button', { name: 'Sign out Safari on iPhone', exact: true }).click();
    const confirm = laptop.page.getByRole('dialog', { name: 'Sign out this device?' });
    await expect(confirm).toContainText('Safari on iPhone will be signed out.');
    await expectAccessible(laptop.page);
    await confirm.getByRole('button', { name: 'Sign out' }).click();
    await expectToast(laptop.page, 'That device has been signed out.');
    await expect(deviceItem(fromLaptop, 'Safari on iPhone')).toHaveCount(0);
    await expect(laptopItem).toBeVisible();

    // The phone still shows the app (nothing told it yet); its next action is refused and the refresh too.
    await expect(phone.page).toHaveURL(/\/profile$/);
    await phone.page.getByRole('navigation').getByRole('link', { name: 'Home', exact: true }).first().click();
    await expectToast(phone.page, 'Session expired. Please log in again.');
    await expect(phone.page).toHaveURL(/\/$/);
    await expect(phone.page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

    // The laptop carries on.
    await laptop.page.reload();
    await expect(laptop.page.getByRole('region', { name: 'Devices' })).toBeVisible();
    await expect(laptop.page).toHaveURL(/\/profile$/);
  } finally {
    for (const context of contexts) await context.close();
  }
});

test('Sign out everywhere else keeps only this device', async ({ browser, request }, testInfo) => {
  const customer = await createMoneyCustomer(request);
  const baseURL = testInfo.project.use.baseURL;
  const contexts: BrowserContext[] = [];
  try {
    const laptop = await browserAs(browser, baseURL, WINDOWS_CHROME, { width: 1280, height: 800 });
    const phone = await browserAs(browser, baseURL, IPHONE_SAFARI, { width: 390, height: 844 });
    contexts.push(laptop.context, phone.context);
    await signIn(laptop.page, customer.email, customer.password);
    await signIn(phone.page, customer.email, customer.password);

    const card = await devicesOf(laptop.page);
    await card.getByRole('button', { name: 'Sign out everywhere else' }).click();
    const confirm = laptop.page.getByRole('dialog', { name: 'Sign out everywhere else?' });
    await confirm.getByRole('button', { name: 'Sign out everywhere else' }).click();
    // The phone and the session the set-up signed in with through the API.
    await expectToast(laptop.page, 'Signed out of 2 other devices.');
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(['Chrome on WindowsThis device']);
    await expect(card.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);

    await phone.page.reload();
    await expectToast(phone.page, 'Session expired. Please log in again.');
    await expect(phone.page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  } finally {
    for (const context of contexts) await context.close();
  }
});
