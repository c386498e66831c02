/**
 * The bank workload: concurrent clients doing random money calls and reads over HTTP, each money
 * call recorded with every answer it got (or that its answer was lost), so the checks can decide
 * what must be in the ledger afterwards.
 *
 * Every money operation gets an amount unique on the wallet it debits (uniqueOn), so its ledger
 * transfer can be found without any help from the server even when its answer was lost; deposits
 * are found by the rail reference the test chose. Sends are sized against the sender's limits
 * (countedAmount): a 403 with one of the limit texts is a refusal that moved nothing.
 */
import { randomUUID } from 'node:crypto';
import { activity } from '../../src/shared/messages';
import { depositWebhook, login, PIN, postWebhook, railReference, setTimezone, TRAVELLER_ZONES, type BankCustomer } from './customers';
import { dataOf, sleep, type Answer, type Http } from './http';
import { cadMinorOf, koboFor, PRIOR_DAY_SHARE, RAMP_SHARE, type LimitTable } from './limits';

export type Currency = 'CAD' | 'NGN';
export type OpKind = 'transfer' | 'convert' | 'interac' | 'nip' | 'deposit';
export type Duplicate = 'none' | 'parallel' | 'sequential';

export interface Send {
  /** When it was sent and when its answer (or its loss) came, ms since the epoch. */
  sentAt: number;
  at: number;
  status: number;
  error?: string;
  message?: string;
  /** The transfer reference of a 200 answer (receipts name it differently per call). */
  reference?: string;
  /** Conversions: the target amount of a 200 answer, in minor units. */
  converted?: bigint;
}

/** A cancel of a payout (POST /transactions/{id}/cancel, spec-next §C) and its answer. */
export interface Cancel {
  /** How long after the payout's answer it was sent, in ms (against the server's hold). */
  afterMs: number;
  status: number;
  message?: string;
  /** The detail's status in a 200 answer. */
  detailStatus?: string;
  refunded?: boolean;
}

/** The one refusal of a cancel (spec-next §C). */
export const CANNOT_CANCEL: string = activity.cannotCancel;

export interface Op {
  id: number;
  kind: OpKind;
  /** The currency debited (deposits: credited). */
  currency: Currency;
  actor: number;
  /** transfer: recipient; nip to a Kudi virtual account: its holder. */
  other?: number;
  amountMinor: bigint;
  /** Payouts: where the money goes, and whether the simulated rail declines it. */
  destination?: string;
  bankCode?: string;
  railFails?: boolean;
  /** Idempotency-Key, or the rail reference of a deposit. */
  key: string;
  /**
   * A user transfer sent without its Idempotency-Key (so the server tries its one statement first,
   * which counts the limits in the same statement); never sent twice.
   */
  noKey?: boolean;
  duplicate: Duplicate;
  /** Part of the set-up (funding, a traveller's sends before the run), not of the concurrent run. */
  setup?: boolean;
  /**
   * Conversions at a held rate (spec-next §A): the quote asked for before the first send, the
   * amount it promised to credit, and whether the op waited past the quote's hold on purpose.
   */
  quote?: { id: string; receiveMinor: bigint; lapsed: boolean };
  sends: Send[];
  /** Payouts: the cancels sent after it was acknowledged (some in its hold, some late, some two at once). */
  cancels?: Cancel[];
}

export type Outcome = 'ok' | 'failed' | 'unknown';

/**
 * ok: some call answered 200 (the operation happened); failed: every call got a definite refusal
 * (4xx other than 409 "in progress"), or, under a key, the last one did; unknown: an answer was lost
 * (or only 409s / 5xx came back).
 */
export const QUOTE_REFUSALS = ['This quote has expired. Please review the new rate.', 'This quote has already been used.'];

/** A 409 that refuses (a lapsed or used quote: nothing moved), not one that says "still in progress". */
const refusing409 = (s: Send) => s.status === 409 && s.message !== undefined && QUOTE_REFUSALS.includes(s.message);

