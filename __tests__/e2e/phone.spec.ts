import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { DEFAULT_PIN, expectToast, newCustomer, outboxCount, readOtp, signIn, typeCode, uniqueNigerianPhone } from './support/accounts';
import { BVN, confirmWithPin, createAccount, createMoneyCustomer, deposit, historyRows, openSignedIn, releasePayouts, showHistoryOf, withoutWebShare } from './support/money';

/**
 * Issue 16: every screen on a phone. One customer goes through every signed-out and signed-in
 * screen of the router (and each dialog step of the flows) on a 360 x 640 phone. On each: no
 * sideways scrolling, no element past the screen's edges, no control cut, the bottom bar on
 * screen, axe clean; a screenshot (JPEG) at 360, 390 and 1280 px goes into one folder for people to look at.
 */

const PHONE = { width: 360, height: 640 };
const SHOT_SIZES = [PHONE, { width: 390, height: 844 }, { width: 1280, height: 800 }];
const MENU_BAR = ['Home', 'Convert', 'Account', 'Profile'] as const;

/**
 * What is wrong with the layout at the current width, as sentences (in the page). Toasts are left
 * out (react-toastify's own layout, and they slide in from the edge).
 */
function layoutProblems(): string[] {
  const root = document.documentElement;
  const width = root.clientWidth;
  const problems: string[] = [];
  const describe = (element: Element) => {
    const name = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${element.tagName.toLowerCase()}> "${name}"`;
  };
  // A box that clips or scrolls its content is judged itself; what it holds is not on its own.
  const insideClippingBox = (element: Element) => {
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX !== 'visible') return true;
    }
    return false;
  };

  if (root.scrollWidth > width) problems.push(`the page is ${root.scrollWidth - width} px wider than the screen`);
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    if (element.closest('.Toastify')) continue;
    const box = element.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue; // not shown, or visually hidden text
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || insideClippingBox(element)) continue;
    if (box.left < -0.5 || box.right > width + 0.5) {
      problems.push(`${describe(element)} spans ${Math.round(box.left)}..${Math.round(box.right)} px of ${width}`);
    }
    const overflowing = element.scrollWidth > element.clientWidth + 1;
    if (['auto', 'scroll'].includes(style.overflowX) && element.tagName !== 'TEXTAREA' && overflowing) {
      problems.push(`${describe(element)} scrolls sideways (${element.scrollWidth} px in ${element.clientWidth})`);
    }
    if (element.matches('input[readonly], textarea[readonly]') && overflowing) {
      problems.push(`${describe(element)} cuts its value`);
    }
    if (element.matches('button, a, [role="tab"]') && overflowing) problems.push(`${describe(element)}: its text overflows the control`);
    if (element instanceof HTMLSelectElement && element.selectedOptions.length) {
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (context.measureText(element.selectedOptions[0].text).width > room + 1) problems.push(`${describe(element)} cuts its choice`);
    }
  }
  return problems;
}

/**
 * Every history row is a card on the phone: its five cells on screen, none over another, and each
 * cell's text within its box (a type squeezed under its status badges is not).
 */
async function expectRowsReadable(page: Page): Promise<void> {
  for (const row of await historyRows(page).all()) {
    const cells = row.getByRole('cell');
    await expect(cells).toHaveCount(5);
    const boxes = await cells.evaluateAll((elements) =>
      elements.map((cell) => {
        const { left, right, top, bottom } = cell.getBoundingClientRect();
        return { text: cell.textContent ?? '', left, right, top, bottom, overflows: cell.scrollWidth > cell.clientWidth + 1 };
      }),
    );
    for (const [index, box] of boxes.entries()) {
      expect(box.left >= 0 && box.right <= PHONE.width, `${box.text} on the phone's width`).toBe(true);
      expect(box.overflows, `${box.text} within its cell`).toBe(false);
      for (const other of boxes.slice(index + 1)) {
        const overlap = box.left < other.right - 0.5 && other.left < box.right - 0.5 && box.top < other.bottom - 0.5 && other.top < box.bottom - 0.5;
        expect(overlap, `${box.text} clear of ${other.text}`).toBe(false);
      }
    }
  }
}

