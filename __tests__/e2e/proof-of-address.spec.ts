import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { tierLimits } from '../../src/shared/messages';
import { outbox } from './support/accounts';
import { expectAccessible } from './support/a11y';
import { createMoneyCustomer, expectToast, openFromMenu, openSignedIn } from './support/money';

// spec-next §B: a Basic customer raises their limits to Plus with a proof of address, reviewed by
// the simulated reviewer (its decision is asked for at once through POST /api/dev/proof-of-address).

/** The smallest PNG there is: a 1×1 pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function decide(request: APIRequestContext, email: string, decision: 'approve' | 'reject', reason?: string) {
  const res = await request.post('/api/dev/proof-of-address', { data: { email, decision, ...(reason ? { reason } : {}) } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The value of a row of the Limits card ('Per transfer' → '$1,000.00'). */
async function limitRow(page: Page, label: string): Promise<string> {
  const term = page.locator('dt', { hasText: label }).first();
  return (await term.locator('xpath=following-sibling::dd[1]').innerText()).trim();
}

test.describe('proof of address (issue 14)', () => {
  test('a Basic customer uploads a proof of address; a rejection says why and lets them send another; approval raises the limits to Plus and says so by e-mail', async ({ page, request }) => {
    const customer = await createMoneyCustomer(request);
    await openSignedIn(page, customer);
    await openFromMenu(page, 'Profile');
    await expect(page.getByText('Your tier:')).toContainText('Basic');
    expect(await limitRow(page, 'Per transfer')).toBe('$1,000.00');
    expect(await limitRow(page, 'Per 30 days')).toBe('$5,000.00');
    await expect(page.getByText('Proof of address:')).toContainText('Not sent');

    // A file of another kind is refused in the app, before anything is sent.
    const upload = page.getByLabel('Upload proof of address');
    let uploads = 0;
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/api/verification/proof-of-address')) uploads += 1;
    });
    await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('my address') });
    await expectToast(page, tierLimits.proofWrongType);
    expect(uploads).toBe(0);

    await upload.setInputFiles({ name: 'bill.png', mimeType: 'image/png', buffer: PNG });
    await expectToast(page, tierLimits.proofReceived);
    await expect(page.getByText('Proof of address:')).toContainText('Under review');
    await expect(page.getByLabel('Upload proof of address')).toHaveCount(0);
    expect(uploads).toBe(1);

    // Rejected: the reason is shown and another document can be sent.
    await decide(request, customer.email, 'reject', 'The bill is older than three months.');
    await page.reload();
    await expect(page.getByText('Proof of address:')).toContainText('Rejected');
    await expect(page.getByText('Reason: The bill is older than three months.')).toBeVisible();
    await expect(page.getByText('Your tier:')).toContainText('Basic');
    await page.getByLabel('Upload proof of address').setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: PNG });
    await expectToast(page, tierLimits.proofReceived);
    await expect(page.getByText('Proof of address:')).toContainText('Under review');

    // Approved: Plus, its limits, and an e-mail that says so.
    await decide(request, customer.email, 'approve');
    await page.reload();
    await expect(page.getByText('Your tier:')).toContainText('Plus');
    expect(await limitRow(page, 'Per transfer')).toBe('$10,000.00');
    expect(await limitRow(page, 'Per day')).toBe('$10,000.00');
    expect(await limitRow(page, 'Per 30 days')).toBe('$50,000.00');
    await expect(page.getByText('Proof of address:')).toHaveCount(0);
    await expectAccessible(page);
    await expect.poll(async () => (await outbox(request, customer.email)).map((message) => message.subject)).toContainEqual(expect.stringContaining(tierLimits.plusEmailSubject));
  });
});
