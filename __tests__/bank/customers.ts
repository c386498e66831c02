/**
 * Customers of the bank test, made through the real API flows as a person would: sign-up, the
 * e-mail code from the simulated outbox, login, phone code by (simulated) SMS, the simulated
 * identity provider's approval, transaction PIN, naira wallet activation. Money arrives through
 * the signed deposit webhooks, as the rails would post them.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { signWebhook, SIGNATURE_HEADER } from '../../src/server/lib/webhook-signature';
import { dataOf, sleep, type Answer, type Http } from './http';
import type { Tier, ZonePeriod } from './limits';

export const PASSWORD = 'Bank!Test2025';
export const PIN = '4826';
export const BVN = '22212345678';
const FIRST_NAMES = ['Ada', 'Chinedu', 'Ngozi', 'Emeka', 'Funmi', 'Tunde', 'Amaka', 'Bola', 'Ifeoma', 'Kelechi', 'Yemi', 'Zainab'];
const LAST_NAMES = ['Obi', 'Okafor', 'Balogun', 'Eze', 'Adeyemi', 'Nwosu', 'Bello', 'Okeke', 'Lawal', 'Ibe'];

export interface BankCustomer {
  index: number;
  email: string;
  firstName: string;
  lastName: string;
  token: string;
  /** The CAD deposit e-mail (Interac autodeposit). */
  depositEmail: string;
  /** The naira virtual account (NIP inflows), and the name on it. */
  accountNumber: string;
  accountName: string;
  /** Their tier (spec-next §B): every third customer's proof of address is approved (Plus). */
  tier: Tier;
  /**
   * Their time zones (update-timezone), oldest first: a send is counted in the day (and the 30 days)
   * of its moment in the zone of then, from their midnights. A traveller sends before the run in
   * one zone, then moves to a zone a day ahead, whose day began before those sends: they count for
   * it too (a move of zone starts no new day).
   */
  zones: ZonePeriod[];
  traveller: boolean;
  /** Filled in by the checks: ledger account ids. */
  accounts?: { CAD: bigint; NGN: bigint };
}

/** Travellers' zones: 12 hours behind UTC before the run, 14 hours ahead during it (a later date, begun earlier). */
export const TRAVELLER_ZONES = ['Etc/GMT+12', 'Pacific/Kiritimati'] as const;
/** The others' zones (the last a half-hour offset). */
const HOME_ZONES = ['Africa/Lagos', 'America/Toronto', 'Asia/Kolkata'];

/** Throws with the call's answer unless it is a 200. */
function expectOk(what: string, answer: Answer): Answer {
  if (answer.status !== 200) throw new Error(`${what} answered ${answer.status || answer.error}: ${JSON.stringify(answer.body)}`);
  return answer;
}

async function retryOnConnection(http: Http, what: string, call: () => Promise<Answer>): Promise<Answer> {
  for (let attempt = 0; ; attempt += 1) {
    const answer = await call();
    if (answer.status !== 0 || attempt >= 5) return expectOk(what, answer);
    await sleep(500);
  }
}

async function latestOtp(http: Http, to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const answer = expectOk('outbox', await http.call(`/api/dev/outbox?to=${encodeURIComponent(to)}`));
    const messages = dataOf<{ otp: string | null }[]>(answer);
    const otp = Array.isArray(messages) ? messages.find((m) => m.otp)?.otp : undefined;
    if (otp) return otp;
    await sleep(100);
  }
  throw new Error(`no code arrived for ${to}`);
}

export async function login(http: Http, email: string): Promise<string> {
  const answer = await retryOnConnection(http, 'login', () =>
    http.call('/api/auth/login', { body: { email, password: PASSWORD, method: 'EMAIL' } }),
  );
  return dataOf<{ access_token: string }>(answer).access_token;
}

/** One verified customer with PIN and activated naira wallet, from nothing, through the API. */
/** The sign-up form's body as the app sends it, with PASSWORD. */
export const signUpBody = (email: string, firstName: string, lastName: string) => ({
  address: '',
  confirm_password: PASSWORD,
  country_of_residence: 'CA',
  date_of_birth: '15/01/1990',
  email,
  legal_first_name: firstName,
  legal_last_name: lastName,
  nationality: 'NG',
  password: PASSWORD,
});