/** Transitions and finite animations end (a chevron turning is wider for a moment); toasts are left to run. */
async function animationsDone(): Promise<void> {
  const running = document.getAnimations().filter((animation) => {
    const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
    return animation.effect?.getTiming().iterations !== Infinity && !target?.closest('.Toastify');
  });
  await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
}

/**
 * Words split over two lines inside the elements `selector` finds in `root`: a hyphen may end a
 * line, and e-mails, addresses and references (words with '@' or '/', values marked data-token)
 * may break anywhere (in the page).
 */
function wordsSplitOverLines(root: Element, selector: string): string[] {
  const split: string[] = [];
  for (const element of Array.from(root.querySelectorAll(selector))) {
    if (element.closest('.Toastify, [data-token]')) continue;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (const word of node.data.matchAll(/[^\s-]+/g)) {
        if (/[@/]/.test(word[0])) continue;
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) split.push(`"${word[0]}" in <${element.tagName.toLowerCase()}>`);
      }
    }
  }
  return split;
}

/** Where a word split in the middle is wrong anywhere: controls, labels, headings, table cells. */
const WORDS_KEPT_WHOLE = 'button, a, [role="tab"], label, legend, h1, h2, h3, th, td';
/** On a receipt: the labels, the values that are not e-mails or references, the title. */
const RECEIPT_WORDS_KEPT_WHOLE = 'dt, dd, p';

/** Lines of text in an image: runs of pixel rows holding ink (dark pixels) (in the page). */
async function textLinesIn(dataUrl: string): Promise<number> {
  const image = new Image();
  image.src = dataUrl;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d')!;
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  let lines = 0;
  let previousInk = false;
  for (let y = 0; y < canvas.height; y++) {
    let ink = false;
    for (let x = 0; x < canvas.width && !ink; x++) {
      const i = (y * canvas.width + x) * 4;
      ink = data[i + 3] > 128 && 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2] < 160;
    }
    if (ink && !previousInk) lines++;
    previousInk = ink;
  }
  return lines;
}

/** Checks each screen and keeps its screenshots. */
class Screens {
  /** Screenshots are numbered from `first` (each part of the walk has its own hundred). */
  constructor(private readonly page: Page, readonly folder: string, private count = 0) {
    mkdirSync(folder, { recursive: true });
  }

