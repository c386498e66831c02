import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import moment from 'moment';
import { outbox } from './support/accounts';
import { expectAccessible } from './support/a11y';
import {
  balanceCard,
  confirmWithPin,
  createMoneyCustomer,
  expectToast,
  historyRows,
  openFromMenu,
  openSignedIn,
  releasePayouts,
  releasedPayouts,
  showHistoryOf,
  type MoneyCustomer,
} from './support/money';

/**
 * spec-next §C, a transfer's whole life, as the customer sees it: the result of a payout says it is
 * on its way and when it is expected; it settles (the simulated rail answers when the journey
 * releases it: POST /api/dev/payouts/release) and a toast says how; the history row and the detail
 * page (/history/{id}: summary, timeline, receipt, Send again, Cancel transfer) tell its story.
 *
 * The journeys' server holds a payout PAYOUT_HOLD_S (30 s by default, when it may be cancelled),
 * then its rail takes PAYOUT_SETTLE_MS (600000, playwright.config.ts): a payout is expected
 * 10 min 30 s after it was made. The e-mails its events send (spec-next §D) are read in the
 * simulated outbox (GET /api/dev/outbox; the journeys' server runs the e-mail job, NOTIFY_JOB).
 */
const ARRIVES_AFTER_MS = 30_000 + 600_000;

const GTBANK = 'Guaranty Trust Bank (GTBank)';
/** The seeded name directory (src/server/data/name-directory.json): this one completes… */
const NGOZI = { number: '0194743380', name: 'Ngozi Eze' };
/** …and this one fails at the simulated rail (an account number ending in 0000, sim/payout-rail.ts). */
const BLESSING = { number: '0068700000', name: 'Blessing Etim' };

