import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import {
  PASSWORD,
  balanceCard,
  confirmWithPin,
  reviewRows,
  createMoneyCustomer,
  expectToast,
  historyRows,
  openFromMenu,
  openSignedIn,
  releasePayouts,
  showHistoryOf,
  withoutWebShare,
} from './support/money';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The receipt dialog with its rows (label → value). */
async function receiptRows(page: Page): Promise<Record<string, string>> {
  const receipt = page.getByRole('dialog', { name: 'Transaction Receipt' });
  await expect(receipt).toBeVisible();
  const labels = await receipt.locator('dt').allInnerTexts();
  const values = await receipt.locator('dd').allInnerTexts();
  return Object.fromEntries(labels.map((label, index) => [label, values[index]]));
}

/** The first history row's cells: date, type, amount, details, status. */
const firstRowCells = (page: Page) => historyRows(page).first().getByRole('cell');

test.describe('sending money (issue 5)', () => {
  test('A sends CAD and NGN to B by e-mail; B signs in and sees both credits', async ({ page, request, browser, baseURL }) => {
    test.slow(); // two customers and two browser sessions
    const [a, b] = await Promise.all([
      createMoneyCustomer(request, { activateNaira: true, fund: { CAD: 300, NGN: 50_000 } }),
      createMoneyCustomer(request, { firstName: 'Bola', lastName: 'Ade', activateNaira: true }),
    ]);
    await openSignedIn(page, a);
    await page.getByRole('button', { name: 'Send to a Kudi user' }).click();
    await expect(page.getByRole('heading', { name: 'Send to a Kudi user' })).toBeVisible();

    // CAD: the recipient is checked as the e-mail is typed; an unknown one is refused first.
    const cadForm = page.getByRole('form', { name: 'Send CAD' });
    await cadForm.getByLabel('Recipient email').fill('nobody-here@example.com');
    await expect(cadForm.getByText('User not found')).toBeVisible();
    await expectToast(page, 'User does not exist');
    await cadForm.getByLabel('Recipient email').fill(b.email);
    await expect(cadForm.getByRole('status')).toHaveText('Recipient: Bola Ade');
    await cadForm.getByLabel('Amount (CAD)').fill('25.50');
    await expectAccessible(page);
    await cadForm.getByRole('button', { name: 'Send' }).click();
    // The review before the PIN (spec-next §A): every cost, the recipient, when it arrives.
    expect(await reviewRows(page)).toEqual({
      Recipient: 'Bola Ade',
      'Recipient email': b.email,
      Amount: '$25.50',
      Fee: '$0.00',
      'Total from your wallet': '$25.50',
      'Recipient gets': '$25.50',
      Arrives: 'Instantly',
    });
    await expectAccessible(page);
    // The phone's Back closes the review and keeps what was typed, on the same screen.
    await page.goBack();
    await expect(page.getByRole('dialog', { name: 'Review' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/transfer-kudi$/);
    await expect(cadForm.getByLabel('Amount (CAD)')).toHaveValue('25.50');
    await expect(cadForm.getByRole('status')).toHaveText('Recipient: Bola Ade');
    await cadForm.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('dialog', { name: 'Review' })).toBeVisible();
    await confirmWithPin(page, a.pin);
    await expectToast(page, 'Transaction completed successfully!');
    const cadReceipt = await receiptRows(page);
    expect(cadReceipt).toMatchObject({ Amount: '$25.50', Recipient: 'Bola Ade' });
    expect(cadReceipt['Transaction reference']).toMatch(/\S+/);
    expect(cadReceipt.Date).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M$/);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(balanceCard(page, 'CAD')).toContainText('$274.50');

    // NGN, on the other tab.
    await page.getByRole('tab', { name: 'NGN' }).click();
    const ngnForm = page.getByRole('form', { name: 'Send NGN' });
    await ngnForm.getByLabel('Recipient email').fill(b.email);
    await expect(ngnForm.getByRole('status')).toHaveText('Recipient: Bola Ade');
    await ngnForm.getByLabel('Amount (NGN)').fill('1234.56');
    await ngnForm.getByRole('button', { name: 'Send' }).click();
    await confirmWithPin(page, a.pin);
    const ngnReceipt = await receiptRows(page);
    expect(ngnReceipt).toMatchObject({ Amount: '₦1,234.56', 'Sent to': 'Bola Ade' });
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(balanceCard(page, 'NGN')).toContainText('₦48,765.44');

    // B signs in (own browser context) and finds both credits.
    const context = await browser.newContext({ baseURL });
    try {
      const pageB = await context.newPage();
      await pageB.goto('/');
      await pageB.getByLabel('Email').fill(b.email);
      await pageB.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await pageB.getByRole('button', { name: 'Sign In' }).click();
      await expect(pageB).toHaveURL(/\/dashboard$/);
      await expect(balanceCard(pageB, 'CAD')).toContainText('$25.50');
      await expect(balanceCard(pageB, 'NGN')).toContainText('₦1,234.56');
      await pageB.getByRole('button', { name: 'History', exact: true }).click();
      // spec-next §C: money received from another user is money in, green with a plus (no longer a red minus).
      await expect(firstRowCells(pageB)).toHaveText([/^\d{4}-\d{2}-\d{2}$/, 'WALLET TRANSACTION', '+$25.50 CAD', 'Ada Obi', 'completed']);
      await expect(firstRowCells(pageB).nth(2).locator('span')).toHaveCSS('color', 'rgb(20, 108, 46)');
      await showHistoryOf(pageB, 'NGN');
      await expect(firstRowCells(pageB)).toHaveText([/^\d{4}-\d{2}-\d{2}$/, 'WALLET TRANSACTION', '+₦1,234.56 NGN', 'Ada Obi', 'completed']);
      await expectAccessible(pageB);
    } finally {
      await context.close();
    }
  });

  test('A sends NGN to a bank account, downloads the receipt as a PNG; the payout goes from pending to completed', async ({ page, request }) => {
    await withoutWebShare(page);
    const a = await createMoneyCustomer(request, { activateNaira: true, fund: { NGN: 50_000 } });
    // A second tab of the same session waits on the history (CAD shown first), to catch the payout pending.
    const history = await page.context().newPage();
    await openSignedIn(history, a, '/history');
    await expect(history.getByRole('heading', { name: 'Transaction History' })).toBeVisible();
    await history.getByRole('button', { name: 'Filters' }).click();
    await page.bringToFront();
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Send Money' }).click();
    const choose = page.getByRole('dialog', { name: 'Select Currency' });
    await expect(choose).toBeVisible();
    await expectAccessible(page);
    await choose.getByRole('button', { name: /Send NGN/ }).click();
    await expect(page).toHaveURL(/\/transfer-naira$/);

    // The searchable bank picker, then a seeded account that the name enquiry knows.
    const bank = page.getByRole('combobox', { name: 'Bank' });
    await bank.fill('zzz-no-bank');
    await expect(page.getByText('No banks found')).toBeVisible();
    await bank.fill('guaranty');
    await page.getByRole('option', { name: 'Guaranty Trust Bank (GTBank)' }).click();
    await expect(bank).toHaveValue('Guaranty Trust Bank (GTBank)');
    await page.getByLabel('Recipient account number').fill('0194743380');
    await expect(page.getByLabel('Recipient account name')).toHaveValue('Ngozi Eze');
    await page.getByLabel('Amount (NGN)').fill('2500');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    expect(await reviewRows(page)).toEqual({
      Recipient: 'Ngozi Eze',
      Bank: 'Guaranty Trust Bank (GTBank)',
      'Account number': '0194743380',
      Amount: '₦2,500.00',
      Fee: '₦0.00',
      'Total from your wallet': '₦2,500.00',
      'Recipient gets': '₦2,500.00',
      Arrives: 'Usually within minutes',
    });
    await confirmWithPin(page, a.pin);
    // spec-next §C: the payout is pending until the rail answers; the result says it is on its way, not completed.
    await expectToast(page, /^On its way\./);
    await expect(page.locator('.Toastify').getByText('Transaction completed successfully!')).toHaveCount(0);
    const receipt = await receiptRows(page);
    expect(receipt).toMatchObject({
      Amount: '₦2,500.00',
      Fee: '₦0.00',
      'Account name': 'Ngozi Eze',
      Bank: 'Guaranty Trust Bank (GTBank)',
      'Account number': '0194743380',
      Status: 'On its way',
    });
    expect(receipt['Transaction reference']).toMatch(/\S+/);

    // Meanwhile the history (the other tab) shows the payout pending, then completed.
    await showHistoryOf(history, 'NGN');
    await expect(firstRowCells(history)).toHaveText([/^\d{4}-\d{2}-\d{2}$/, 'WITHDRAWAL', '-₦2,500.00 NGN', 'Ngozi Eze', 'pending']);

    // The receipt is saved as a PNG.
    await page.bringToFront();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Share Receipt' }).click()]);
    expect(download.suggestedFilename()).toBe('kudi-receipt.png');
    const file = await readFile(await download.path());
    expect(file.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(file.length).toBeGreaterThan(5 * 1024);
    await expectToast(page, 'Receipt shared successfully!');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(balanceCard(page, 'NGN', 'Current Balance')).toContainText('₦47,500.00');

    // The payout rail settles it; the history follows without a reload.
    await releasePayouts(request, a.email);
    await history.bringToFront();
    await expect(firstRowCells(history).last()).toHaveText('completed', { timeout: 20_000 });
    await expectAccessible(history);
  });

  test('an Interac e-Transfer the recipient bank declines gives the money back', async ({ page, request }) => {
    const a = await createMoneyCustomer(request, { fund: { CAD: 200 } });
    await openSignedIn(page, a, '/transfer-cad');
    await expect(page.getByRole('heading', { name: 'Send CAD' })).toBeVisible();
    await expect(balanceCard(page, 'CAD', 'Current Balance')).toContainText('$200.00');
    await page.getByLabel('Recipient name').fill('Jane Doe');
    await page.getByLabel('Recipient email').fill('jane.fail@example.com');
    await page.getByLabel('Amount (CAD)').fill('75.25');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    expect(await reviewRows(page)).toEqual({
      Recipient: 'Jane Doe',
      'Recipient email': 'jane.fail@example.com',
      Amount: '$75.25',
      Fee: '$0.00',
      'Total from your wallet': '$75.25',
      'Recipient gets': '$75.25',
      Arrives: 'Usually within minutes',
    });
    await confirmWithPin(page, a.pin);
    expect(await receiptRows(page)).toMatchObject({ Amount: '$75.25', Recipient: 'Jane Doe' });
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(balanceCard(page, 'CAD', 'Current Balance')).toContainText('$124.75');

    // History: pending until the rail answers, then failed; the balance is whole again.
    await openFromMenu(page, 'Home');
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await expect(firstRowCells(page).nth(1)).toHaveText('WITHDRAWAL');
    await expect(firstRowCells(page).nth(2)).toHaveText('-$75.25 CAD');
    await expect(firstRowCells(page).nth(3)).toHaveText('Jane Doe');
    await expect(firstRowCells(page).last()).toHaveText('pending');
    await releasePayouts(request, a.email);
    // Failed, and its money back in the wallet (spec-next §C: the item says so).
    await expect(firstRowCells(page).last()).toHaveText('failed Refunded', { timeout: 20_000 });
    await expectAccessible(page);
    await openFromMenu(page, 'Home');
    await expect(balanceCard(page, 'CAD')).toContainText('$200.00');
  });

  test('a school fee is paid from the CAD wallet', async ({ page, request }) => {
    const a = await createMoneyCustomer(request, { fund: { CAD: 500 } });
    await openSignedIn(page, a);
    await page.getByRole('button', { name: 'School', exact: true }).click();
    await expect(page).toHaveURL(/\/bill-payment\?category=school$/);
    await expect(page.getByRole('heading', { name: 'Pay Tuition, Accommodation, etc.' })).toBeVisible();
    const balance = balanceCard(page, 'CAD', 'CAD Balance');
    await expect(balance).toContainText('$500.00');

    await page.getByPlaceholder('Search for School').fill('zzz no such school');
    await expect(page.getByText('No school found')).toBeVisible();
    await page.getByPlaceholder('Search for School').fill('Toronto');
    await page.getByRole('button', { name: 'University of Toronto', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'University of Toronto' })).toBeVisible();
    await page.getByLabel('Amount (CAD)').fill('120.40');
    await page.getByLabel('Payee account number').fill('1009876543');
    await page.getByLabel('Description').fill('Fall tuition');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await reviewRows(page)).toEqual({
      Payee: 'University of Toronto',
      'Payee account number': '1009876543',
      Description: 'Fall tuition',
      Amount: '$120.40',
      Fee: '$0.00',
      'Total from your wallet': '$120.40',
      'Recipient gets': '$120.40',
      Arrives: 'Usually within minutes',
    });
    await expectAccessible(page);
    await confirmWithPin(page, a.pin);
    await expectToast(page, 'Payment made successfully');
    const success = page.getByRole('dialog', { name: 'Payment Successful' });
    await expect(success).toBeVisible();
    // The receipt: amount, fee, payee, description, status (a bill is paid at once), transaction number.
    await expect(success.locator('dt')).toHaveText(['Amount', 'Fee', 'Payee', 'Description', 'Status', 'Transaction number']);
    await expect(success.locator('dd')).toHaveText(['$120.40', '$0.00', 'University of Toronto', 'Fall tuition', 'Completed', /\S+/]);
    await expect(success.getByRole('button', { name: 'Share Receipt' })).toBeVisible();
    await expectAccessible(page);
    await success.getByRole('button', { name: 'Done' }).click();
    await expect(balance).toContainText('$379.60');
  });

  test('a wrong PIN shows the server message; five lock money movement', async ({ page, request }) => {
    const a = await createMoneyCustomer(request, { fund: { CAD: 100 } });
    const b = await createMoneyCustomer(request, { firstName: 'Bola', lastName: 'Ade' });
    await openSignedIn(page, a, '/transfer-kudi');
    const form = page.getByRole('form', { name: 'Send CAD' });
    await form.getByLabel('Recipient email').fill(b.email);
    await expect(form.getByRole('status')).toHaveText('Recipient: Bola Ade');
    await form.getByLabel('Amount (CAD)').fill('10');
    await form.getByRole('button', { name: 'Send' }).click();

    const wrong = a.pin === '0000' ? '1111' : '0000';
    for (const left of ['4 attempts', '3 attempts', '2 attempts', '1 attempt']) {
      await confirmWithPin(page, wrong);
      await expectToast(page, `Incorrect transaction PIN. ${left} left.`);
    }
    await expectAccessible(page);
    await confirmWithPin(page, wrong);
    await expectToast(page, 'Too many wrong PIN attempts. PIN use is locked for 30 minutes.');
    // Locked: the right PIN is refused too, and so is any other movement.
    const [refusal] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/api/wallet/cad-wallet-transfer')),
      confirmWithPin(page, a.pin),
    ]);
    expect(refusal.status()).toBe(429);
    await expectToast(page, 'Too many wrong PIN attempts. PIN use is locked for 30 minutes.');
    await expect(page.getByRole('dialog', { name: 'Transaction Receipt' })).toBeHidden();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(balanceCard(page, 'CAD')).toContainText('$100.00');

    await page.goto('/bill-payment?category=school');
    await page.getByPlaceholder('Search for School').fill('McGill');
    await page.getByRole('button', { name: 'McGill University', exact: true }).click();
    await page.getByLabel('Amount (CAD)').fill('5');
    await page.getByLabel('Payee account number').fill('260000001');
    await page.getByLabel('Description').fill('Residence fee');
    await page.getByRole('button', { name: 'Continue' }).click();
    const [billRefusal] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/api/auth/confirm-transaction-pin')),
      confirmWithPin(page, a.pin),
    ]);
    expect(billRefusal.status()).toBe(429);
    await expectToast(page, 'Too many wrong PIN attempts. PIN use is locked for 30 minutes.');
    await expect(page.getByRole('dialog', { name: 'Payment Successful' })).toBeHidden();
    await expect(balanceCard(page, 'CAD', 'CAD Balance')).toContainText('$100.00');
  });
});
