import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import {
  BVN,
  balanceCard,
  confirmWithPin,
  createMoneyCustomer,
  deposit,
  expectToast,
  historyRows,
  openFromMenu,
  openSignedIn,
  reviewRows,
  showHistoryOf,
  withCommas,
} from './support/money';

/** Today in the browser's time zone, as the history shows dates. */
const browserToday = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });

test.describe('wallets (issue 4)', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a CAD deposit, a conversion to NGN, and the naira wallet activated with copyable details', async ({ page, request }) => {
    const customer = await createMoneyCustomer(request);
    await deposit(request, customer.email, 'CAD', 250.75);

    // Dashboard: the exact balances.
    await openSignedIn(page, customer);
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    await expect(balanceCard(page, 'CAD')).toContainText('$250.75');
    await expect(balanceCard(page, 'NGN')).toContainText('₦0.00');
    await expectAccessible(page);
    // From here on the app is used without a page reload: a reload would drop this marker.
    await page.evaluate(() => Object.assign(window, { __noReload: true }));

    // History: the deposit.
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Transaction History' })).toBeVisible();
    const today = await browserToday(page);
    await expect(historyRows(page)).toHaveCount(1);
    const depositRow = historyRows(page).first().getByRole('cell');
    await expect(depositRow).toHaveText([today, 'DEPOSIT', '+$250.75 CAD', 'Ada Obi', 'completed']);
    await expect(depositRow.first()).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    await expectAccessible(page);

    // Exchange: part of the CAD to NGN, at the app's computed amount.
    await openFromMenu(page, 'Convert');
    await expect(page.getByRole('heading', { name: 'Exchange' })).toBeVisible();
    await expect(page.getByText(/^Rate: 1 CAD = [\d,]+\.\d{2} NGN$/)).toBeVisible();
    await page.getByLabel('You send').fill('100.50');
    const receive = page.getByLabel('You receive');
    await expect(receive).toHaveValue(/^[\d,]+\.\d{2}$/);
    expect(Number((await receive.inputValue()).replace(/,/g, ''))).toBeGreaterThan(0);
    await expectAccessible(page);
    // Convert asks the server for a quote and reviews it before anything moves (spec-next §A).
    const [quoted] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/api/quotes') && res.request().method() === 'POST'),
      page.getByRole('button', { name: 'Convert', exact: true }).click(),
    ]);
    const quote = (await quoted.json()).data as { send_amount: string; receive_amount: string; rate: string; margin_percent: string; fee: string };
    expect(quote.send_amount).toBe('100.50');
    const review = await reviewRows(page);
    expect(review['You send']).toBe('$100.50');
    expect(review.Fee).toBe(`$${quote.fee}`);
    expect(review.Rate).toBe(`1 CAD = ${withCommas(quote.rate)} NGN`);
    expect(review['Our margin']).toContain(`${quote.margin_percent}% of the mid-market rate`);
    expect(review['You receive']).toBe(`₦${withCommas(quote.receive_amount)}`);
    await expectAccessible(page);
    // Continue goes on to the customer's transaction PIN (spec §6, spec-next §A: form → review → PIN → result).
    await page.getByRole('dialog', { name: 'Review' }).getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('dialog', { name: 'Enter Transaction PIN' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Review' })).toBeHidden();
    await expectAccessible(page);
    // A wrong PIN is refused with the server's message; the PIN step stays for another try and nothing moves.
    const wrong = customer.pin === '0000' ? '1111' : '0000';
    const [refused] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/api/wallet/currency-conversion')),
      confirmWithPin(page, wrong),
    ]);
    expect(refused.status()).toBe(400);
    expect(refused.request().postDataJSON()).toMatchObject({ transaction_pin: wrong });
    await expectToast(page, 'Incorrect transaction PIN. 4 attempts left.');
    await expect(page.getByRole('dialog', { name: 'Enter Transaction PIN' })).toBeVisible();
    await expect(balanceCard(page, 'CAD')).toContainText('$250.75');
    // The customer's PIN converts.
    const [converted] = await Promise.all([
      page.waitForRequest((req) => req.url().endsWith('/api/wallet/currency-conversion')),
      confirmWithPin(page, customer.pin),
    ]);
    expect(converted.postDataJSON()).toMatchObject({ amount: '100.50', transaction_pin: customer.pin });
    await expectToast(page, 'Successfully converted CAD 100.50 to NGN');
    await expect(page.getByRole('dialog', { name: 'Enter Transaction PIN' })).toBeHidden();
    // What arrives is the quote's amount, to the kobo: the result says so, at the quote's rate.
    const ngnAmount = quote.receive_amount;
    const ngnShown = `₦${withCommas(ngnAmount)}`;
    const result = page.getByRole('dialog', { name: 'Transaction Receipt' });
    await expect(result).toContainText('$100.50');
    await expect(result).toContainText(ngnShown);
    await expect(result).toContainText('Completed');
    await result.getByRole('button', { name: 'Done' }).click();
    await expect(result).toBeHidden();
    await expect(balanceCard(page, 'CAD')).toContainText('$150.25');
    await expect(balanceCard(page, 'NGN')).toContainText(ngnShown);

    // Dashboard: both balances changed, the NGN one to the kobo.
    await openFromMenu(page, 'Home');
    await expect(balanceCard(page, 'CAD').getByText('$150.25', { exact: true })).toBeVisible();
    await expect(balanceCard(page, 'NGN').getByText(ngnShown, { exact: true })).toBeVisible();

    // History: the conversion in both currencies.
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await expect(historyRows(page)).toHaveCount(2);
    await expect(historyRows(page).first().getByRole('cell')).toHaveText([today, 'WITHDRAWAL', '-$100.50 CAD', /.*/, 'completed']);
    await showHistoryOf(page, 'NGN');
    await expect(historyRows(page)).toHaveCount(1);
    await expect(historyRows(page).first().getByRole('cell')).toHaveText([today, 'DEPOSIT', `+${ngnShown} NGN`, /.*/, 'completed']);
    await expectAccessible(page);

    // Add money: the CAD deposit e-mail copies; the naira wallet is activated with a BVN.
    await openFromMenu(page, 'Account');
    await expect(page.getByRole('heading', { name: 'Account Details for CAD Deposits' })).toBeVisible();
    const depositEmail = await page.getByRole('textbox', { name: 'Deposit email', exact: true }).inputValue();
    expect(depositEmail).toContain('@');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Copy deposit email' }).click();
    await expectToast(page, 'Copied to clipboard!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(depositEmail);

    await page.getByRole('tab', { name: 'NGN' }).click();
    await expect(page.getByRole('heading', { name: 'Account Details for NGN Deposits' })).toBeVisible();
    await expect(page.getByText('Your Naira wallet needs to be activated before you can receive payments.')).toBeVisible();
    await page.getByRole('button', { name: 'Activate Wallet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Activate Naira Wallet' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Gender').selectOption('female');
    await dialog.getByLabel('BVN').fill(BVN);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Activate Wallet' }).click();
    await expectToast(page, 'Wallet activated successfully!');
    await expect(dialog).toBeHidden();

    const accountNumber = page.getByRole('textbox', { name: 'Account number', exact: true });
    await expect(accountNumber).toHaveValue(/^\d{10}$/);
    await expect(page.getByRole('textbox', { name: 'Account name', exact: true })).toHaveValue('Ada Obi');
    await expect(page.getByRole('textbox', { name: 'Bank name', exact: true })).not.toHaveValue('');
    await expect(page.getByText('Your Naira wallet needs to be activated before you can receive payments.')).toBeHidden();
    await expectAccessible(page);
    for (const field of ['bank name', 'account name', 'account number']) {
      await expect(page.getByRole('button', { name: `Copy ${field}` })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Copy account number' }).click();
    await expectToast(page, 'Copied to clipboard!');
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await accountNumber.inputValue());

    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  });
});
