import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { balanceCard, confirmWithPin, createMoneyCustomer, expectToast, historyRows, openFromMenu, openSignedIn, showHistoryOf } from './support/money';

/** No sideways scrolling: the page is no wider than the phone's screen. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test.describe('paying an electricity bill (issue 16)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('on a phone, from the dashboard\'s Electricity tile: "hydro" finds the hydro company, the bill is paid from the CAD wallet', async ({ page, request }) => {
    const customer = await createMoneyCustomer(request, { fund: { CAD: 200 } });
    await openSignedIn(page, customer);
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();

    await page.getByRole('button', { name: 'Electricity', exact: true }).click();
    await expect(page).toHaveURL(/\/bill-payment\?category=electricity$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pay Electricity Bill' })).toBeVisible();
    const balance = balanceCard(page, 'CAD', 'CAD Balance');
    await expect(balance).toContainText('$200.00');
    const search = page.getByPlaceholder('Search for Electricity');

    // What customers type: a disco's abbreviation, the word for the bill.
    await search.fill('EKEDC');
    await expect(page.getByRole('button', { name: 'Eko Electricity Distribution Company (EKEDC)', exact: true })).toBeVisible();
    await search.fill('zzz no such company');
    await expect(page.getByText('No biller found')).toBeVisible();
    await search.fill('hydro');
    const payees = page.getByRole('list', { name: 'Payees' });
    await expect(payees.getByRole('button', { name: 'Toronto Hydro', exact: true })).toBeVisible();
    await expect(payees.getByRole('button', { name: 'BC Hydro', exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await payees.getByRole('button', { name: 'Toronto Hydro', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Toronto Hydro' })).toBeVisible();
    await page.getByLabel('Amount (CAD)').fill('85.40');
    await page.getByLabel('Payee account number').fill('4417 2290 0315');
    await page.getByLabel('Description').fill('March hydro');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await confirmWithPin(page, customer.pin);

    await expectToast(page, 'Payment made successfully');
    const success = page.getByRole('dialog', { name: 'Payment Successful' });
    await expect(success).toBeVisible();
    await expect(success.locator('dd')).toHaveText(['$85.40', '$0.00', 'Toronto Hydro', 'March hydro', 'Completed', /\S+/]);
    await expectAccessible(page);
    await success.getByRole('button', { name: 'Done' }).click();
    await expect(balance).toContainText('$114.60');

    // The payment is in the CAD history, and the dashboard's balance agrees.
    await openFromMenu(page, 'Home');
    await expect(balanceCard(page, 'CAD')).toContainText('$114.60');
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await showHistoryOf(page, 'CAD');
    const cells = historyRows(page).first().getByRole('cell');
    await expect(cells.nth(2)).toHaveText('-$85.40 CAD');
    await expect(cells.nth(3)).toHaveText('Toronto Hydro');
    await expect(cells.last()).toHaveText('completed');
  });

  test('a double click on Continue opens the review, and a double click on its Continue the PIN: no step is skipped or closed by the second click', async ({ page, request }) => {
    const customer = await createMoneyCustomer(request, { fund: { CAD: 200 } });
    await openSignedIn(page, customer, '/bill-payment?category=electricity');
    await page.getByPlaceholder('Search for Electricity').fill('hydro');
    await page.getByRole('list', { name: 'Payees' }).getByRole('button', { name: 'Toronto Hydro', exact: true }).click();
    await page.getByLabel('Amount (CAD)').fill('10.00');
    await page.getByLabel('Payee account number').fill('4417 2290 0315');
    await page.getByLabel('Description').fill('March hydro');

    // The review's Continue sits where the form's was: the second click of the double click lands on it.
    await page.getByRole('button', { name: 'Continue' }).dblclick();
    const review = page.getByRole('dialog', { name: 'Review' });
    const pin = page.getByRole('dialog', { name: 'Enter Transaction PIN' });
    await expect(review).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(review).toBeVisible();
    await expect(pin).toBeHidden();

    await review.getByRole('button', { name: 'Continue' }).dblclick();
    await expect(pin).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(pin).toBeVisible();
    await confirmWithPin(page, customer.pin);
    await expectToast(page, 'Payment made successfully');
    await expect(balanceCard(page, 'CAD', 'CAD Balance')).toContainText('$190.00');
  });
});