const DATE_SHOWN = /^[A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M$/;

/** The e-mails the customer was sent whose subject is `subject`, waited for until there are `count`. */
async function emailsAbout(request: APIRequestContext, email: string, subject: string, count = 1) {
  await expect.poll(async () => (await outbox(request, email)).filter((message) => message.subject === subject).length).toBe(count);
  return (await outbox(request, email)).filter((message) => message.subject === subject);
}

/** The result dialog of a send. */
const resultDialog = (page: Page) => page.getByRole('dialog', { name: 'Transaction Receipt' });
const summary = (page: Page) => page.getByRole('region', { name: 'Summary' });
const cancelButton = (page: Page) => summary(page).getByRole('button', { name: 'Cancel transfer' });

/** label → value of the receipt lines (dt/dd) inside `scope`. */
async function rowsOf(scope: Locator): Promise<Record<string, string>> {
  await expect(scope.locator('dt').first()).toBeVisible();
  const labels = await scope.locator('dt').allInnerTexts();
  const values = await scope.locator('dd').allInnerTexts();
  return Object.fromEntries(labels.map((label, index) => [label.trim(), values[index]?.trim() ?? '']));
}

/** The detail page's receipt, as label → value. */
const detailReceipt = (page: Page) => rowsOf(page.getByRole('region', { name: 'Receipt' }));

/** The timeline's steps, oldest first: the step's words, and the note under it ('' when none). */
async function timelineOf(page: Page): Promise<{ step: string; note: string }[]> {
  const steps = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
  return Promise.all(
    (await steps.all()).map(async (step) => {
      const lines = await step.locator('p').allInnerTexts();
      return { step: lines[0]?.trim() ?? '', note: lines[2]?.trim() ?? '' };
    }),
  );
}

/** The timeline's steps' words, waited for until they are `expected` (the page polls a pending item). */
async function expectTimeline(page: Page, expected: string[]): Promise<void> {
  await expect.poll(async () => (await timelineOf(page)).map(({ step }) => step)).toEqual(expected);
}

/**
 * What 'Expected by …' may say for a payout made between `from` and `to` (epoch ms): its arrival in
 * the customer's time, 'h:mm A' today, else with the date (money/result.ts expectedTime).
 */
function expectedTimes(from: number, to: number): string[] {
  const now = moment();
  const shown = new Set<string>();
  for (let at = from + ARRIVES_AFTER_MS; at <= to + ARRIVES_AFTER_MS + 60_000; at += 30_000) {
    const arrival = moment(Math.min(at, to + ARRIVES_AFTER_MS));
    shown.add(arrival.format(arrival.isSame(now, 'day') ? 'h:mm A' : arrival.isSame(now, 'year') ? 'MMM D, h:mm A' : 'MMM D, YYYY, h:mm A'));
  }
  return [...shown];
}

/** The result says the payout is on its way and when it is expected (never completed). */
async function expectOnItsWay(page: Page, sentFrom: number, sentTo: number): Promise<void> {
  const dialog = resultDialog(page);
  const notice = dialog.getByText(/^On its way\. Expected by /);
  await expect(notice).toBeVisible();
  const said = (await notice.innerText()).replace(/^On its way\. Expected by /, '');
  expect(expectedTimes(sentFrom, sentTo)).toContain(said);
  expect((await rowsOf(dialog)).Status).toBe('On its way');
  await expect(page.locator('.Toastify').getByText('Transaction completed successfully!')).toHaveCount(0);
}

/** Sends NGN to a seeded bank account from /transfer-naira; answers when the PIN was confirmed (epoch ms before, after). */
async function sendNgnToBank(page: Page, customer: MoneyCustomer, account: { number: string; name: string }, amount: string): Promise<[number, number]> {
  await page.goto('/transfer-naira');
  const bank = page.getByRole('combobox', { name: 'Bank' });
  await bank.fill('guaranty');
  await page.getByRole('option', { name: GTBANK }).click();
  await page.getByLabel('Recipient account number').fill(account.number);
  await expect(page.getByLabel('Recipient account name')).toHaveValue(account.name);
  await page.getByLabel('Amount (NGN)').fill(amount);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const from = Date.now();
  await confirmWithPin(page, customer.pin);
  await expect(resultDialog(page)).toBeVisible();
  return [from, Date.now()];
}

/** Sends CAD by Interac e-Transfer from /transfer-cad. */
async function sendInterac(page: Page, customer: MoneyCustomer, name: string, email: string, amount: string): Promise<[number, number]> {
  await page.goto('/transfer-cad');
  await expect(page.getByRole('heading', { name: 'Send CAD' })).toBeVisible();
  await page.getByLabel('Recipient name').fill(name);
  await page.getByLabel('Recipient email').fill(email);
  await page.getByLabel('Amount (CAD)').fill(amount);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const from = Date.now();
  await confirmWithPin(page, customer.pin);
  await expect(resultDialog(page)).toBeVisible();
  return [from, Date.now()];
}

/** 'View details' on the result: the detail page of the item just sent; answers its id. */
async function viewDetails(page: Page): Promise<string> {
  await resultDialog(page).getByRole('button', { name: 'View details' }).click();
  await expect(page).toHaveURL(/\/history\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Transaction Details' })).toBeVisible();
  await expect(summary(page)).toBeVisible();
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}

/** The summary's status badges ('failed', 'Refunded', …). */
const badges = (page: Page) => summary(page).locator('p + span > span');

test.describe('a transfer\'s whole life (spec-next §C)', () => {
  test('a payout to an account that fails: on its way, then a toast, failed and refunded in the history and on its detail page', async ({ page, request }) => {
    const customer = await createMoneyCustomer(request, { activateNaira: true, fund: { NGN: 50_000 } });
    await openSignedIn(page, customer);
    await expect(balanceCard(page, 'NGN')).toContainText('₦50,000.00');

    const [from, to] = await sendNgnToBank(page, customer, BLESSING, '2500');
    await expectOnItsWay(page, from, to);
    await expectAccessible(page);
    await resultDialog(page).getByRole('button', { name: 'Done' }).click();
    await openFromMenu(page, 'Home');
    await expect(balanceCard(page, 'NGN')).toContainText('₦47,500.00');

    // The rail answers: the bank declines. The open app says so, wherever the customer is.
    await releasePayouts(request, customer.email);
    await expectToast(page, 'Your transfer of ₦2,500.00 to Blessing Etim failed. The money is back in your wallet.');
    await expect(balanceCard(page, 'NGN')).toContainText('₦50,000.00');

    // The history: failed, and the money back (Refunded).
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await showHistoryOf(page, 'NGN');
    const row = historyRows(page).first();
    await expect(row.getByRole('cell')).toHaveText([/^\d{4}-\d{2}-\d{2}$/, 'WITHDRAWAL', '-₦2,500.00 NGN', 'Blessing Etim', 'failed Refunded']);
    await expectAccessible(page);

    // Its detail page: the whole story, with the rail's reason, and the receipt.
    await row.getByRole('link', { name: 'Blessing Etim' }).click();
    await expect(page).toHaveURL(/\/history\/[^/]+$/);
    await expect(summary(page)).toContainText('-₦2,500.00 NGN');
    await expect(badges(page)).toHaveText(['failed', 'Refunded']);
    await expect(cancelButton(page)).toHaveCount(0);
    await expect(summary(page).getByText(/^On its way/)).toHaveCount(0);
    await expectTimeline(page, ['Created', 'Sent', 'Failed', 'Refunded']);
    expect(await timelineOf(page)).toEqual([
      { step: 'Created', note: '' },
      { step: 'Sent', note: 'Sent to the bank' },
      { step: 'Failed', note: 'The beneficiary bank declined the transfer' },
      { step: 'Refunded', note: 'Refunded to your wallet' },
    ]);
    const receipt = await detailReceipt(page);
    expect(receipt).toMatchObject({
      Amount: '₦2,500.00',
      Fee: '₦0.00',
      Recipient: 'Blessing Etim',
      Bank: GTBANK,
      'Account number': '******0000',
      Status: 'Failed, refunded',
    });
    expect(receipt).not.toHaveProperty('Arrives by');
    expect(receipt['Transaction reference']).toBe(new URL(page.url()).pathname.split('/').pop());
    expect(receipt.Date).toMatch(DATE_SHOWN);
    await expectAccessible(page);

    // And an e-mail says so: the rail's reason, the money back, the reference; never the full account number.
    const [mail] = await emailsAbout(request, customer.email, 'Kudi: Your transfer of ₦2,500.00 NGN failed and was refunded');
    expect(mail.body).toContain(`Your bank transfer of ₦2,500.00 NGN to Blessing Etim, ${GTBANK}, account ••••0000 could not be completed: The beneficiary bank declined the transfer.`);
    expect(mail.body).toContain('₦2,500.00 NGN is back in your NGN wallet.');
    expect(mail.body).toContain(receipt['Transaction reference']);
    expect(mail.body).not.toContain(BLESSING.number);
  });

  test('a payout cancelled in its hold: pending with its arrival, then cancelled and refunded to the cent; the rail is handed nothing', async ({ page, request }) => {
    const customer = await createMoneyCustomer(request, { fund: { CAD: 200 } });
    await openSignedIn(page, customer);
    await expect(balanceCard(page, 'CAD')).toContainText('$200.00');

    const [from, to] = await sendInterac(page, customer, 'Jane Doe', 'jane.doe@example.com', '75.25');
    await expectOnItsWay(page, from, to);
    await viewDetails(page);

    // Pending, with when it arrives, and the customer may still cancel it.
    await expect(summary(page)).toContainText('-$75.25 CAD');
    await expect(badges(page)).toHaveText(['pending']);
    const notice = summary(page).getByText(/^On its way\. Expected by /);
    await expect(notice).toBeVisible();
    expect(expectedTimes(from, to)).toContain((await notice.innerText()).replace(/^On its way\. Expected by /, ''));
    const pending = await detailReceipt(page);
    expect(pending).toMatchObject({ Amount: '$75.25', Fee: '$0.00', Recipient: 'Jane Doe', Email: 'jane.doe@example.com', Status: 'On its way' });
    expect(pending['Arrives by']).toMatch(DATE_SHOWN);
    await expectTimeline(page, ['Created']);
    await expect(cancelButton(page)).toBeVisible();
    await expectAccessible(page);

    // Cancel transfer asks first; 'Keep it' keeps it.
    await cancelButton(page).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this transfer?' });
    await expect(confirm).toContainText('It will not be sent, and the money goes back to your wallet.');
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(confirm).toBeHidden();
    await expect(badges(page)).toHaveText(['pending']);

    await cancelButton(page).click();
    await confirm.getByRole('button', { name: 'Cancel transfer' }).click();
    await expectToast(page, 'Transfer cancelled. The money is back in your wallet.');
    await expect(badges(page)).toHaveText(['cancelled', 'Refunded']);
    // One message for the customer's own act: the watch of pending items does not tell it again.
    await expect(page.locator('.Toastify').getByText(/^Your transfer of .* was cancelled/)).toHaveCount(0);
    await expect(cancelButton(page)).toHaveCount(0);
    await expect(summary(page).getByText(/^On its way/)).toHaveCount(0);
    await expectTimeline(page, ['Created', 'Cancelled', 'Refunded']);
    expect((await timelineOf(page)).map(({ note }) => note)).toEqual(['', 'Cancelled by you', 'Refunded to your wallet']);
    const cancelled = await detailReceipt(page);
    expect(cancelled.Status).toBe('Cancelled, refunded');
    expect(cancelled).not.toHaveProperty('Arrives by');
    await expectAccessible(page);

    // The money is back to the cent, and the rail never gets the payout.
    await openFromMenu(page, 'Home');
    await expect(balanceCard(page, 'CAD')).toContainText('$200.00');
    expect(await releasedPayouts(request, customer.email)).toBe(0);
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await expect(historyRows(page).first().getByRole('cell')).toHaveText([/^\d{4}-\d{2}-\d{2}$/, 'WITHDRAWAL', '-$75.25 CAD', 'Jane Doe', 'cancelled Refunded']);
    // One e-mail of the cancel.
    const [mail] = await emailsAbout(request, customer.email, 'Kudi: Your transfer of $75.25 CAD was cancelled');
    expect(mail.body).toContain('Your Interac e-Transfer of $75.25 CAD to Jane Doe (jane.doe@example.com) was cancelled before it was sent.');
    expect(mail.body).toContain('$75.25 CAD is back in your CAD wallet.');
  });

  test('cancelling too late: the payout was handed to its rail while its page was open; the server refuses, and the page moves on', async ({ page, request }) => {
    const customer = await createMoneyCustomer(request, { fund: { CAD: 200 } });
    await openSignedIn(page, customer);
    await sendInterac(page, customer, 'Tunde Bakare', 'tunde.bakare@example.com', '40');
    const id = await viewDetails(page);
    await expect(badges(page)).toHaveText(['pending']);
    await expect(cancelButton(page)).toBeVisible();

    // The customer opens Cancel transfer. The page asks for its pending item every 3 s: just after
    // it has, the payout is handed to its rail, so the page still offers to cancel when the
    // customer confirms.
    await cancelButton(page).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this transfer?' });
    await expect(confirm).toBeVisible();
    await page.waitForResponse((response) => response.request().method() === 'GET' && new URL(response.url()).pathname === `/api/transactions/${encodeURIComponent(id)}`);
    await releasePayouts(request, customer.email);
    await confirm.getByRole('button', { name: 'Cancel transfer' }).click();
    await expectToast(page, 'This transfer can no longer be cancelled.');
    await expect(confirm).toBeHidden();

    // The page asks again: the payout went on to its rail and completed; nothing to cancel any more.
    await expect(badges(page)).toHaveText(['completed'], { timeout: 15_000 });
    await expect(cancelButton(page)).toHaveCount(0);
    await expectTimeline(page, ['Created', 'Sent', 'Completed']);
    expect((await timelineOf(page))[1].note).toBe('Sent by Interac e-Transfer');
    expect((await detailReceipt(page)).Status).toBe('Completed');
    await expectToast(page, 'Your transfer of $40.00 to Tunde Bakare has completed.');
    await openFromMenu(page, 'Home');
    await expect(balanceCard(page, 'CAD')).toContainText('$160.00');
  });

  test('a payout that completes: a toast, its detail page completed, and Send again starts the same send', async ({ page, request }) => {
    const customer = await createMoneyCustomer(request, { activateNaira: true, fund: { NGN: 50_000 } });
    await openSignedIn(page, customer);
    const [from, to] = await sendNgnToBank(page, customer, NGOZI, '2500');
    await expectOnItsWay(page, from, to);
    await resultDialog(page).getByRole('button', { name: 'Done' }).click();

    await releasePayouts(request, customer.email);
    await expectToast(page, 'Your transfer of ₦2,500.00 to Ngozi Eze has completed.');

    // The customer comes back later (the app loaded afresh).
    await page.goto('/dashboard');
    await expect(balanceCard(page, 'NGN')).toContainText('₦47,500.00');
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await showHistoryOf(page, 'NGN');
    const row = historyRows(page).first();
    await expect(row.getByRole('cell')).toHaveText([/^\d{4}-\d{2}-\d{2}$/, 'WITHDRAWAL', '-₦2,500.00 NGN', 'Ngozi Eze', 'completed']);
    // A click anywhere on the row opens it, as its link does.
    await row.click();
    await expect(page).toHaveURL(/\/history\/[^/]+$/);
    await expect(badges(page)).toHaveText(['completed']);
    await expect(cancelButton(page)).toHaveCount(0);
    await expectTimeline(page, ['Created', 'Sent', 'Completed']);
    expect(await detailReceipt(page)).toMatchObject({
      Amount: '₦2,500.00',
      Recipient: 'Ngozi Eze',
      Bank: GTBANK,
      'Account number': '******3380',
      Status: 'Completed',
    });
    await expectAccessible(page);

    // Send again: the same bank, account and amount; the account's name is asked for again.
    const nameCheck = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith(`/api/wallet/get_name_inquiry/${NGOZI.number}/`));
    await summary(page).getByRole('button', { name: 'Send again' }).click();
    await expect(page).toHaveURL(/\/transfer-naira$/);
    expect((await nameCheck).ok()).toBe(true);
    await expect(page.getByRole('combobox', { name: 'Bank' })).toHaveValue(GTBANK);
    await expect(page.getByLabel('Recipient account number')).toHaveValue(NGOZI.number);
    await expect(page.getByLabel('Recipient account name')).toHaveValue(NGOZI.name);
    await expect(page.getByLabel('Amount (NGN)')).toHaveValue('2500');
    await expectAccessible(page);
  });

  test('money received from another customer: a green plus in the history, and its detail names the sender', async ({ page, request, browser, baseURL }) => {
    const [a, b] = await Promise.all([
      createMoneyCustomer(request, { fund: { CAD: 100 } }),
      createMoneyCustomer(request, { firstName: 'Bola', lastName: 'Ade' }),
    ]);
    await openSignedIn(page, a);
    await page.getByRole('button', { name: 'Send to a Kudi user' }).click();
    const form = page.getByRole('form', { name: 'Send CAD' });
    await form.getByLabel('Recipient email').fill(b.email);
    await expect(form.getByRole('status')).toHaveText('Recipient: Bola Ade');
    await form.getByLabel('Amount (CAD)').fill('25.50');
    await form.getByRole('button', { name: 'Send' }).click();
    await confirmWithPin(page, a.pin);
    await expectToast(page, 'Transaction completed successfully!');

    const context = await browser.newContext({ baseURL });
    try {
      const pageB = await context.newPage();
      await openSignedIn(pageB, b, '/history');
      const row = historyRows(pageB).first();
      await expect(row.getByRole('cell')).toHaveText([/^\d{4}-\d{2}-\d{2}$/, 'WALLET TRANSACTION', '+$25.50 CAD', 'Ada Obi', 'completed']);
      await expect(row.getByRole('cell').nth(2).locator('span')).toHaveCSS('color', 'rgb(20, 108, 46)');

      await row.getByRole('link', { name: 'Ada Obi' }).click();
      await expect(pageB).toHaveURL(/\/history\/[^/]+$/);
      const amount = summary(pageB).getByText('+$25.50 CAD', { exact: true });
      await expect(amount).toBeVisible();
      await expect(amount).toHaveCSS('color', 'rgb(20, 108, 46)');
      await expect(badges(pageB)).toHaveText(['completed']);
      expect(await detailReceipt(pageB)).toMatchObject({ Amount: '$25.50', From: 'Ada Obi', Email: a.email, Status: 'Completed' });
      await expectTimeline(pageB, ['Created', 'Completed']);
      // Money received is not sent again, nor cancelled.
      await expect(summary(pageB).getByRole('button')).toHaveCount(0);
      await expectAccessible(pageB);
    } finally {
      await context.close();
    }
  });
});