export function outcomeOf(op: Op): Outcome {
  if (op.sends.some((s) => s.status === 200)) return 'ok';
  const definite = op.sends.filter((s) => s.status >= 400 && s.status < 500 && (s.status !== 409 || refusing409(s)));
  const unclear = op.sends.filter((s) => s.status === 0 || s.status >= 500 || (s.status === 409 && !refusing409(s)));
  if (definite.length > 0 && unclear.every((s) => s.status === 409)) return 'failed';
  // Under a key (an Idempotency-Key, or a deposit's rail reference) the last answer decides when it
  // is definite: had an earlier send been done, this one would have been answered its 200 again; and
  // an earlier send still running when this one took the key over can no longer commit (its answer
  // is recorded only under its own claim, in its money transaction: plugins/idempotency.ts).
  const last = op.sends[op.sends.length - 1];
  if (!op.noKey && last !== undefined && definite.includes(last)) return 'failed';
  return 'unknown';
}

/** Seeded name-directory accounts (src/server/data/name-directory.json); '0000' endings fail at the rail. */
const BANK_ACCOUNTS = [
  { bankCode: '044', number: '0182605790', name: 'Chinedu Okafor', fails: false },
  { bankCode: '058', number: '0194743380', name: 'Ngozi Eze', fails: false },
  { bankCode: '057', number: '2130885825', name: 'Emeka Nwosu', fails: false },
  { bankCode: '058', number: '0068700000', name: 'Blessing Etim', fails: true },
  { bankCode: '044', number: '0513780000', name: 'Gbenga Ojo', fails: true },
];
const PARTNER_BANK_CODE = '090999';
const TIMEZONE = 'Africa/Lagos';

export interface WorkloadStats {
  reads: number;
  readErrors: number;
  /** Acknowledged payments looked up at once in the payer's transaction detail (readYourWrites). */
  ownWritesRead: number;
  statuses: Record<string, number>;
  /** Answers that are wrong in themselves (5xx, idempotency mismatch, bad reads). */
  violations: string[];
}

export interface WorkloadOptions {
  http: Http;
  customers: BankCustomer[];
  webhookSecret: string;
  clients: number;
  deadline: number;
  /** Share of money calls sent twice with the same key. */
  duplicateRate: number;
  /** Resend a call whose answer was lost, with the same key, once the server answers again. */
  retryLost: boolean;
  /**
   * Look up every acknowledged payment at once in the payer's transaction detail (a read that may
   * go to a replica): it must be found.
   */
  readYourWrites?: boolean;
  ops: Op[];
  nextId: () => number;
  stats: WorkloadStats;
  /** How long the server under test holds a quote (its QUOTE_TTL_S), in ms. */
  quoteHoldMs: number;
  /** How long the server under test holds a payout before handing it to the rail (its PAYOUT_HOLD_S), in ms. */
  payoutHoldMs: number;
  /** Share of acknowledged payouts that are then cancelled (in their hold or late). */
  cancelRate: number;
  /** The sending limits of the server under test, and the mid rate NGN sends count at. */
  limits: LimitTable;
  midRate: string;
  /** When the concurrent run started (ms since the epoch): sends are sized to reach the day limits late in it. */
  started: number;
}

/** Kinds of operation counted against the sender's limits (conversions and deposits are not). */
export const COUNTED: readonly OpKind[] = ['transfer', 'interac', 'nip'];

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
const chance = (p: number) => Math.random() < p;