export async function createCustomer(http: Http, runId: string, index: number): Promise<BankCustomer> {
  const email = `bank-${runId}-${index}@example.com`;
  const firstName = FIRST_NAMES[index % FIRST_NAMES.length];
  const lastName = LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length];
  expectOk(
    'sign-up',
    await http.call('/api/auth/sign-up', { body: signUpBody(email, firstName, lastName) }),
  );
  expectOk(
    'verify-email',
    await http.call(`/api/auth/verify-email/${encodeURIComponent(email)}`, { body: { otp: await latestOtp(http, email) } }),
  );
  const token = await login(http, email);

  // Phone: a number no other customer of this database has verified.
  for (let attempt = 0; ; attempt += 1) {
    const phone = `+23480${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    const sent = await http.call('/api/auth/send-otp-phone', { token, body: { phone_number: phone } });
    if (sent.status === 409 && attempt < 5) continue;
    expectOk('send-otp-phone', sent);
    expectOk(
      'verify-phone',
      await http.call(`/api/auth/verify-phone/${encodeURIComponent(phone)}`, { token, body: { otp: await latestOtp(http, phone) } }),
    );
    break;
  }

  // Identity: the simulated provider's page would post this decision when "Approve" is clicked.
  const session = expectOk('create identity session', await http.call('/api/auth/create-veriff-session', { token, body: {} }));
  const { id } = dataOf<{ verification: { id: string } }>(session).verification;
  expectOk('identity decision', await http.call(`/api/dev/identity/${id}/decision`, { body: { status: 'approved' } }));

  expectOk('create-pin', await http.call('/api/wallet/create-pin', { token, body: { transaction_pin: PIN, confirm_transaction_pin: PIN } }));
  expectOk('activate naira wallet', await http.call('/api/wallet/naira-wallet', { token, body: { bvn: BVN, NIN: '', gender: 'female' } }));

  const user = dataOf<Record<string, unknown>>(expectOk('user', await http.call('/api/auth/user', { token })));
  const flags = (user.data ?? user) as Record<string, unknown>;
  for (const flag of ['is_email_verified', 'is_phone_verified', 'is_identity_verified', 'is_set_transaction_pin']) {
    if (flags[flag] !== true) throw new Error(`${email}: ${flag} is not true after set-up: ${JSON.stringify(flags)}`);
  }
  const cad = dataOf<{ email: string }>(expectOk('cad-wallet', await http.call('/api/wallet/cad-wallet', { token })));
  const ngn = dataOf<{ account_number: string; account_name: string }>(
    expectOk('naira-wallet', await http.call('/api/wallet/naira-wallet', { token })),
  );
  const traveller = index % 2 === 1;
  const customer: BankCustomer = {
    index,
    email,
    firstName,
    lastName,
    token,
    depositEmail: cad.email,
    accountNumber: ngn.account_number,
    accountName: ngn.account_name,
    tier: 'Basic',
    zones: [],
    traveller,
  };
  await setTimezone(http, customer, traveller ? TRAVELLER_ZONES[0] : HOME_ZONES[Math.floor(index / 2) % HOME_ZONES.length]);
  if (index % 3 === 1) await raiseToPlus(http, customer);
  return customer;
}

/** update-timezone; the zone counts from the moment the call is sent (no send of theirs is in flight then). */
export async function setTimezone(http: Http, customer: BankCustomer, zone: string): Promise<void> {
  const fromMs = Date.now();
  expectOk(`update-timezone ${zone}`, await http.call('/api/auth/update-timezone', { token: customer.token, body: { timezone: zone } }));
  // Kept as the device names it (Asia/Kolkata, though Node's Intl says Asia/Calcutta): each zone here is written as IANA writes it.
  customer.zones.push({ zone, fromMs: customer.zones.length === 0 ? 0 : fromMs });
}

/** A PNG by its signature: the proof of address is typed by content. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);

/** Plus (spec-next §B): a proof of address uploaded and approved by the simulated reviewer. */
async function raiseToPlus(http: Http, customer: BankCustomer): Promise<void> {
  const form = new FormData();
  form.append('document', new Blob([PNG], { type: 'image/png' }), 'proof.png');
  expectOk('proof-of-address', await http.call('/api/verification/proof-of-address', { token: customer.token, form }));
  const decided = await http.call('/api/dev/proof-of-address', { body: { email: customer.email, decision: 'approve' } });
  // 404: the reviewer's own job decided it first.
  if (decided.status !== 404) expectOk('approve proof-of-address', decided);
  for (let attempt = 0; ; attempt += 1) {
    const tier = dataOf<{ tier?: string }>(expectOk('limits', await http.call('/api/limits', { token: customer.token }))).tier;
    if (tier === 'Plus') break;
    if (attempt >= 50) throw new Error(`${customer.email} is ${tier} after the approval of their proof of address`);
    await sleep(100);
  }
  customer.tier = 'Plus';
}

export const railReference = (prefix: string) => `${prefix}${randomBytes(9).toString('hex').toUpperCase()}`;

/** The webhook a rail posts for a deposit to this customer; the reference is the rail's own. */
export function depositWebhook(customer: BankCustomer, currency: 'CAD' | 'NGN', amountMinor: bigint, reference: string) {
  const sender = `${customer.firstName} ${customer.lastName}`;
  if (currency === 'CAD') {
    return {
      path: '/api/webhooks/interac',
      payload: { reference, deposit_email: customer.depositEmail, amount_minor: amountMinor.toString(), sender_name: sender },
    };
  }
  return {
    path: '/api/webhooks/bank',
    payload: {
      reference,
      account_number: customer.accountNumber,
      amount_minor: amountMinor.toString(),
      sender_name: sender,
      sender_bank: 'Bank Test Commercial Bank',
      sender_account_number: '0123456789',
    },
  };
}

/** Posts a signed deposit webhook (signed at send time: the signature carries a timestamp). */
export function postWebhook(http: Http, secret: string, hook: { path: string; payload: object }): Promise<Answer> {
  const raw = JSON.stringify(hook.payload);
  return http.call(hook.path, { raw, headers: { [SIGNATURE_HEADER]: signWebhook(secret, raw) } });
}
