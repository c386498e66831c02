import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { balanceCard, confirmWithPin, createMoneyCustomer, expectToast, openFromMenu, openSignedIn, reviewRows, withCommas } from './support/money';

// spec-next §A: a quote holds its rate for 60 s; a review whose quote lapsed gets a new one and says
// the rate changed, and what is converted (after the review, with the customer's PIN) is what the
// review last showed.
test.describe('exchange quotes (issue 14)', () => {
  test('a quote that lapses on the review is replaced by a new one, the customer is told, and the new one is what converts', async ({ page, request }) => {
    const a = await createMoneyCustomer(request, { fund: { CAD: 300 } });
    // The browser's clock is the test's: the review's countdown can be run past the quote's 60 s.
    await page.clock.install();
    await openSignedIn(page, a);
    await openFromMenu(page, 'Convert');
    await page.getByLabel('You send').fill('40.00');

    const quoteRequests: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/api/quotes')) quoteRequests.push(req.url());
    });
    const [first] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/api/quotes') && res.request().method() === 'POST'),
      page.getByRole('button', { name: 'Convert', exact: true }).click(),
    ]);
    const firstQuote = (await first.json()).data as { quote_id: string; receive_amount: string; expires_at: string };
    const review = page.getByRole('dialog', { name: 'Review' });
    await expect(review.getByRole('timer')).toHaveText(/^Rate held for [01]:\d{2}$/);
    const requestsBefore = quoteRequests.length;

    // Past the quote's 60 s: a new quote is asked for, and the review says the rate changed.
    const [second] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/api/quotes') && res.request().method() === 'POST'),
      page.clock.fastForward(61_000),
    ]);
    const secondQuote = (await second.json()).data as { quote_id: string; send_amount: string; receive_amount: string };
    expect(quoteRequests.length).toBeGreaterThan(requestsBefore);
    expect(secondQuote.quote_id).not.toBe(firstQuote.quote_id);
    await expect(review.getByRole('status')).toHaveText('This quote has expired. Please review the new rate.');
    await expect(review.getByRole('timer')).toHaveText(/^Rate held for [01]:\d{2}$/);
    expect((await reviewRows(page))['You send']).toBe('$40.00');
    await expectAccessible(page);

    // Continue, then the customer's PIN, converts at the new quote: its quote_id is what the app sends, with the PIN.
    const [converted] = await Promise.all([
      page.waitForRequest((req) => req.url().endsWith('/api/wallet/currency-conversion')),
      confirmWithPin(page, a.pin),
    ]);
    expect(converted.postDataJSON()).toMatchObject({ quote_id: secondQuote.quote_id, from_currency: 'CAD', to_currency: 'NGN', transaction_pin: a.pin });
    await expectToast(page, 'Successfully converted CAD 40.00 to NGN');
    const result = page.getByRole('dialog', { name: 'Transaction Receipt' });
    await expect(result).toContainText(`₦${withCommas(secondQuote.receive_amount)}`);
    await result.getByRole('button', { name: 'Done' }).click();
    await expect(balanceCard(page, 'CAD')).toContainText('$260.00');
  });
});
