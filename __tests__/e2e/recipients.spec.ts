import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { confirmWithPin, createMoneyCustomer, expectToast, openSignedIn, releasePayouts, reviewRows } from './support/money';

/**
 * Saved recipients (spec-next §E), on a 360 px phone: a send to a Nigerian bank account, completed
 * by the rail, saves its recipient; the NGN send screen then offers it (its number masked); choosing
 * it runs the name check again, and the send again reaches its review in three taps: the recipient,
 * the amount, Send.
 */

test.use({ viewport: { width: 360, height: 640 } });

/** No sideways scrolling at the phone's width, and no control whose text overflows it. */
async function fitsThePhone(page: Page): Promise<void> {
  const problems = await page.evaluate(() => {
    const root = document.documentElement;
    const found: string[] = [];
    if (root.scrollWidth > root.clientWidth) found.push(`the page is ${root.scrollWidth - root.clientWidth} px wider than the screen`);
    for (const element of Array.from(document.querySelectorAll('main button, main input'))) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1) continue;
      if (box.right > root.clientWidth + 0.5) found.push(`${element.getAttribute('aria-label') ?? element.tagName} ends at ${Math.round(box.right)} px`);
      if (element.tagName === 'BUTTON' && element.scrollWidth > element.clientWidth + 1) found.push(`${element.getAttribute('aria-label') ?? element.textContent}: text overflows`);
    }
    return found;
  });
  expect(problems).toEqual([]);
}

test('an NGN bank account, once its payout completed, is offered again: chosen, named again, sent again in three taps to the review', async ({ page, request }) => {
  const a = await createMoneyCustomer(request, { activateNaira: true, fund: { NGN: 50_000 } });
  await openSignedIn(page, a, '/transfer-naira');
  await expect(page.getByRole('heading', { level: 1, name: 'Send NGN' })).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent recipients' });
  const bank = page.getByRole('combobox', { name: 'Bank' });
  const number = page.getByLabel('Recipient account number');
  const name = page.getByLabel('Recipient account name');
  await expect(bank).toBeVisible();
  await expect(recent).toHaveCount(0);

  // The first send: typed in full.
  await bank.fill('guaranty');
  await page.getByRole('option', { name: 'Guaranty Trust Bank (GTBank)' }).click();
  await number.fill('0194743380');
  await expect(name).toHaveValue('Ngozi Eze');
  await page.getByLabel('Amount (NGN)').fill('2500');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await confirmWithPin(page, a.pin);
  await expectToast(page, /^On its way\./);
  await page.getByRole('button', { name: 'Done' }).click();
  // Pending: nothing is saved yet.
  await expect(recent).toHaveCount(0);

  // The rail completes it; the open screen learns it (the pending watch) and offers the recipient.
  await releasePayouts(request, a.email);
  await expectToast(page, 'Your transfer of ₦2,500.00 to Ngozi Eze has completed.');
  const saved = recent.getByRole('button', { name: 'Ngozi Eze, Guaranty Trust Bank (GTBank) · ******3380' });
  await expect(saved).toBeVisible({ timeout: 20_000 });
  await expect(recent).not.toContainText('0194743380');
  await fitsThePhone(page);
  await expectAccessible(page);

  // Reload: the list comes from the server, newest first.
  await page.reload();
  await expect(saved).toBeVisible();

  // Tap 1: the recipient. The bank and the masked number fill in, and the name check runs again, by its id.
  const checked = page.waitForRequest((req) => req.url().includes('/api/wallet/get_name_inquiry/') && req.url().includes('recipient_id='));
  await saved.click();
  const inquiry = await checked;
  expect(decodeURIComponent(inquiry.url())).toContain('/get_name_inquiry/******3380/');
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await expect(bank).toHaveValue('Guaranty Trust Bank (GTBank)');
  await expect(number).toHaveValue('******3380');
  await expect(name).toHaveValue('Ngozi Eze');
  // Tap 2: the amount. Tap 3: Send, and the review is open.
  await page.getByLabel('Amount (NGN)').fill('1200');
  const sent = page.waitForRequest((req) => req.url().endsWith('/api/wallet/ngn-withdrawal') && req.method() === 'POST');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  expect(await reviewRows(page)).toMatchObject({
    Recipient: 'Ngozi Eze',
    Bank: 'Guaranty Trust Bank (GTBank)',
    'Account number': '******3380',
    Amount: '₦1,200.00',
  });
  await fitsThePhone(page);
  await expectAccessible(page);

  // Confirmed: the send names the saved recipient, never its full number; the receipt shows it masked.
  await confirmWithPin(page, a.pin);
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ account_number: '******3380', account_bank: '058', account_name: 'Ngozi Eze', recipient_id: expect.any(String) });
  await expectToast(page, /^On its way\./);
  const receipt = page.getByRole('dialog', { name: 'Transaction Receipt' });
  await expect(receipt).toContainText('******3380');
  await expect(receipt).not.toContainText('0194743380');
  await page.getByRole('button', { name: 'Done' }).click();

  // The rail pays the saved account; it stays one recipient.
  await releasePayouts(request, a.email);
  await expectToast(page, 'Your transfer of ₦1,200.00 to Ngozi Eze has completed.');
  await expect(recent.getByRole('listitem')).toHaveCount(1);
});