  /**
   * The screen as it is now: its layout at 360 px (and at 390 and 1280 px while the screenshots are
   * taken), the bottom bar when signed in, axe at 360 px.
   */
  async check(name: string, { signedIn = true }: { signedIn?: boolean } = {}): Promise<void> {
    const { page } = this;
    const file = `${String(++this.count).padStart(2, '0')}-${name}`;
    // With a dialog open the page does not scroll: the screenshot is the screen, else the whole page.
    const fullPage = (await page.getByRole('dialog').count()) === 0;
    for (const size of SHOT_SIZES) {
      await page.setViewportSize(size);
      await page.evaluate(animationsDone);
      expect(await page.evaluate(layoutProblems), `${name} at ${size.width} px`).toEqual([]);
      expect(await page.locator('body').evaluate(wordsSplitOverLines, WORDS_KEPT_WHOLE), `${name}: words split at ${size.width} px`).toEqual([]);
      // The whole page in a screen as tall as it, so the bottom bar is drawn at its foot.
      const height = fullPage ? await page.evaluate(() => document.documentElement.scrollHeight) : size.height;
      if (height > size.height) await page.setViewportSize({ width: size.width, height });
      // JPEG: a person looks at these; encoding a tall page as PNG costs Chromium several times more.
      await page.screenshot({ path: path.join(this.folder, `${file}-${size.width}.jpeg`), type: 'jpeg', quality: 85 });
    }
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(layoutProblems), `${name} at 360 px`).toEqual([]);
    if (signedIn) await this.expectBottomBar();
    await expectAccessible(page);
  }

  /** The four bottom-bar items are whole on the screen, and usable when no dialog covers them. */
  private async expectBottomBar(): Promise<void> {
    const menu = this.page.getByRole('navigation', { name: 'Main menu' });
    const dialogOpen = (await this.page.getByRole('dialog').count()) > 0;
    for (const name of MENU_BAR) await expect(menu.getByRole('link', { name, exact: true }), `bottom bar: ${name}`).toBeInViewport({ ratio: 1 });
    // Where each item is, and whether it is what a tap at its centre reaches, read in one pass.
    const items = await menu.evaluate((nav, names) => names.map((name) => {
      const link = Array.from(nav.querySelectorAll('a')).find((a) => (a.getAttribute('aria-label') ?? a.textContent ?? '').trim() === name);
      if (!link) return { name, bottom: -1, onTop: false };
      const box = link.getBoundingClientRect();
      return { name, bottom: box.bottom, onTop: link.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)) };
    }), [...MENU_BAR]);
    for (const { name, bottom, onTop } of items) {
      expect(bottom, `bottom bar: ${name} at the foot of the screen`).toBeGreaterThan(PHONE.height - 80);
      if (!dialogOpen) expect(onTop, `bottom bar: ${name} not covered`).toBe(true);
    }
  }

  /**
   * The open receipt at 360 and 390 px: no ordinary word split over two lines, and the PNG it saves
   * has as many lines of text as the receipt on screen (a word broken in the image adds a line).
   */
  async checkReceipt(dialog: Locator, name: string): Promise<void> {
    const { page } = this;
    const sheet = dialog.locator('dl').locator('..');
    for (const size of [PHONE, SHOT_SIZES[1]]) {
      await page.setViewportSize(size);
      expect(await sheet.evaluate(wordsSplitOverLines, RECEIPT_WORDS_KEPT_WHOLE), `${name}: words split at ${size.width} px`).toEqual([]);
      const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Share Receipt' }).click()]);
      const png = await readFile((await download.path())!);
      await download.saveAs(path.join(this.folder, `${String(this.count).padStart(2, '0')}-${name}-saved-${size.width}.png`));
      // The receipt as drawn, without a toast sliding over it (the share's own 'Receipt shared
      // successfully!' covers the top of a receipt scrolled to the top of a phone's screen).
      const onScreen = `data:image/png;base64,${(await sheet.screenshot({ style: '.Toastify { display: none !important; }' })).toString('base64')}`;
      const saved = `data:image/png;base64,${png.toString('base64')}`;
      const [screenLines, savedLines] = [await page.evaluate(textLinesIn, onScreen), await page.evaluate(textLinesIn, saved)];
      expect(savedLines, `${name}: lines of text in the saved PNG at ${size.width} px`).toBe(screenLines);
      await expect(dialog.getByRole('button', { name: 'Share Receipt' })).toBeEnabled();
    }
    await page.setViewportSize(PHONE);
  }
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test.use({ viewport: PHONE });

// The walk over every screen is in three parts that run side by side (each some fifteen screens,
// each at three widths with axe): signed out; signed in while verifying; a verified customer's money.
test.describe.configure({ mode: 'parallel' });

/** Where the screenshots go (printed, so a CI log says where to look). */
function screensFolder(testInfo: TestInfo): string {
  const folder = path.join(testInfo.project.outputDir, 'screens');
  console.log(`Screenshots of every screen at 360, 390 and 1280 px: ${folder}`);
  return folder;
}

/** Long names, where a layout breaks first. */
const NAME = { firstName: 'Chiamaka', lastName: 'Okonkwo-Williamson' };

