import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { expectAccessible } from './support/a11y';
import { createMoneyCustomer, expectToast, historyRows, openSignedIn, releasePayouts, type MoneyCustomer } from './support/money';
import { parseCsv } from '../support/csv';

/**
 * Statements (spec-next §E): a customer in Pacific/Kiritimati (UTC+14, the browser's zone, which
 * the dashboard sends as theirs) downloads their CAD statement from History as CSV and as PDF,
 * and the files hold their items: a deposit, an Interac payout completed, one failed and refunded,
 * with the description's comma, quotes and formula kept inert, between balances that add up.
 */
test.use({ timezoneId: 'Pacific/Kiritimati' });

/** An Interac e-Transfer through the API (the subject here is the statement, not the send screen). */
async function interac(request: APIRequestContext, customer: MoneyCustomer, amount: string, email: string, description: string): Promise<string> {
  const res = await request.post('/api/wallet/cad-withdrawal', {
    headers: { authorization: `Bearer ${customer.session.access_token}` },
    data: {
      Amount: amount,
      CustomerEmail: email,
      CustomerName: 'Jane Doe',
      Description: description,
      SecurityQuestion: 'What is the payment for?',
      SecurityQuestionAnswer: 'maple472',
      transaction_pin: customer.pin,
      timezone: 'Pacific/Kiritimati',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data.transaction_reference;
}

/** The simulated rail answers the customer's payouts now; waits until none is pending. */
async function settle(request: APIRequestContext, customer: MoneyCustomer): Promise<void> {
  await releasePayouts(request, customer.email);
  await expect
    .poll(async () => {
      const res = await request.get('/api/wallet/transactions?currency=CAD', { headers: { authorization: `Bearer ${customer.session.access_token}` } });
      return ((await res.json()).data as { status: string }[]).filter((item) => item.status === 'pending').length;
    }, { timeout: 20_000 })
    .toBe(0);
}

/** A day of the browser's calendar (its time zone), `offset` days from today, as YYYY-MM-DD. */
const browserDay = (page: Page, offset: number) =>
  page.evaluate((days) => {
    const now = new Date();
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  }, offset);

/** Picks the period and format in the open picker and downloads; answers the saved file. */
async function downloadStatement(page: Page, from: string, to: string, format: 'CSV (spreadsheet)' | 'PDF (document)') {
  const dialog = page.getByRole('dialog', { name: 'Download statement' });
  await dialog.getByLabel('From').fill(from);
  await dialog.getByLabel('To').fill(to);
  await dialog.getByLabel('Format').selectOption({ label: format });
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
  return { name: download.suggestedFilename(), content: await readFile((await download.path())!) };
}

test('a CAD statement downloaded from History as CSV and PDF holds the items and adds up', async ({ page, request }) => {
  const customer = await createMoneyCustomer(request, { firstName: 'Amara', lastName: 'Nwosu', fund: { CAD: 250.75 } });
  // One after the other: a statement lists them in the order the rail answered them.
  const completed = await interac(request, customer, '40.00', 'jane.doe@example.com', 'Rent, March "flat 2"');
  await settle(request, customer);
  const failed = await interac(request, customer, '10.00', 'jane.fail@example.com', '=SUM(1+1)');
  await settle(request, customer);

  // The dashboard tells the server the browser's time zone.
  const zoneSent = page.waitForResponse((res) => res.url().endsWith('/api/auth/update-timezone') && res.ok());
  await openSignedIn(page, customer);
  await zoneSent;
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Transaction History' })).toBeVisible();
  await expect(historyRows(page)).toHaveCount(3);
  await expect(historyRows(page).getByText('pending')).toHaveCount(0);

  const [yesterday, today, tomorrow] = [await browserDay(page, -1), await browserDay(page, 0), await browserDay(page, 1)];

  await page.getByRole('button', { name: 'Download statement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download statement' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);

  // A period that ends before it starts is refused at the form.
  await dialog.getByLabel('From').fill(tomorrow);
  await dialog.getByLabel('To').fill(yesterday);
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(dialog.getByText('The last day must be on or after the first day')).toBeVisible();

  const csv = await downloadStatement(page, yesterday, tomorrow, 'CSV (spreadsheet)');
  expect(csv.name).toBe(`kudi-statement-CAD-${yesterday}-to-${tomorrow}.csv`);
  await expectToast(page, `Statement saved: ${csv.name}`);
  await expect(dialog).toBeHidden();
  const text = csv.content.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  // The description's comma and quotes are quoted, as RFC 4180 says.
  expect(text).toContain('"Rent, March ""flat 2"""');
  const rows = parseCsv(text.slice(1));
  expect(rows[0]).toEqual(['Date', 'Reference', 'Type', 'Description', 'Counterparty', 'Debit', 'Credit', 'Balance after']);
  const items = rows.slice(2, -1);
  expect(rows[1]).toEqual([yesterday, '', 'Opening balance', '', '', '', '', '0.00']);
  expect(items.map((row) => row.slice(1))).toEqual([
    [expect.any(String), 'Deposit', 'Interac e-Transfer', 'Amara Nwosu', '', '250.75', '250.75'],
    [completed, 'Interac e-Transfer', 'Rent, March "flat 2"', 'Jane Doe, jane.doe@example.com', '40.00', '', '210.75'],
    // Refunded: out and back; the formula comes out as text.
    [failed, 'Interac e-Transfer (failed, refunded)', "'=SUM(1+1)", 'Jane Doe, jane.fail@example.com', '10.00', '10.00', '210.75'],
  ]);
  // Dated in the customer's zone: today in Kiritimati.
  for (const row of items) expect(row[0]).toMatch(new RegExp(`^${today} \\d{2}:\\d{2}:\\d{2}$`));
  expect(rows[rows.length - 1]).toEqual([tomorrow, '', 'Closing balance', '', '', '', '', '210.75']);

  await page.getByRole('button', { name: 'Download statement' }).click();
  const pdf = await downloadStatement(page, yesterday, tomorrow, 'PDF (document)');
  expect(pdf.name).toBe(`kudi-statement-CAD-${yesterday}-to-${tomorrow}.pdf`);
  expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(pdf.content) });
  const read = await parser.getText();
  await parser.destroy();
  expect(read.total).toBe(1);
  for (const line of [
    'Customer: Amara Nwosu',
    `Period: ${yesterday} to ${tomorrow} (days in Pacific/Kiritimati)`,
    'Page 1',
    completed,
    failed,
    'Opening balance (CAD) 0.00',
    'Total credits (CAD) 260.75',
    'Total debits (CAD) 50.00',
    'Closing balance (CAD) 210.75',
  ]) {
    expect(read.text).toContain(line);
  }
});

test('on a phone (360 px) the picker fits the screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  const customer = await createMoneyCustomer(request, { fund: { CAD: 5 } });
  await openSignedIn(page, customer, '/history');
  await page.getByRole('button', { name: 'Download statement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download statement' });
  await expect(dialog).toBeVisible();
  for (const name of ['From', 'To', 'Format']) await expect(dialog.getByLabel(name)).toBeInViewport({ ratio: 1 });
  // The date fields one above the other, each wide enough to show its whole date.
  const [from, to] = [(await dialog.getByLabel('From').boundingBox())!, (await dialog.getByLabel('To').boundingBox())!];
  expect(to.y).toBeGreaterThanOrEqual(from.y + from.height);
  expect(Math.min(from.width, to.width)).toBeGreaterThanOrEqual(180);
  await page.screenshot({ path: 'test-results/screens/statement-picker-360.png' });
  await expect(dialog.getByRole('button', { name: 'Download' })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await expectAccessible(page);
});
