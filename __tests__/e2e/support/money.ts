import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/**
 * Journey helpers for money (issues 4 and 5). The subject of these journeys is money, not sign-up:
 * a customer is made fast through the real HTTP API (sign-up, e-mail code, login, phone code,
 * identity decision at the simulated provider, PIN), the same calls the app makes, and the session
 * is then put into the browser the way the app stores it (localStorage 'user'). Everything the
 * journeys check is done in the browser.
 */

export const PASSWORD = 'Money#2025';
export const PIN = '1357';
/** A BVN the simulated partner bank accepts (any 11 digits). */
export const BVN = '22212345678';

export interface MoneyCustomer {
  email: string;
  password: string;
  pin: string;
  firstName: string;
  lastName: string;
  /** The verified phone number, e.g. '+14165551234'. */
  phone: string;
  /** The login answer merged with the current user, as the app keeps it in localStorage 'user'. */
  session: Record<string, unknown> & { access_token: string };
}

export interface AccountOptions {
  firstName?: string;
  lastName?: string;
  /** ISO code of the country of residence (default 'CA'); the nationality is 'NG'. */
  residence?: string;
}

/** A customer who signed up and confirmed the e-mail, and nothing else (no session, phone, identity or PIN). */
export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export interface CustomerOptions extends AccountOptions {
  /** Also activate the naira wallet (BVN) through the API. */
  activateNaira?: boolean;
  /** Deposits through the simulated rails, in major units. */
  fund?: { CAD?: number; NGN?: number };
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A unique e-mail for one journey's customer. */
export const uniqueMoneyEmail = (prefix = 'money') => `${prefix}-${unique()}@example.com`;

/**
 * A Canadian number no other customer uses (a verified phone belongs to one user): Toronto's 416
 * and a local number whose exchange starts 2-9, so the server's phone rules take it (any ten
 * digits were not all valid: an exchange starting 0 or 1, an area code not in use).
 */
const uniquePhone = () => `+1416${String(2_000_000 + Math.floor(Math.random() * 8_000_000))}`;

interface Answer<T> {
  success: unknown;
  message?: string;
  data?: T;
}

async function call<T = unknown>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const res = await request.fetch(`/api${path}`, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { data: body }),
  });
  const answer = (await res.json()) as Answer<T>;
  if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${JSON.stringify(answer)}`);
  return answer;
}

/** The newest code sent to an e-mail address or phone number (the simulated outbox). */
async function newestCode(request: APIRequestContext, to: string): Promise<string> {
  const { data } = await call<{ otp: string | null }[]>(request, 'GET', `/dev/outbox?to=${encodeURIComponent(to)}`);
  const otp = data?.find((message) => message.otp)?.otp;
  if (!otp) throw new Error(`no code was sent to ${to}`);
  return otp;
}

/** Money arrives through the simulated rails (POST /api/dev/deposits), in major units. */
export async function deposit(request: APIRequestContext, email: string, currency: 'CAD' | 'NGN', amount: number): Promise<void> {
  await call(request, 'POST', '/dev/deposits', { body: { email, currency, amount } });
}

/**
 * The simulated rails answer the customer's pending payouts now (POST /api/dev/payouts/release):
 * journeys run with a settlement delay longer than any journey, see a payout pending, then release it.
 */
export async function releasePayouts(request: APIRequestContext, email: string): Promise<void> {
  expect(await releasedPayouts(request, email)).toBeGreaterThan(0);
}

/** The same release, answering how many payouts the rails were handed (0 when none was unsettled: a cancelled one is not). */
export async function releasedPayouts(request: APIRequestContext, email: string): Promise<number> {
  const answer = await call<{ released: number }>(request, 'POST', '/dev/payouts/release', { body: { email } });
  return answer.data!.released;
}

/**
 * A customer signed up with the e-mail confirmed, through the real API (the calls the sign-up
 * wizard makes), for journeys whose subject comes after sign-up; they sign in through the browser.
 */
export async function createAccount(request: APIRequestContext, options: AccountOptions = {}): Promise<Account> {
  const email = uniqueMoneyEmail();
  const firstName = options.firstName ?? 'Ada';
  const lastName = options.lastName ?? 'Obi';
  await call(request, 'POST', '/auth/sign-up', {
    body: {
      address: '',
      confirm_password: PASSWORD,
      country_of_residence: options.residence ?? 'CA',
      date_of_birth: '15/05/1990',
      email,
      legal_first_name: firstName,
      legal_last_name: lastName,
      nationality: 'NG',
      password: PASSWORD,
    },
  });
  await call(request, 'POST', `/auth/verify-email/${encodeURIComponent(email)}`, { body: { otp: await newestCode(request, email) } });
  return { email, password: PASSWORD, firstName, lastName };
}

/**
 * A fully verified customer (e-mail, phone, identity) with a transaction PIN, made through the
 * real API; optionally with an activated naira wallet and money.
 */
export async function createMoneyCustomer(request: APIRequestContext, options: CustomerOptions = {}): Promise<MoneyCustomer> {
  const { email, firstName, lastName } = await createAccount(request, options);
  const login = await call<{ access_token: string }>(request, 'POST', '/auth/login', { body: { email, password: PASSWORD, method: 'EMAIL' } });
  const token = login.data!.access_token;

  const phone = uniquePhone();
  await call(request, 'POST', '/auth/send-otp-phone', { token, body: { phone_number: phone } });
  await call(request, 'POST', `/auth/verify-phone/${encodeURIComponent(phone)}`, { token, body: { otp: await newestCode(request, phone) } });

  const identity = await call<{ verification: { url: string } }>(request, 'POST', '/auth/create-veriff-session', { token });
  // The simulated provider's decision route (what its Approve button posts).
  const decision = await request.post(`${new URL(identity.data!.verification.url, 'http://localhost').pathname}/decision`, { data: { status: 'approved' } });
  expect(decision.ok(), await decision.text()).toBe(true);

  await call(request, 'POST', '/wallet/create-pin', { token, body: { transaction_pin: PIN, confirm_transaction_pin: PIN } });
  if (options.activateNaira) await call(request, 'POST', '/wallet/naira-wallet', { token, body: { bvn: BVN, gender: 'female' } });
  for (const currency of ['CAD', 'NGN'] as const) {
    const amount = options.fund?.[currency];
    if (amount) await deposit(request, email, currency, amount);
  }

  const user = await call<Record<string, unknown>>(request, 'GET', '/auth/user', { token });
  const fields = (user.data?.data ?? user.data) as Record<string, unknown>;
  expect(fields).toMatchObject({ is_email_verified: true, is_phone_verified: true, is_identity_verified: true, is_set_transaction_pin: true });
  return { email, password: PASSWORD, pin: PIN, firstName, lastName, phone, session: { ...login.data!, ...fields, access_token: token } };
}

/** Puts the customer's session into the browser as the app stores it (localStorage 'user') and opens `path`. */
export async function openSignedIn(page: Page, customer: MoneyCustomer, path = '/dashboard'): Promise<void> {
  const stored = JSON.stringify({ ...customer.session, token: customer.session.access_token });
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('user', value), stored);
  await page.goto(path);
}

/** The receipt is downloaded rather than shared: Chromium must not offer the Web Share API. */
export async function withoutWebShare(page: Page): Promise<void> {
  await page.addInitScript(() => {
    for (const name of ['share', 'canShare'] as const) {
      try {
        Object.defineProperty(Navigator.prototype, name, { value: undefined, configurable: true });
      } catch {
        /* not defined in this browser */
      }
    }
  });
}

/** The dashboard's balance card of a currency. */
export const balanceCard = (page: Page, currency: 'CAD' | 'NGN', title = `${currency} Balance`): Locator =>
  page.getByRole('region', { name: title, exact: true });

/**
 * The review every send shows before the PIN (spec-next §A): its rows as label → value, read
 * while it is open. Continue then opens the PIN.
 */
export async function reviewRows(page: Page): Promise<Record<string, string>> {
  const review = page.getByRole('dialog', { name: 'Review' });
  await expect(review).toBeVisible();
  const labels = await review.locator('dt').allInnerTexts();
  const values = await review.locator('dd').allInnerTexts();
  return Object.fromEntries(labels.map((label, index) => [label.trim(), values[index]?.trim() ?? '']));
}

/**
 * Types the PIN into the PIN modal and confirms. A send opens its review first (form → review →
 * PIN): when the review is what is open, it goes on from it with Continue.
 */
export async function confirmWithPin(page: Page, pin: string): Promise<void> {
  const modal = page.getByRole('dialog', { name: 'Enter Transaction PIN' });
  const review = page.getByRole('dialog', { name: 'Review' });
  await expect(modal.or(review)).toBeVisible();
  if (await review.isVisible()) await review.getByRole('button', { name: 'Continue' }).click();
  await expect(modal).toBeVisible();
  const first = modal.getByLabel('Digit 1 of 4', { exact: true });
  await expect(first).toBeEnabled();
  await first.click();
  await page.keyboard.type(pin);
  await modal.getByRole('button', { name: 'Confirm' }).click();
}

/** A toast with this exact text is shown. */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  const toast = typeof text === 'string' ? page.locator('.Toastify').getByText(text, { exact: true }) : page.locator('.Toastify').getByText(text);
  await expect(toast.first()).toBeVisible();
}

/** The Main menu link (side menu) of a screen. */
export async function openFromMenu(page: Page, name: 'Home' | 'Convert' | 'Account' | 'Profile' | 'About'): Promise<void> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true }).click();
}

/** Rows of the history table (tbody rows). */
export const historyRows = (page: Page): Locator => page.getByRole('table').locator('tbody tr');

/** Shows one currency's transactions on /history through the Filters panel. */
export async function showHistoryOf(page: Page, currency: 'CAD' | 'NGN'): Promise<void> {
  const filters = page.getByRole('button', { name: 'Filters' });
  if ((await filters.getAttribute('aria-expanded')) !== 'true') await filters.click();
  await page.getByRole('group', { name: 'Currency' }).getByRole('button', { name: currency, exact: true }).click();
  await expect(page.getByRole('region', { name: `${currency} transactions` })).toBeVisible();
}

/** '104494.95' → '104,494.95' (the app's display of a computed amount). */
export function withCommas(amount: string): string {
  const [whole, cents] = amount.split('.');
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${cents}`;
}