export function toMajor(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

export function majorToMinor(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return BigInt(Math.round(value * 100));
  if (typeof value === 'string' && /^-?\d+(\.\d{1,2})?$/.test(value.replace(/,/g, ''))) {
    return BigInt(Math.round(Number(value.replace(/,/g, '')) * 100));
  }
  return undefined;
}

/** Amounts used on each wallet (`${actor}:${currency}`). */
const usedAmounts = new Map<string, Set<bigint>>();

/**
 * The amount, or the next one up not yet used on this wallet: each operation's amount is unique on
 * the wallet it debits, so its ledger transfer is found by amount even when its answer was lost.
 */
export function uniqueOn(actor: number, currency: Currency, amount: bigint): bigint {
  const key = `${actor}:${currency}`;
  let used = usedAmounts.get(key);
  if (!used) usedAmounts.set(key, (used = new Set()));
  let unique = amount;
  while (used.has(unique)) unique += 1n;
  used.add(unique);
  return unique;
}

/** A random amount from lo to hi (minor units). */
const between = (lo: bigint, hi: bigint) => lo + BigInt(Math.floor(Math.random() * Number(hi - lo + 1n)));

/**
 * What each customer's acknowledged sends of the run count for (CAD minor units), less those given
 * back: payouts the rail declines and payouts cancelled.
 */
const acknowledgedUsage = new Map<number, bigint>();
const countUsage = (options: WorkloadOptions, op: Op, sign: 1n | -1n) =>
  acknowledgedUsage.set(op.actor, (acknowledgedUsage.get(op.actor) ?? 0n) + sign * cadMinorOf(op.currency, op.amountMinor, options.midRate));

/**
 * The amount of a counted send (CAD minor units, NGN at the mid rate). 6% are over the sender's
 * per-transfer limit (refused whatever is left). The others are large (half the per-transfer limit
 * to all of it) while the sender's acknowledged sends are behind a ramp that reaches their day
 * limit at RAMP_SHARE of the run, mostly small ($0.10 to $1.00) once ahead of it: the limits then
 * bind late in the run at any length of the run and over a wide range of its speeds.
 */
function countedAmount(options: WorkloadOptions, actor: number, currency: Currency): bigint {
  const limits = options.limits[options.customers[actor].tier];
  const perTransfer = limits.perTransfer;
  let cad: bigint;
  if (chance(0.06)) {
    cad = perTransfer + between(2n, perTransfer / 2n);
  } else {
    const ramp = Math.min(1, (Date.now() - options.started) / ((options.deadline - options.started) * RAMP_SHARE));
    const behind = (acknowledgedUsage.get(actor) ?? 0n) < BigInt(Math.floor(Number(limits.perDay) * ramp));
    cad = chance(behind ? 0.85 : 0.05) ? between(perTransfer / 2n, perTransfer) : between(10n, 100n);
  }
  return uniqueOn(actor, currency, currency === 'CAD' ? cad : koboFor(cad, options.midRate));
}

/** An amount of the operation: counted sends as above; conversions $1 to $20 (₦1,000 to ₦20,000), now and then more than any wallet holds. */
function amountFor(options: WorkloadOptions, kind: OpKind, currency: Currency, actor: number): bigint {
  if (kind === 'deposit') return 0n;
  if (COUNTED.includes(kind)) return countedAmount(options, actor, currency);
  // Now and then more than any wallet holds: a refusal that must leave no trace.
  if (chance(0.05)) return uniqueOn(actor, currency, currency === 'CAD' ? 10_000_000n : 400_000_000n);
  return uniqueOn(actor, currency, currency === 'CAD' ? between(100n, 2_000n) : between(100_000n, 2_000_000n));
}

function recordStatus(stats: WorkloadStats, what: string, answer: Answer): void {
  const label = `${what} ${answer.status === 0 ? `lost(${answer.error})` : answer.status}`;
  stats.statuses[label] = (stats.statuses[label] ?? 0) + 1;
}

/** The request an operation sends (the same every time it is sent). */
function requestOf(op: Op, customers: BankCustomer[]): { path: string; body: Record<string, unknown> } {
  const amount = toMajor(op.amountMinor);
  switch (op.kind) {
    case 'transfer':
      return {
        path: op.currency === 'CAD' ? '/api/wallet/cad-wallet-transfer' : '/api/wallet/ngn-wallet-transfer',
        body: { amount, recipient_email: customers[op.other!].email, transaction_pin: PIN, timezone: TIMEZONE },
      };
    case 'convert':
      return {
        path: '/api/wallet/currency-conversion',
        body: {
          from_currency: op.currency,
          to_currency: op.currency === 'CAD' ? 'NGN' : 'CAD',
          amount,
          timezone: TIMEZONE,
          ...(op.quote ? { quote_id: op.quote.id } : {}),
        },
      };
    case 'interac':
      return {
        path: '/api/wallet/cad-withdrawal',
        body: {
          Amount: amount,
          CustomerEmail: op.destination,
          CustomerName: 'Jane Payee',
          Description: `Bank test op ${op.id}`,
          SecurityQuestion: 'What is the payment for?',
          SecurityQuestionAnswer: 'maple472',
          transaction_pin: PIN,
          timezone: TIMEZONE,
        },
      };
    case 'nip': {
      const holder = op.other !== undefined ? customers[op.other].accountName : BANK_ACCOUNTS.find((a) => a.number === op.destination)!.name;
      return {
        path: '/api/wallet/ngn-withdrawal',
        body: {
          amount,
          account_number: op.destination,
          account_bank: op.bankCode,
          transaction_pin: PIN,
          description: `Bank test op ${op.id}`,
          is_benficiary: false,
          account_name: holder,
          timezone: TIMEZONE,
        },
      };
    }
    case 'deposit':
      throw new Error('deposits are webhooks');
  }
}

function referenceOf(op: Op, body: Record<string, unknown> | null): string | undefined {
  const data = (body?.data ?? {}) as Record<string, unknown>;
  const ref = data.transaction_reference ?? data.tx_ref;
  return typeof ref === 'string' ? ref : undefined;
}

/** Per-customer re-login after a 401 (one login at a time per customer). */
/**
 * After the run: a keyed operation whose answer was lost (its server was killed, or PostgreSQL went
 * away) is sent again with its key until it gets a final answer, which must come within `withinMs`
 * (the server's IDEMPOTENCY_LEASE_MS and a few seconds: a key whose request died is answered, not
 * stuck). Answers how long it took, or null when it never got one (a violation is recorded).
 */
export async function answerLost(options: WorkloadOptions, op: Op, withinMs: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started <= withinMs) {
    op.sends.push(await sendOnce(options, op));
    if (outcomeOf(op) !== 'unknown') return Date.now() - started;
    await sleep(500);
  }
  const last = op.sends[op.sends.length - 1];
  options.stats.violations.push(
    `op ${op.id} (${op.kind}, key ${op.key}): no final answer ${withinMs / 1000} s after the run, still ${last.status || `lost (${last.error})`} ${last.message ?? ''}`.trim(),
  );
  return null;
}