// The longest part first, so that it starts at once beside the others.
test('every screen of a verified customer fits a 360 px phone: sending, history, profile, axe clean', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const screens = new Screens(page, screensFolder(testInfo), 200);
  await withoutWebShare(page);
  // Verified, with a PIN and the money the walk above added (made through the API).
  // A naira balance past a million: the widest amounts on History's cards, beside a long name.
  const customer = await createMoneyCustomer(request, { ...NAME, residence: 'NG', activateNaira: true, fund: { CAD: 1_250.75, NGN: 1_185_000 } });
  // The recipient of the Kudi-user transfer, made through the API meanwhile.
  const friendReady = createMoneyCustomer(request, { firstName: 'Bola', lastName: 'Ade' });
  await openSignedIn(page, customer);
  await expect(page.getByRole('region', { name: 'NGN Balance' })).toContainText('₦1,185,000.00');

  await page.getByRole('button', { name: 'Send Money', exact: true }).click();
  const choose = page.getByRole('dialog', { name: 'Select Currency' });
  await expect(choose).toBeVisible();
  await screens.check('select-currency-dialog');
  await choose.getByRole('button', { name: /Send CAD/ }).click();
  await expect(page).toHaveURL(/\/transfer-cad$/);
  await page.getByLabel('Recipient name').fill('Oluwaseun Babatunde-Williams');
  await page.getByLabel('Recipient email').fill('oluwaseun.babatunde-williams@example.com');
  await page.getByLabel('Amount (CAD)').fill('75.25');
  await screens.check('send-cad');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Review' })).toBeVisible();
  await screens.check('send-cad-review');
  await page.getByRole('dialog', { name: 'Review' }).getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog', { name: 'Enter Transaction PIN' })).toBeVisible();
  await screens.check('send-cad-pin');
  await confirmWithPin(page, customer.pin);
  const receipt = page.getByRole('dialog', { name: 'Transaction Receipt' });
  await expect(receipt).toBeVisible();
  await screens.check('send-cad-receipt');
  await screens.checkReceipt(receipt, 'send-cad-receipt');
  await receipt.getByRole('button', { name: 'Done' }).click();

  // Send NGN to a bank account: one the simulated rail declines (its number ends in 0000), so its
  // detail page is seen pending, then failed and refunded.
  await page.goto('/transfer-naira');
  const bank = page.getByRole('combobox', { name: 'Bank' });
  // A long list of matches near the screen's bottom opens above the field: all on screen, clear of
  // the header (56 px) and the bottom bar (64 px).
  await bank.fill('micro');
  const banks = page.getByRole('listbox', { name: 'Bank' });
  await expect(banks.getByRole('option')).not.toHaveCount(0);
  const box = await banks.boundingBox();
  expect(box !== null && box.y >= 56 && box.y + box.height <= PHONE.height - 64, `the bank list at ${JSON.stringify(box)}, clear of the bars`).toBe(true);
  await bank.fill('guaranty');
  await expect(page.getByRole('option', { name: 'Guaranty Trust Bank (GTBank)' })).toBeVisible();
  await screens.check('send-ngn-bank-list');
  await page.getByRole('option', { name: 'Guaranty Trust Bank (GTBank)' }).click();
  await page.getByLabel('Recipient account number').fill('0068700000');
  await expect(page.getByLabel('Recipient account name')).toHaveValue('Blessing Etim');
  await page.getByLabel('Amount (NGN)').fill('2500');
  await screens.check('send-ngn');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Review' })).toBeVisible();
  await screens.check('send-ngn-review');
  await page.getByRole('dialog', { name: 'Review' }).getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog', { name: 'Enter Transaction PIN' })).toBeVisible();
  await screens.check('send-ngn-pin');
  await confirmWithPin(page, customer.pin);
  await expect(receipt).toBeVisible();
  await screens.check('send-ngn-receipt');
  await screens.checkReceipt(receipt, 'send-ngn-receipt');
  // Its detail page while it is pending: on its way, Send again and (in its hold) Cancel transfer.
  await receipt.getByRole('button', { name: 'View details' }).click();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText(/^On its way\. Expected by /)).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Send again' })).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Cancel transfer' })).toBeVisible();
  await screens.check('transaction-detail-pending');

  // Send to a Kudi user (a second customer, made through the API).
  const friend = await friendReady;
  await menu(page).getByRole('link', { name: 'Home' }).click();
  await page.getByRole('button', { name: 'Send to a Kudi user' }).click();
  const userForm = page.getByRole('form', { name: 'Send CAD' });
  await userForm.getByLabel('Recipient email').fill(friend.email);
  await expect(userForm.getByRole('status')).toHaveText('Recipient: Bola Ade');
  await userForm.getByLabel('Amount (CAD)').fill('20');
  await screens.check('send-to-user');
  await userForm.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('dialog', { name: 'Review' })).toBeVisible();
  await screens.check('send-to-user-review');
  await page.getByRole('dialog', { name: 'Review' }).getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog', { name: 'Enter Transaction PIN' })).toBeVisible();
  await screens.check('send-to-user-pin');
  await confirmWithPin(page, customer.pin);
  await expect(receipt).toBeVisible();
  await screens.check('send-to-user-receipt');
  await receipt.getByRole('button', { name: 'Done' }).click();

  // Exchange.
  await menu(page).getByRole('link', { name: 'Convert' }).click();
  await page.getByLabel('You send').fill('100.50');
  await expect(page.getByLabel('You receive')).toHaveValue(/^[\d,]+\.\d{2}$/);
  await screens.check('exchange');
  await page.getByRole('button', { name: 'Convert', exact: true }).click();
  const quoteReview = page.getByRole('dialog', { name: 'Review' });
  await expect(quoteReview).toBeVisible();
  await expect(quoteReview.getByRole('timer')).toBeVisible();
  await screens.check('exchange-review');
  await quoteReview.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog', { name: 'Enter Transaction PIN' })).toBeVisible();
  await screens.check('exchange-pin');
  await confirmWithPin(page, customer.pin);
  await expectToast(page, 'Successfully converted CAD 100.50 to NGN');
  const converted = page.getByRole('dialog', { name: 'Transaction Receipt' });
  await expect(converted).toBeVisible();
  await screens.check('exchange-receipt');
  await converted.getByRole('button', { name: 'Done' }).click();

  // Bills: the school fee (form, PIN, success) and the bills list.
  await menu(page).getByRole('link', { name: 'Home' }).click();
  await page.getByRole('button', { name: 'School', exact: true }).click();
  await page.getByPlaceholder('Search for School').fill('Toronto');
  await screens.check('bills-school-search');
  await page.getByRole('button', { name: 'University of Toronto', exact: true }).click();
  await page.getByLabel('Amount (CAD)').fill('120.40');
  await page.getByLabel('Payee account number').fill('1009876543');
  await page.getByLabel('Description').fill('Fall tuition');
  await screens.check('bills-school');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog', { name: 'Review' })).toBeVisible();
  await screens.check('bills-school-review');
  await page.getByRole('dialog', { name: 'Review' }).getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog', { name: 'Enter Transaction PIN' })).toBeVisible();
  await screens.check('bills-school-pin');
  await confirmWithPin(page, customer.pin);
  const paid = page.getByRole('dialog', { name: 'Payment Successful' });
  await expect(paid).toBeVisible();
  await screens.check('bills-school-receipt');
  await screens.checkReceipt(paid, 'bills-school-receipt');
  await paid.getByRole('button', { name: 'Done' }).click();
  await menu(page).getByRole('link', { name: 'Home' }).click();
  await page.getByRole('button', { name: 'Pay Bills', exact: true }).click();
  await expect(page.getByPlaceholder('Search for Biller')).toBeVisible();
  await screens.check('bills');

  // History: the payouts settled, every row a card with its date, details, amount and status on screen.
  await releasePayouts(request, customer.email);
  await menu(page).getByRole('link', { name: 'Home' }).click();
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await expect(historyRows(page).first()).toBeVisible();
  await expect(historyRows(page).getByText('pending')).toHaveCount(0, { timeout: 20_000 });
  expect(await historyRows(page).count()).toBeGreaterThanOrEqual(5);
  await expectRowsReadable(page);
  await screens.check('history');
  // Download statement's period picker (spec-next §E).
  await page.getByRole('button', { name: 'Download statement' }).click();
  const statement = page.getByRole('dialog', { name: 'Download statement' });
  await expect(statement.getByLabel('From')).toBeVisible();
  await screens.check('history-statement');
  await statement.getByRole('button', { name: 'Close' }).click();
  await expect(statement).toBeHidden();
  await showHistoryOf(page, 'NGN');
  await expect(historyRows(page).first().getByRole('cell').nth(1)).toHaveText('DEPOSIT');
  // Among them the declined payout: its type beside two status badges ('failed', 'Refunded').
  await expect(historyRows(page).getByText('Refunded')).toHaveCount(1);
  await expectRowsReadable(page);
  await screens.check('history-ngn-filters');
  // The declined payout's detail page: failed and refunded, with its timeline and receipt.
  await historyRows(page).getByRole('link', { name: 'Blessing Etim' }).click();
  await expect(summary).toContainText('failed');
  await expect(summary).toContainText('Refunded');
  await expect(page.getByRole('list', { name: 'Timeline' }).getByRole('listitem')).toHaveCount(4);
  await screens.check('transaction-detail-failed');

  // Profile and its dialogs.
  await menu(page).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
  await screens.check('profile');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByRole('dialog', { name: 'Update Profile' })).toBeVisible();
  await screens.check('profile-update');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('dialog', { name: 'Change Password' })).toBeVisible();
  await screens.check('profile-change-password');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Change Transaction PIN' }).click();
  const verify = page.getByRole('dialog', { name: 'Verify Password' });
  await verify.getByLabel('Password', { exact: true }).fill(customer.password);
  await screens.check('pin-settings-password');
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('dialog', { name: 'Change Transaction PIN' })).toBeVisible();
  await screens.check('pin-settings-change-pin');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // About and the Help Center.
  await menu(page).getByRole('link', { name: 'About' }).click();
  await page.getByRole('button', { name: 'Help Center' }).click();
  await screens.check('about-help');
  await page.getByRole('button', { name: 'FAQ' }).click();
  await expect(page.getByRole('dialog', { name: 'Frequently Asked Questions' })).toBeVisible();
  await screens.check('about-faq');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Contact Customer Support' }).click();
  await expect(page.getByRole('dialog', { name: 'Contact Customer Support' })).toBeVisible();
  await screens.check('about-contact');
  await page.keyboard.press('Escape');

  // The Select Currency screen, then sign out.
  await page.goto('/transfer');
  await expect(page.getByRole('heading', { name: 'Select Currency', level: 1 })).toBeVisible();
  await screens.check('select-currency');
  await menu(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign Out Confirmation' })).toBeVisible();
  await screens.check('sign-out');
  await page.getByRole('dialog', { name: 'Sign Out Confirmation' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('every signed-out screen fits a 360 px phone: no sideways scrolling, axe clean', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const screens = new Screens(page, screensFolder(testInfo), 0);
  const customer = newCustomer(NAME);

  // Signed out: sign in, the sign-up wizard, forgot password, the public pages.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await screens.check('sign-in', { signedIn: false });

  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  const nationality = page.getByLabel('Nationality', { exact: true });
  await expect(nationality).toBeEnabled();
  await nationality.selectOption(customer.nationality);
  await screens.check('sign-up-1-country', { signedIn: false });
  await page.getByLabel('My country of residence is the same as my nationality', { exact: true }).check();
  await page.getByRole('checkbox', { name: /I have read and agree to the Privacy Policy/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Tell us more about you' })).toBeVisible();
  await page.getByLabel('First name', { exact: true }).fill(customer.firstName);
  await page.getByLabel('Last name', { exact: true }).fill(customer.lastName);
  await page.getByLabel('Date of birth', { exact: true }).fill(customer.dateOfBirth);
  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  await screens.check('sign-up-2-details', { signedIn: false });
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Review Your Details' })).toBeVisible();
  await screens.check('sign-up-3-review', { signedIn: false });
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Create Password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(customer.password);
  await screens.check('sign-up-4-password', { signedIn: false });
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByRole('heading', { name: 'Confirm Email' })).toBeVisible();
  await typeCode(page, page, await readOtp(request, customer.email));
  await screens.check('sign-up-5-confirm-email', { signedIn: false });
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expectToast(page, 'Email verified successfully!');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  await screens.check('forgot-password-1-email', { signedIn: false });
  const sent = await outboxCount(request, customer.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm email address' })).toBeVisible();
  await typeCode(page, page, await readOtp(request, customer.email, sent));
  await screens.check('forgot-password-2-code', { signedIn: false });
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Create Password' })).toBeVisible();
  customer.password = 'Phone#Fits360';
  await page.getByLabel('New password', { exact: true }).fill(customer.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(customer.password);
  await screens.check('forgot-password-3-new-password', { signedIn: false });
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await screens.check('privacy-policy', { signedIn: false });
  await page.goto('/identity-verification');
  await expect(page.getByRole('heading', { name: 'Identity Verification', level: 1 })).toBeVisible();
  await screens.check('identity-verification-public', { signedIn: false });
  await page.goto('/support/replay');
  await expect(page.getByLabel('Diagnostics file')).toBeVisible();
  await screens.check('support-replay', { signedIn: false });

});

test('every screen while verifying fits a 360 px phone: the bottom bar on screen, axe clean', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const screens = new Screens(page, screensFolder(testInfo), 100);
  // A customer who has just confirmed the e-mail (made through the API: the wizard is walked above).
  const customer = await createAccount(request, { ...NAME, residence: 'NG' });

  // Signed in, not verified yet: the dashboard, the reminder, the verification screen and its dialogs.
  await signIn(page, customer.email, customer.password);
  await screens.check('dashboard-unverified');
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const reminder = page.getByRole('dialog', { name: 'Verification required' });
  await expect(reminder).toBeVisible();
  await screens.check('verification-reminder');
  await reminder.getByRole('button', { name: 'Verify now' }).click();
  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByRole('button', { name: 'Verify Phone' })).toBeVisible();
  await screens.check('verification');

  const number = uniqueNigerianPhone();
  await page.getByRole('button', { name: 'Verify Phone' }).click();
  const phoneDialog = page.getByRole('dialog', { name: 'Verify Phone' });
  await phoneDialog.getByLabel('Country', { exact: true }).selectOption('NG');
  await phoneDialog.getByLabel('Phone number', { exact: true }).fill(number);
  await screens.check('verification-phone-number');
  await phoneDialog.getByRole('button', { name: 'Send OTP' }).click();
  const codeDialog = page.getByRole('dialog', { name: 'Enter Verification Code' });
  await expect(codeDialog).toBeVisible();
  await screens.check('verification-phone-code');
  await typeCode(page, codeDialog, await readOtp(request, `+234${number}`));
  await expectToast(page, 'Phone number verified successfully!');
  await expect(codeDialog).toBeHidden();

  await page.getByRole('button', { name: 'Verify Identity' }).click();
  const frame = page.getByRole('dialog', { name: 'Identity verification' });
  await expect(frame).toBeVisible();
  const provider = page.frameLocator('iframe[title="Identity verification"]');
  await expect(provider.getByRole('button', { name: 'Approve' })).toBeVisible();
  await screens.check('verification-identity-provider');
  await provider.getByRole('button', { name: 'Approve' }).click();
  await expect(frame).toBeHidden();
  await expect(page.getByRole('button', { name: 'Verify Identity' })).toBeHidden({ timeout: 15_000 });
  await screens.check('verification-done');

  // Verified without a PIN: a tile opens the set-PIN dialog.
  await menu(page).getByRole('link', { name: 'Home' }).click();
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const setPin = page.getByRole('dialog', { name: 'Set Transaction PIN' });
  await expect(setPin).toBeVisible();
  await typeCode(page, setPin, DEFAULT_PIN);
  await screens.check('set-pin');
  await setPin.getByRole('button', { name: 'Continue' }).click();
  const confirmPin = page.getByRole('dialog', { name: 'Confirm Transaction PIN' });
  await expect(confirmPin).toBeVisible();
  await screens.check('set-pin-confirm');
  await typeCode(page, confirmPin, DEFAULT_PIN);
  await confirmPin.getByRole('button', { name: 'Confirm PIN' }).click();
  await expectToast(page, 'Transaction PIN set successfully!');
  await expect(confirmPin).toBeHidden();

  // Add money: CAD deposit details (the e-mail whole), the naira wallet activated.
  await deposit(request, customer.email, 'CAD', 1_250.75);
  await menu(page).getByRole('link', { name: 'Account' }).click();
  const depositEmail = page.getByRole('textbox', { name: 'Deposit email', exact: true });
  await expect(depositEmail).toHaveValue(/@/);
  await screens.check('add-money-cad');
  await page.getByRole('tab', { name: 'NGN' }).click();
  await page.getByRole('button', { name: 'Activate Wallet' }).click();
  const activation = page.getByRole('dialog', { name: 'Activate Naira Wallet' });
  await activation.getByLabel('BVN').fill(BVN);
  await screens.check('add-money-ngn-activate');
  await activation.getByRole('button', { name: 'Activate Wallet' }).click();
  await expectToast(page, 'Wallet activated successfully!');
  await expect(page.getByRole('textbox', { name: 'Account number', exact: true })).toHaveValue(/^\d{10}$/);
  await deposit(request, customer.email, 'NGN', 185_000);
  await screens.check('add-money-ngn');

  // The dashboard: on a 360 x 640 phone every quick action is on screen without scrolling.
  await menu(page).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('region', { name: 'NGN Balance' })).toContainText('₦185,000.00');
  const barTop = (await menu(page).getByRole('list').first().boundingBox())!.y;
  const tiles = page.getByRole('region', { name: 'Quick Actions' }).getByRole('button');
  await expect(tiles).toHaveCount(8);
  for (const tile of await tiles.all()) {
    const box = (await tile.boundingBox())!;
    expect(box.y + box.height, `${await tile.textContent()} above the fold`).toBeLessThanOrEqual(barTop);
  }
  await screens.check('dashboard');

});
