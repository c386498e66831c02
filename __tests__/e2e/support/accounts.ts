import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';

/**
 * Journey helpers for accounts, sessions and verification (issue 3). Everything a customer does goes
 * through the browser; `request` (same origin) only reads the simulated outbox.
 */

export interface CustomerDetails {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** yyyy-mm-dd */
  dateOfBirth: string;
  /** ISO country code of the nationality (and of the residence: 'same as nationality'). */
  nationality: string;
}

export interface UiOptions {
  /** Run axe on each screen passed (the journeys of issue 3 do; helpers for other journeys skip it for speed). */
  a11y?: boolean;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** A unique e-mail address for one journey's customer. */
export const uniqueEmail = (prefix = 'customer') => `${prefix}-${unique()}@example.com`;

/** A Nigerian mobile number no other journey uses: '+234' and 10 digits. */
export const uniqueNigerianPhone = () => `80${String(Date.now() % 1e6).padStart(6, '0')}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;

export const DEFAULT_PASSWORD = 'Secret#2025';
export const DEFAULT_PIN = '2468';

/** Fresh customer details; anything given overrides the defaults. */
export function newCustomer(overrides: Partial<CustomerDetails> = {}): CustomerDetails {
  return {
    email: uniqueEmail(),
    password: DEFAULT_PASSWORD,
    firstName: 'Ada',
    lastName: 'Obi',
    dateOfBirth: '1990-05-15',
    nationality: 'NG',
    ...overrides,
  };
}

/** A toast with this exact text is shown. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.locator('.Toastify').getByText(text, { exact: true }).first()).toBeVisible();
}

interface OutboxMessage {
  to: string;
  subject: string;
  body: string;
  otp: string | null;
  created_at: string;
}

/** The simulated outbox of an e-mail address or phone number, newest first. */
export async function outbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: OutboxMessage[] }).data;
}

/** How many messages `to` has received so far: pass it to `readOtp` to wait for a newer code. */
export async function outboxCount(request: APIRequestContext, to: string): Promise<number> {
  return (await outbox(request, to)).length;
}

/** The newest code sent to `to`, waiting until more than `after` messages have arrived. */
export async function readOtp(request: APIRequestContext, to: string, after = 0): Promise<string> {
  let otp: string | null = null;
  await expect
    .poll(async () => {
      const messages = await outbox(request, to);
      // Only the messages that arrived after `after` (newest first): an older code is never taken,
      // even when a notification e-mail was what arrived.
      otp = messages.slice(0, Math.max(messages.length - after, 0)).find((message) => message.otp)?.otp ?? null;
      return otp;
    }, { message: `an OTP for ${to}`, intervals: [100, 200, 300, 500] })
    .not.toBeNull();
  return otp as unknown as string;
}

/** Types a code into a group of one-digit boxes ('Digit 1 of n' …) inside `scope`, from box 1. */
export async function typeCode(page: Page, scope: Page | Locator, code: string): Promise<void> {
  const first = scope.getByLabel(`Digit 1 of ${code.length}`, { exact: true });
  await expect(first).toBeEnabled();
  await first.click();
  await page.keyboard.type(code);
}

/** Sign-up's first two steps, from '/', ending on step 3 'Review Your Details'. */
export async function fillSignUpDetails(page: Page, customer: CustomerDetails, { a11y = false }: UiOptions = {}): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign Up' }).click();

  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  const nationality = page.getByLabel('Nationality', { exact: true });
  await expect(nationality).toBeEnabled();
  await nationality.selectOption(customer.nationality);
  await page.getByLabel('My country of residence is the same as my nationality', { exact: true }).check();
  await page.getByRole('checkbox', { name: /I have read and agree to the Privacy Policy/ }).check();
  if (a11y) await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Tell us more about you' })).toBeVisible();
  await page.getByLabel('First name', { exact: true }).fill(customer.firstName);
  await page.getByLabel('Last name', { exact: true }).fill(customer.lastName);
  await page.getByLabel('Date of birth', { exact: true }).fill(customer.dateOfBirth);
  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  if (a11y) await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Review Your Details' })).toBeVisible();
}

/** The first four steps of the sign-up wizard, from '/', ending on step 5 'Confirm Email' (a code is on its way). */
export async function startSignUpThroughUi(
  page: Page,
  overrides: Partial<CustomerDetails> = {},
  { a11y = false }: UiOptions = {},
): Promise<CustomerDetails> {
  const customer = newCustomer(overrides);
  await fillSignUpDetails(page, customer, { a11y });
  if (a11y) await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Create Password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(customer.password);
  if (a11y) await expectAccessible(page);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByRole('heading', { name: 'Confirm Email' })).toBeVisible();
  return customer;
}

/** The five steps of the sign-up wizard, from '/', ending on /login after the e-mail code is confirmed. */
export async function signUpThroughUi(
  page: Page,
  request: APIRequestContext,
  overrides: Partial<CustomerDetails> = {},
  { a11y = false }: UiOptions = {},
): Promise<CustomerDetails> {
  const customer = await startSignUpThroughUi(page, overrides, { a11y });
  const code = await readOtp(request, customer.email);
  await typeCode(page, page, code);
  if (a11y) await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expectToast(page, 'Email verified successfully!');
  await expect(page).toHaveURL(/\/login$/);
  return customer;
}

/** Signs in from the sign-in form ('/' or '/login'; opens '/' when elsewhere) and lands on /dashboard. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  if (!['/', '/login'].includes(new URL(page.url()).pathname)) await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
}

/** Opens /verification through the menu-less route (the screen is open to every signed-in user). */
async function openVerification(page: Page): Promise<void> {
  if (!page.url().endsWith('/verification')) await page.goto('/verification');
  await expect(page.getByRole('heading', { name: 'Phone Verification' })).toBeVisible();
}

/** Phone dialog (Nigeria + number, 'Send OTP'), then the SMS code typed into the code dialog, which submits on the sixth digit. */
export async function verifyPhoneThroughUi(
  page: Page,
  request: APIRequestContext,
  { number = uniqueNigerianPhone(), a11y = false }: { number?: string } & UiOptions = {},
): Promise<string> {
  await openVerification(page);
  const phone = `+234${number}`;
  await page.getByRole('button', { name: 'Verify Phone' }).click();
  const phoneDialog = page.getByRole('dialog', { name: 'Verify Phone' });
  await phoneDialog.getByLabel('Country', { exact: true }).selectOption('NG');
  await phoneDialog.getByLabel('Phone number', { exact: true }).fill(number);
  if (a11y) await expectAccessible(page);
  await phoneDialog.getByRole('button', { name: 'Send OTP' }).click();
  await expectToast(page, 'OTP sent successfully!');

  const codeDialog = page.getByRole('dialog', { name: 'Enter Verification Code' });
  await expect(codeDialog).toBeVisible();
  if (a11y) await expectAccessible(page);
  await typeCode(page, codeDialog, await readOtp(request, phone));
  await expectToast(page, 'Phone number verified successfully!');
  await expect(codeDialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Verify Phone' })).toBeHidden();
  return phone;
}

/** 'Verify Identity' opens the provider frame; Approve inside it; the review message; polling picks up the verified flag. */
export async function verifyIdentityThroughUi(page: Page, { a11y = false }: UiOptions = {}): Promise<void> {
  await openVerification(page);
  await page.getByRole('button', { name: 'Verify Identity' }).click();
  const frame = page.getByRole('dialog', { name: 'Identity verification' });
  await expect(frame).toBeVisible();
  if (a11y) await expectAccessible(page);
  await page.frameLocator('iframe[title="Identity verification"]').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText("We're reviewing your ID and we will send you an email as soon as we are done.").first()).toBeVisible();
  await expect(frame).toBeHidden();
  await expect(page).toHaveURL(/\/verification$/);
  // The user is polled every 5 s after the check starts.
  await expect(page.getByRole('button', { name: 'Verify Identity' })).toBeHidden({ timeout: 15_000 });
}

/**
 * Sets the first transaction PIN: a gated dashboard tile opens the set-PIN dialog (the customer is
 * verified but has no PIN); the PIN, then the same PIN again.
 */
export async function setPinThroughUi(page: Page, pin = DEFAULT_PIN, { a11y = false }: UiOptions = {}): Promise<string> {
  if (!page.url().endsWith('/dashboard')) {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).click();
  }
  await page.getByRole('button', { name: 'History' }).click();
  const setDialog = page.getByRole('dialog', { name: 'Set Transaction PIN' });
  await expect(setDialog).toBeVisible();
  await typeCode(page, setDialog, pin);
  if (a11y) await expectAccessible(page);
  await setDialog.getByRole('button', { name: 'Continue' }).click();
  const confirmDialog = page.getByRole('dialog', { name: 'Confirm Transaction PIN' });
  await expect(confirmDialog).toBeVisible();
  await typeCode(page, confirmDialog, pin);
  await confirmDialog.getByRole('button', { name: 'Confirm PIN' }).click();
  await expectToast(page, 'Transaction PIN set successfully!');
  await expect(confirmDialog).toBeHidden();
  return pin;
}