const relogins = new Map<number, Promise<void>>();
async function relogin(http: Http, customer: BankCustomer): Promise<void> {
  let pending = relogins.get(customer.index);
  if (!pending) {
    pending = login(http, customer.email)
      .then((token) => {
        customer.token = token;
      })
      .finally(() => relogins.delete(customer.index));
    relogins.set(customer.index, pending);
  }
  await pending;
}

/** Sends the operation once (re-logging in on a 401, which never reaches the money handler). */
async function sendOnce(options: WorkloadOptions, op: Op): Promise<Send> {
  const { http, customers, stats } = options;
  const actor = customers[op.actor];
  for (let attempt = 0; ; attempt += 1) {
    let answer: Answer;
    const sentAt = Date.now();
    if (op.kind === 'deposit') {
      answer = await postWebhook(http, options.webhookSecret, depositWebhook(actor, op.currency, op.amountMinor, op.key));
    } else {
      const { path, body } = requestOf(op, customers);
      answer = await http.call(path, { token: actor.token, body, headers: op.noKey ? {} : { 'idempotency-key': op.key } });
    }
    recordStatus(stats, op.kind, answer);
    if (answer.status === 401 && op.kind !== 'deposit' && attempt < 3) {
      try {
        await relogin(http, actor);
      } catch {
        await sleep(500);
      }
      continue;
    }
    const message = typeof answer.body?.message === 'string' ? answer.body.message : undefined;
    const send: Send = { sentAt, at: Date.now(), status: answer.status, error: answer.error, message };
    if (answer.status === 200) {
      send.reference = referenceOf(op, answer.body);
      if (op.kind === 'convert') send.converted = majorToMinor(dataOf(answer).converted_amount);
      if (op.quote && send.converted !== op.quote.receiveMinor) {
        stats.violations.push(`op ${op.id} (convert): quoted ${op.quote.receiveMinor} but answered ${String(send.converted)} converted`);
      }
      if (op.quote?.lapsed) stats.violations.push(`op ${op.id} (convert): a quote past its hold was honoured`);
    }
    if (answer.status >= 500) stats.violations.push(`op ${op.id} (${op.kind}) answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    if (answer.status === 422 && message?.includes('Idempotency-Key')) {
      stats.violations.push(`op ${op.id} (${op.kind}): the same request under the same key was refused: ${message}`);
    }
    return send;
  }
}

/**
 * Half the conversions ask for a quote first (POST /quotes) and convert at it; a fifth of those
 * wait past the quote's hold (QUOTE_TTL_S of the server under test) before converting, which must
 * be refused with nothing moved. A quote the server could not give (it was down) leaves the
 * conversion unquoted.
 */
async function quoteFor(options: WorkloadOptions, op: Op): Promise<void> {
  if (op.kind !== 'convert' || !chance(0.5)) return;
  const actor = options.customers[op.actor];
  const answer = await options.http.call('/api/quotes', {
    token: actor.token,
    body: { from_currency: op.currency, to_currency: op.currency === 'CAD' ? 'NGN' : 'CAD', amount: toMajor(op.amountMinor), amount_side: 'send' },
  });
  recordStatus(options.stats, 'quote', answer);
  if (answer.status !== 200) return;
  const data = dataOf(answer);
  const receiveMinor = majorToMinor(data.receive_amount);
  if (typeof data.quote_id !== 'string' || receiveMinor === undefined || majorToMinor(data.send_amount) !== op.amountMinor) {
    options.stats.violations.push(`op ${op.id}: a quote that does not answer what was asked: ${JSON.stringify(data)}`);
    return;
  }
  const lapsed = chance(0.2);
  op.quote = { id: data.quote_id, receiveMinor, lapsed };
  if (lapsed) await sleep(options.quoteHoldMs + 500);
}

/** One cancel of the op's payout (re-logging in on a 401); every answer but 200, the exact 409 or a lost one is a violation. */
async function cancelOnce(options: WorkloadOptions, op: Op, reference: string, afterMs: number): Promise<Cancel> {
  const { http, customers, stats } = options;
  const actor = customers[op.actor];
  for (let attempt = 0; ; attempt += 1) {
    const answer = await http.call(`/api/transactions/${reference}/cancel`, { method: 'POST', token: actor.token });
    recordStatus(stats, 'cancel', answer);
    if (answer.status === 401 && attempt < 3) {
      await relogin(http, actor).catch(() => sleep(500));
      continue;
    }
    const message = typeof answer.body?.message === 'string' ? answer.body.message : undefined;
    const cancel: Cancel = { afterMs, status: answer.status, message };
    if (answer.status === 200) {
      const data = dataOf(answer);
      cancel.detailStatus = String(data.status);
      cancel.refunded = data.refunded === true;
      if (data.status !== 'cancelled' || data.refunded !== true || data.id !== reference) {
        stats.violations.push(`op ${op.id} (${op.kind}): a cancel answered 200 with ${JSON.stringify(data)}`);
      }
    } else if (answer.status !== 0 && !(answer.status === 409 && message === CANNOT_CANCEL)) {
      stats.violations.push(`op ${op.id} (${op.kind}): a cancel answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    return cancel;
  }
}

/**
 * Read-your-writes: right after a payment's 200, its payer asks for its detail (GET
 * /transactions/{reference}); whichever process answers, and whether or not it reads a replica, the
 * payment must be there. A lost answer or a 503 while the database is away proves nothing either way.
 */
async function readOwnWrite(options: WorkloadOptions, op: Op): Promise<void> {
  const reference = op.sends.find((s) => s.status === 200 && s.reference)?.reference;
  if (!reference) return;
  const { http, customers, stats } = options;
  const actor = customers[op.actor];
  const answer = await http.call(`/api/transactions/${reference}`, { token: actor.token });
  recordStatus(stats, 'own write read', answer);
  if (answer.status === 200) {
    stats.ownWritesRead += 1;
    if (dataOf(answer).id !== reference) stats.violations.push(`op ${op.id} (${op.kind}): the detail of ${reference} answered ${JSON.stringify(answer.body)}`);
  } else if (answer.status === 404) {
    stats.violations.push(`op ${op.id} (${op.kind}): its payer did not find the acknowledged ${reference} in their transaction detail (404)`);
  } else if (answer.status >= 500) {
    stats.violations.push(`op ${op.id} (${op.kind}): the detail of ${reference} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}

/**
 * Cancels some acknowledged payouts: at once (in the hold), around the moment of the hand-over, or
 * well after it (refused: handed over or settled); a quarter of them twice at the same moment.
 */
async function maybeCancel(options: WorkloadOptions, op: Op): Promise<void> {
  if ((op.kind !== 'interac' && op.kind !== 'nip') || outcomeOf(op) !== 'ok' || !chance(options.cancelRate)) return;
  const reference = op.sends.find((s) => s.status === 200 && s.reference)?.reference;
  if (!reference) return;
  const hold = options.payoutHoldMs;
  const afterMs = pick([0, 0, hold / 2, hold * 0.9, hold * 1.1, hold + 300, hold * 2 + 1500]);
  if (afterMs > 0) await sleep(afterMs);
  const twice = chance(0.25);
  op.cancels = await Promise.all(Array.from({ length: twice ? 2 : 1 }, () => cancelOnce(options, op, reference, afterMs)));
  if (op.cancels.filter((c) => c.status === 200).length > 1) options.stats.violations.push(`op ${op.id} (${op.kind}): cancelled twice (two 200 answers)`);
}

/** Runs an operation: once, twice at the same moment, or twice in a row; resends a lost answer. */
async function runOp(options: WorkloadOptions, op: Op): Promise<void> {
  await quoteFor(options, op);
  options.ops.push(op);
  if (op.duplicate === 'parallel') {
    op.sends.push(...(await Promise.all([sendOnce(options, op), sendOnce(options, op)])));
  } else {
    op.sends.push(await sendOnce(options, op));
    if (op.duplicate === 'sequential') op.sends.push(await sendOnce(options, op));
  }
  // A client that lost the answer retries with the same key when the server is back (TigerBeetle's
  // "reliable transaction submission"); a 409 means the killed request's claim has not lapsed yet.
  if (options.retryLost && !op.noKey && outcomeOf(op) === 'unknown' && chance(0.5)) {
    for (let attempt = 0; attempt < 3 && Date.now() < options.deadline; attempt += 1) {
      await sleep(1_000 + Math.random() * 2_000);
      const send = await sendOnce(options, op);
      op.sends.push(send);
      if (send.status !== 0 && send.status !== 409) break;
    }
  }
  if (options.readYourWrites) await readOwnWrite(options, op);
  const counted = COUNTED.includes(op.kind) && outcomeOf(op) === 'ok' && !op.railFails;
  if (counted) countUsage(options, op, 1n);
  await maybeCancel(options, op);
  if (counted && op.cancels?.some((c) => c.status === 200)) countUsage(options, op, -1n);
}

function newOp(options: WorkloadOptions, kind: OpKind, currency: Currency, actor: number): Op {
  const id = options.nextId();
  const r = Math.random();
  const duplicate: Duplicate = r < options.duplicateRate / 2 ? 'parallel' : r < options.duplicateRate ? 'sequential' : 'none';
  return {
    id,
    kind,
    currency,
    actor,
    amountMinor: amountFor(options, kind, currency, actor),
    key: kind === 'deposit' ? railReference(`BT${id}-`) : randomUUID(),
    duplicate,
    sends: [],
  };
}

/** An Interac payee of the op (one whose e-mail ends in 'fail' is declined by the simulated rail). */
function interacTo(op: Op, fails: boolean): void {
  op.railFails = fails;
  op.destination = fails ? `payee${op.id}.fail@example.com` : `payee${op.id}@example.com`;
}

function otherThan(count: number, actor: number): number {
  const other = Math.floor(Math.random() * (count - 1));
  return other >= actor ? other + 1 : other;
}

/** One random money operation. */
function randomOp(options: WorkloadOptions, actor: number): Op {
  const n = options.customers.length;
  const r = Math.random();
  if (r < 0.4) {
    const op = newOp(options, 'transfer', chance(0.5) ? 'CAD' : 'NGN', actor);
    op.other = otherThan(n, actor);
    // A quarter without an Idempotency-Key: the one-statement transfer, its limit counted in that statement.
    if (op.duplicate === 'none' && chance(0.25)) op.noKey = true;
    return op;
  }
  if (r < 0.6) return newOp(options, 'convert', chance(0.5) ? 'CAD' : 'NGN', actor);
  if (r < 0.72) {
    const op = newOp(options, 'interac', 'CAD', actor);
    interacTo(op, chance(0.3));
    return op;
  }
  if (r < 0.85) {
    const op = newOp(options, 'nip', 'NGN', actor);
    if (chance(0.25)) {
      op.other = otherThan(n, actor);
      op.destination = options.customers[op.other].accountNumber;
      op.bankCode = PARTNER_BANK_CODE;
      op.railFails = false;
    } else {
      const account = pick(BANK_ACCOUNTS);
      op.destination = account.number;
      op.bankCode = account.bankCode;
      op.railFails = account.fails;
    }
    return op;
  }
  const currency: Currency = chance(0.5) ? 'CAD' : 'NGN';
  const op = newOp(options, 'deposit', currency, actor);
  // Deposits are found by their reference, so their amount may be anything: $10–$100 / ₦10k–₦100k.
  op.amountMinor = (currency === 'CAD' ? 1_000n : 1_000_000n) * BigInt(1 + Math.floor(Math.random() * 10));
  return op;
}

async function randomRead(options: WorkloadOptions, actor: number): Promise<void> {
  const { http, customers, stats } = options;
  const customer = customers[actor];
  const currency: Currency = chance(0.5) ? 'CAD' : 'NGN';
  const path = chance(0.5)
    ? currency === 'CAD' ? '/api/wallet/cad-wallet' : '/api/wallet/naira-wallet'
    : `/api/wallet/transactions?currency=${currency}&page=${1 + Math.floor(Math.random() * 3)}`;
  const answer = await http.call(path, { token: customer.token });
  stats.reads += 1;
  recordStatus(stats, 'read', answer);
  if (answer.status === 401) {
    await relogin(http, customer).catch(() => undefined);
    return;
  }
  if (answer.status >= 500) stats.violations.push(`read ${path} of ${customer.email} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  if (answer.status !== 200) {
    stats.readErrors += 1;
    return;
  }
  const data = dataOf(answer);
  if (path.includes('-wallet') && typeof data.balance === 'number' && data.balance < 0) {
    stats.violations.push(`read ${path} of ${customer.email} shows a negative balance ${data.balance}`);
  }
}

/** One client: random operations until the deadline; connection errors only slow it down. */
async function client(options: WorkloadOptions): Promise<void> {
  while (Date.now() < options.deadline) {
    const actor = Math.floor(Math.random() * options.customers.length);
    const before = options.ops.length;
    if (chance(0.2)) await randomRead(options, actor);
    else await runOp(options, randomOp(options, actor));
    const last = options.ops[options.ops.length - 1];
    if (options.ops.length > before && last?.sends.some((s) => s.status === 0)) await sleep(200);
  }
}

export async function runWorkload(options: WorkloadOptions): Promise<void> {
  await Promise.all(Array.from({ length: options.clients }, () => client(options)));
}

/** Set-up funding per customer: small enough that some calls meet an empty wallet (refusals under contention). */
const FUNDING_CAD = 50_000n; // $500.00
const FUNDING_NGN = 50_000_000n; // ₦500,000.00

type SetupOptions = Pick<WorkloadOptions, 'http' | 'customers' | 'webhookSecret' | 'ops' | 'nextId' | 'stats'>;

/** A set-up deposit (recorded as an acknowledged operation). */
async function setupDeposit(options: SetupOptions, customer: BankCustomer, currency: Currency, amountMinor: bigint): Promise<void> {
  const id = options.nextId();
  const op: Op = { id, kind: 'deposit', currency, actor: customer.index, amountMinor, key: railReference(`BTF${id}-`), duplicate: 'none', setup: true, sends: [] };
  options.ops.push(op);
  const sentAt = Date.now();
  const answer = await postWebhook(options.http, options.webhookSecret, depositWebhook(customer, currency, op.amountMinor, op.key));
  op.sends.push({ sentAt, at: Date.now(), status: answer.status, error: answer.error });
  if (answer.status !== 200) throw new Error(`set-up deposit for ${customer.email} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

/** Set-up funding: one signed deposit per customer and currency. */
export async function fund(options: SetupOptions): Promise<void> {
  for (const customer of options.customers) {
    for (const currency of ['CAD', 'NGN'] as const) await setupDeposit(options, customer, currency, currency === 'CAD' ? FUNDING_CAD : FUNDING_NGN);
  }
}

/**
 * The travellers' sends before the run (spec-next §B): in their first time zone, twelve hours
 * behind UTC, each sends PRIOR_DAY_SHARE of their day limit (CAD transfers to the next customer
 * and Interac payouts, a third of those to a payee the rail declines: refunded during the run,
 * given back to the bucket they were counted in), one at a time, after a deposit that pays for
 * it; then moves to a zone fourteen hours ahead of UTC, whose date is later but whose day began
 * before those sends: they still count for the day of the run (a day is counted from the midnight
 * of the zone a customer has now, so moving zone never starts a new one for what was just sent).
 */
export async function travellersBeforeTheRun(options: WorkloadOptions): Promise<void> {
  const { customers } = options;
  await Promise.all(
    customers
      .filter((c) => c.traveller)
      .map(async (customer) => {
        const limits = options.limits[customer.tier];
        const target = (limits.perDay * BigInt(Math.round(PRIOR_DAY_SHARE * 100))) / 100n;
        await setupDeposit(options, customer, 'CAD', target + limits.perTransfer);
        for (let sent = 0n, n = 0; sent < target; n += 1) {
          const id = options.nextId();
          const kind: OpKind = n % 2 === 0 ? 'transfer' : 'interac';
          const amountMinor = uniqueOn(customer.index, 'CAD', between(limits.perTransfer / 2n, limits.perTransfer));
          const op: Op = { id, kind, currency: 'CAD', actor: customer.index, amountMinor, key: randomUUID(), duplicate: 'none', setup: true, sends: [] };
          if (kind === 'transfer') op.other = (customer.index + 1) % customers.length;
          else interacTo(op, n % 3 === 1);
          options.ops.push(op);
          const send = await sendOnce(options, op);
          op.sends.push(send);
          if (send.status !== 200) throw new Error(`${customer.email}'s send ${id} before the run answered ${send.status}: ${send.message}`);
          sent += amountMinor;
        }
        await setTimezone(options.http, customer, TRAVELLER_ZONES[1]);
      }),
  );
}
