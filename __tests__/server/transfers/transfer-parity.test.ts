/**
 * The ways a user-to-user transfer runs agree (property-based): the route tries ONE statement
 * (transfers/user-transfer.one-statement.ts), without an Idempotency-Key or with one (then the
 * statement also records the answer under the key), and falls back to the checked path
 * (sender.service + sendToUser; with a key, after the key's claim). Both copy the same rules
 * (verified sender, PIN set, right, not locked, no wrong try counted, recipient exists, is
 * verified and not the sender, funds net of reserved payouts, the recipient's balance ceiling,
 * naira activation on both sides), so fast-check generates the states those rules read and
 * checks, per case, in five identical worlds (same names, balances, flags, PIN counters):
 *
 * - A: the request without a key, B: the same request with one, D: the same request with a key on
 *   a test-only copy of the route that runs the checked path only (the route as it was before the
 *   keyed statement: key claimed, checked path, answer recorded). Same HTTP status, same body
 *   (except the transfer's reference and time), and the same resulting state: both parties'
 *   balances and reservations, their transfers (kind, status, amount, currency, which party is
 *   debited and credited, metadata), entries (amount, balance after), PIN counters and lock,
 *   the e-mails recorded with the transfer (spec-next §D: who, which kind, for which transfer), and
 *   the recipient saved for the sender (spec-next §E: whom, under which name, last used when).
 *   B and D leave the same key row (status, recorded status and answer; each its own request's
 *   identity); B's recorded answer of a 200 is exactly the answer B got.
 * - Then, in some cases, the key is used again in B and D: with the same body (a replay: the very
 *   same bytes when the first answer was recorded), another amount (422), another PIN (a PIN try
 *   counted, then 422), or the same body once the key expired (a new request). Same answers, states
 *   and key rows again. In half the cases the sender also has older keys, one expired (which the
 *   next keyed request drops) and one live.
 * - C and E: the one-statement function called directly, without a key (C) and with one (E). When
 *   it answers a transfer, its world holds exactly what the checked path wrote in D (in E the key
 *   row too, its answer exactly the one returned) and the answer is D's; when it answers null,
 *   nothing in the database changed.
 *
 * The sender's limits are one of the rules (spec-next §B): a Basic sender (per-transfer limit of
 * 1,000.00 CAD) or a Plus one whose usage today or in the last 30 days is arranged within a few
 * cents of the limit given the amount (NGN at the mid rate, rounded up); the usage rows are part
 * of each world's state.
 *
 * FUZZ_RUNS sets the number of cases, FUZZ_SEED the seed (fixed by default, so a run is replayable).
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { MAX_AMOUNT_MINOR, MAX_BALANCE_MINOR } from '../../../src/shared/limits';
import { convert, formatMinor, minorToMajor, parseAmount } from '../../../src/shared/money';
import { isRecordedRefusalStatus } from '../../../src/shared/idempotency';
import type { Currency } from '../../../src/shared/types';
import { hashPassword } from '../../../src/server/modules/auth/passwords';
import { hashPin } from '../../../src/server/modules/auth/pin';
import { signAccessToken } from '../../../src/server/modules/auth/tokens';
import { customerAccount, systemAccountId } from '../../../src/server/modules/ledger/accounts.repository';
import { createCustomerWallets } from '../../../src/server/modules/ledger/customer-wallets';
import { transfer } from '../../../src/server/modules/ledger/ledger.service';
import { callSpec } from '../../../src/server/modules/auth/route-spec';
import {
  cadTransferAnswer,
  cadTransferReceipt,
  confirmedUserTransfer,
  keyedUserTransferInOneStatement,
  ngnTransferAnswer,
  ngnTransferReceipt,
  oneStatementUserTransfer,
  type UserTransferResult,
} from '../../../src/server/modules/transfers/user-transfer.service';
import { parseLimitsJson } from '../../../src/server/modules/limits/tiers';
import { signedIn } from '../../../src/server/plugins/auth';
import { requestIdentity } from '../../../src/server/plugins/idempotency';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { overdrawnWallets, PIN, TIMEZONE } from './helpers';
import { ledgerSums } from '../../support/wallets';

const DEFAULT_RUNS = 100;
const RUNS = Number(process.env.FUZZ_RUNS || DEFAULT_RUNS);
const DEFAULT_SEED = 20261125;
const SEED = Number(process.env.FUZZ_SEED || DEFAULT_SEED);

/**
 * Basic as by default; Plus far above any amount a case sends per transfer, so that its day and
 * 30-day limits bind only where a case arranges the usage next to them.
 */
const LIMITS = parseLimitsJson(JSON.stringify({
  Basic: { per_transfer: '1000', per_day: '1000', per_30_days: '5000' },
  Plus: { per_transfer: '1000000000', per_day: '2000000000', per_30_days: '5000000000' },
}));

/** The test-only copies of the two routes that run the checked path only (world D). */
const CHECKED_PATH = { CAD: '/api/test/checked/cad-wallet-transfer', NGN: '/api/test/checked/ngn-wallet-transfer' } as const;
const ANSWER: Record<Currency, (result: UserTransferResult) => object> = { CAD: cadTransferAnswer, NGN: ngnTransferAnswer };

let t: TestApp;
let passwordHash: string;
beforeAll(async () => {
  t = await buildTestApp({ limits: LIMITS }, (app) => {
    const deps = { db: app.db, config: app.config, rates: app.adapters.rates };
    for (const currency of ['CAD', 'NGN'] as const) {
      const spec = callSpec(app, currency === 'CAD' ? 'cadWalletTransfer' : 'ngnWalletTransfer', 'test', 'Checked path only', true);
      app.route({
        ...spec,
        url: CHECKED_PATH[currency],
        schema: { ...spec.schema, operationId: `checked${currency}`, hide: true },
        config: { idempotent: { pin: (body: { transaction_pin: string }) => body.transaction_pin } },
        handler: async (request) => {
          const input = { userId: signedIn(request).userId, currency, body: request.body as never };
          // As transfers.routes.ts, without the keyed statement.
          return request.idempotency.run((record) => confirmedUserTransfer(deps, input, ANSWER[currency], record));
        },
      });
    }
  });
  passwordHash = await hashPassword('Str0ng!Pass', t.config.passwordCost);
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// What a case is made of

type Lock = { kind: 'none' } | { kind: 'past'; minutes: number } | { kind: 'future'; minutes: number };

interface SenderState {
  emailVerified: boolean;
  phoneVerified: boolean;
  identityVerified: boolean;
  pinSet: boolean;
  failedCount: number;
  lock: Lock;
  nairaActivated: boolean;
  /** Minor units, per currency. */
  balance: Record<Currency, bigint>;
  /** Thousandths of the balance reserved by a pending payout. */
  reservedPerMille: Record<Currency, number>;
}

interface RecipientState {
  emailVerified: boolean;
  nairaActivated: boolean;
  /** The balance in the transfer's currency: small, or this close below the ceiling. */
  balance: { kind: 'small'; minor: bigint } | { kind: 'nearCeiling'; room: bigint };
}

type AmountChoice =
  | { kind: 'fits'; perMille: number }
  | { kind: 'all' }
  | { kind: 'over'; by: bigint }
  /** Above what the sender can spend, within their balance: part of the funds reserved by payouts. */
  | { kind: 'intoReserved'; perMille: number }
  | { kind: 'fillsCeiling'; extra: bigint }
  | { kind: 'ngnLimit'; extra: bigint }
  | { kind: 'tooLarge' }
  | { kind: 'literal'; value: string | number };

/**
 * The sender's tier and usage: Plus with nothing used (never binds), Basic (its per-transfer limit
 * binds above 1,000.00 CAD), or Plus with today's or the 30 days' usage `delta` minor units beyond
 * what would leave exactly the amount (delta ≤ 0: allowed, > 0: refused). Arranged in every case,
 * so the rule also meets the others (a limit at its edge with a wrong PIN, a short balance…).
 */
type LimitState =
  | { kind: 'plus' }
  | { kind: 'basic' }
  | { kind: 'day'; delta: bigint }
  | { kind: 'thirtyDays'; delta: bigint };

interface Case {
  currency: Currency;
  limits: LimitState;
  sender: SenderState;
  recipient: RecipientState;
  to: 'recipient' | 'recipientUpperCase' | 'self' | 'unknown' | 'malformed';
  amount: AmountChoice;
  asNumber: boolean;
  pin: string;
}

const weighted = <T>(...options: [number, fc.Arbitrary<T>][]) =>
  fc.oneof(...options.map(([weight, arbitrary]) => ({ weight, arbitrary })));
const minor = (max: bigint) => fc.bigInt({ min: 0n, max });

const balanceArb = weighted(
  [1, fc.constant(0n)],
  [4, minor(100_000n)],
  [2, minor(10_000_000_000n)],
  // Above the NGN single-transfer limit (5,000,000.00 by default).
  [1, fc.bigInt({ min: 500_000_000n, max: 2_000_000_000n })],
);

const reservedArb = weighted([1, fc.constant(0)], [1, fc.integer({ min: 1, max: 1000 })]);

/**
 * Each rule the two paths copy, as a part of the case: `ok` is a value under which the rule lets
 * the transfer through, `broken` any value (mostly ones it refuses, sometimes ones it allows).
 */
interface RuleValues {
  senderEmailVerified: boolean;
  senderPhoneVerified: boolean;
  senderIdentityVerified: boolean;
  pinSet: boolean;
  pinTries: number;
  pinLock: Lock;
  senderNaira: boolean;
  recipientVerified: boolean;
  recipientNaira: boolean;
  recipientBalance: RecipientState['balance'];
  to: Case['to'];
  amount: AmountChoice;
  pin: string;
  limits: LimitState;
}
type RuleName = keyof RuleValues;
type Arbitraries<T> = { [K in keyof T]: fc.Arbitrary<T[K]> };

const rules: { [K in RuleName]: { ok: fc.Arbitrary<RuleValues[K]>; broken: fc.Arbitrary<RuleValues[K]> } } = {
  senderEmailVerified: { ok: fc.constant(true), broken: fc.constant(false) },
  senderPhoneVerified: { ok: fc.constant(true), broken: fc.constant(false) },
  senderIdentityVerified: { ok: fc.constant(true), broken: fc.constant(false) },
  pinSet: { ok: fc.constant(true), broken: fc.constant(false) },
  pinTries: { ok: fc.constant(0), broken: fc.integer({ min: 1, max: 4 }) },
  pinLock: {
    ok: fc.constant<Lock>({ kind: 'none' }),
    broken: fc.oneof(
      fc.integer({ min: 1, max: 120 }).map((minutes): Lock => ({ kind: 'past', minutes })),
      fc.integer({ min: 1, max: 30 }).map((minutes): Lock => ({ kind: 'future', minutes })),
    ),
  },
  senderNaira: { ok: fc.constant(true), broken: fc.constant(false) },
  recipientVerified: { ok: fc.constant(true), broken: fc.constant(false) },
  recipientNaira: { ok: fc.constant(true), broken: fc.constant(false) },
  recipientBalance: {
    ok: minor(1_000_000n).map((value): RecipientState['balance'] => ({ kind: 'small', minor: value })),
    broken: minor(50_000n).map((room): RecipientState['balance'] => ({ kind: 'nearCeiling', room })),
  },
  to: {
    ok: fc.constantFrom<Case['to']>('recipient', 'recipientUpperCase'),
    broken: fc.constantFrom<Case['to']>('self', 'unknown', 'malformed'),
  },
  amount: {
    ok: fc.integer({ min: 0, max: 1000 }).map((perMille): AmountChoice => ({ kind: 'fits', perMille })),
    broken: fc.oneof(
      fc.constant<AmountChoice>({ kind: 'all' }),
      fc.integer({ min: 0, max: 1000 }).map((perMille): AmountChoice => ({ kind: 'intoReserved', perMille })),
      minor(1000n).map((by): AmountChoice => ({ kind: 'over', by: by + 1n })),
      minor(1000n).map((extra): AmountChoice => ({ kind: 'fillsCeiling', extra })),
      fc.bigInt({ min: -1n, max: 1n }).map((extra): AmountChoice => ({ kind: 'ngnLimit', extra })),
      fc.constant<AmountChoice>({ kind: 'tooLarge' }),
      fc.constantFrom<string | number>('0', '0.00', '-1.00', '1.005', 'abc', '', ' 1.00', '1,000.00', '1e3', '0x10', 0, -5, 0.001, 12.345, 1e21).map(
        (value): AmountChoice => ({ kind: 'literal', value }),
      ),
    ),
  },
  pin: { ok: fc.constant(PIN), broken: fc.constantFrom('4321', '0000', '1235', '123', '12a4', '', '12345', ' 1234') },
  limits: {
    // Within the limits: far from them, or right at them (exactly what is left, or a cent or two less).
    ok: fc.oneof(
      fc.constant<LimitState>({ kind: 'plus' }),
      fc.bigInt({ min: -2n, max: 0n }).map((delta): LimitState => ({ kind: 'day', delta })),
      fc.bigInt({ min: -2n, max: 0n }).map((delta): LimitState => ({ kind: 'thirtyDays', delta })),
    ),
    // Over them by a cent or more, or Basic (over its per-transfer limit when the amount is above 1,000.00 CAD).
    broken: fc.oneof(
      fc.constant<LimitState>({ kind: 'basic' }),
      fc.bigInt({ min: 1n, max: 3n }).map((delta): LimitState => ({ kind: 'day', delta })),
      fc.bigInt({ min: 1n, max: 3n }).map((delta): LimitState => ({ kind: 'thirtyDays', delta })),
    ),
  },
};

const RULE_NAMES = Object.keys(rules) as RuleName[];

/**
 * Which rules a case breaks: none in a sixth of the cases (the one statement's case), one in half
 * (each rule alone, so dropping any one condition from either path shows), two or three in a
 * sixth (rules meeting, e.g. a wrong PIN on a locked PIN, or a self-transfer beyond the funds),
 * the limits alone in the last sixth.
 */
const brokenArb: fc.Arbitrary<RuleName[]> = weighted(
  [1, fc.constant([])],
  [3, fc.constantFrom(...RULE_NAMES).map((name) => [name])],
  [1, fc.shuffledSubarray(RULE_NAMES, { minLength: 2, maxLength: 3 })],
  // The limits alone more often: each of their refusals (per transfer, day, 30 days) is reached
  // only when every other rule passes.
  [1, fc.constant<RuleName[]>(['limits'])],
);

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    broken: brokenArb,
    ok: fc.record(Object.fromEntries(RULE_NAMES.map((name) => [name, rules[name].ok])) as Arbitraries<RuleValues>),
    bad: fc.record(Object.fromEntries(RULE_NAMES.map((name) => [name, rules[name].broken])) as Arbitraries<RuleValues>),
    currency: fc.constantFrom<Currency>('CAD', 'NGN'),
    balance: fc.record({ CAD: balanceArb, NGN: balanceArb }),
    // Funds reserved by pending payouts, in thousandths of the balance: none in half the cases.
    reserved: fc.record({ CAD: reservedArb, NGN: reservedArb }),
    asNumber: fc.boolean(),
    // A naira rule broken matters for a naira transfer; a CAD one still goes ahead in a quarter of those cases.
    nairaRuleInCad: weighted([3, fc.constant(false)], [1, fc.constant(true)]),
  })
  .map(({ broken, ok, bad, currency, balance, reserved, asNumber, nairaRuleInCad }): Case => {
    const v = { ...ok, ...Object.fromEntries(broken.map((name) => [name, bad[name]])) } as RuleValues;
    const nairaRule = broken.includes('senderNaira') || broken.includes('recipientNaira');
    return {
      currency: nairaRule && !nairaRuleInCad ? 'NGN' : currency,
      limits: v.limits,
      sender: {
        emailVerified: v.senderEmailVerified,
        phoneVerified: v.senderPhoneVerified,
        identityVerified: v.senderIdentityVerified,
        pinSet: v.pinSet,
        failedCount: v.pinTries,
        lock: v.pinLock,
        nairaActivated: v.senderNaira,
        balance,
        reservedPerMille: reserved,
      },
      recipient: { emailVerified: v.recipientVerified, nairaActivated: v.recipientNaira, balance: v.recipientBalance },
      to: v.to,
      amount: v.amount,
      asNumber,
      pin: v.pin,
    };
  });

// ---------------------------------------------------------------------------------------------
// Arranging a world (test arrangement: written straight to the database)

interface Party {
  id: string;
  /** Unique per customer of this file (phone and virtual account numbers). */
  serial: number;
  email: string;
  headers: Record<string, string>;
}

interface World {
  sender: Party;
  recipient: Party;
}

let serial = 0;

/** A customer with these names and flags, wallets and a live session (no sign-up, no password hashing per customer). */
async function customer(flags: { emailVerified: boolean; phoneVerified: boolean; identityVerified: boolean; pinSet: boolean }, names: [string, string]): Promise<Party> {
  const mine = ++serial;
  const email = `parity-${mine}-${randomUUID().slice(0, 6)}@example.com`;
  const user = await t.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('users')
      .values({
        email,
        email_lower: email.toLowerCase(),
        password_hash: passwordHash,
        first_name: names[0],
        last_name: names[1],
        dob: '1990-01-15',
        nationality: 'NG',
        country_of_residence: 'CA',
        is_email_verified: flags.emailVerified,
        is_phone_verified: flags.phoneVerified,
        is_identity_verified: flags.identityVerified,
        phone_number: flags.phoneVerified ? `+1${String(2_000_000_000 + mine)}` : null,
      })
      .returning(['id', 'email', 'first_name', 'last_name'])
      .executeTakeFirstOrThrow();
    if (flags.pinSet) await trx.updateTable('users').set({ pin_hash: hashPin(t.config.pinSecret, row.id, PIN) }).where('id', '=', row.id).execute();
    await createCustomerWallets(trx, row);
    return row;
  });
  const jti = randomUUID();
  const session = await t.db.insertInto('sessions').values({ user_id: user.id, current_jti: jti }).returning('id').executeTakeFirstOrThrow();
  const { token } = signAccessToken(t.config.jwtSecret, { sub: user.id, sid: session.id, email, jti });
  return { id: user.id, serial: mine, email, headers: { authorization: `Bearer ${token}` } };
}

async function activateNaira(party: Party): Promise<void> {
  await t.db
    .updateTable('naira_wallets')
    .set({
      is_wallet_activated: true,
      bank_name: 'Parity Bank',
      bank_code: '999',
      account_name: 'Parity Customer',
      account_number: String(9_000_000_000 + party.serial),
      tx_ref: `parity-${randomUUID()}`,
      bvn_hash: 'parity',
      bvn_last4: '5678',
      gender: 'female',
      activated_at: new Date(),
    })
    .where('user_id', '=', party.id)
    .execute();
}

async function accountId(party: Party, currency: Currency): Promise<bigint> {
  return (await customerAccount(t.db, party.id, currency)).id;
}

/** A deposit of `amount`, then a pending payout reserving `reserved` of it, through the ledger's own functions. */
async function fund(party: Party, currency: Currency, amount: bigint, reserved = 0n): Promise<void> {
  if (amount <= 0n) return;
  const wallet = await accountId(party, currency);
  await t.db.transaction().execute(async (trx) => {
    await transfer(trx, { debit: await systemAccountId(trx, 'deposits_clearing', currency), credit: wallet, amount, currency, kind: 'deposit' });
    if (reserved > 0n) {
      await transfer(trx, {
        debit: wallet, credit: await systemAccountId(trx, 'payouts_clearing', currency), amount: reserved, currency, kind: 'withdrawal', pending: true,
      });
    }
  });
}

const reservedOf = (s: SenderState, currency: Currency) => (s.balance[currency] * BigInt(s.reservedPerMille[currency])) / 1000n;
const recipientBalance = (r: RecipientState) => (r.balance.kind === 'small' ? r.balance.minor : MAX_BALANCE_MINOR - r.balance.room);

const NAMES: [string, string][] = [['Ada', 'Obi'], ['Ngozi', 'Eze']];

async function arrange(c: Case, lockedUntil: Date | null): Promise<World> {
  const s = c.sender;
  const sender = await customer(s, NAMES[0]);
  const recipient = await customer({ emailVerified: c.recipient.emailVerified, phoneVerified: true, identityVerified: true, pinSet: true }, NAMES[1]);
  await t.db
    .updateTable('users')
    .set({ pin_failed_count: s.failedCount, pin_locked_until: lockedUntil })
    .where('id', '=', sender.id)
    .execute();
  if (s.nairaActivated) await activateNaira(sender);
  if (c.recipient.nairaActivated) await activateNaira(recipient);
  for (const currency of ['CAD', 'NGN'] as const) await fund(sender, currency, s.balance[currency], reservedOf(s, currency));
  await fund(recipient, c.currency, recipientBalance(c.recipient));
  return { sender, recipient };
}

/** What the request counts for in CAD minor units (NGN at the test app's mid rate, rounded up); 0 when it is no valid amount. */
function cadOf(c: Case, amount: string | number): bigint {
  const parsed = parseAmount(amount);
  if (!parsed.ok) return 0n;
  return c.currency === 'CAD' ? parsed.minor : convert(parsed.minor, t.config.fxMidRate, 'NGN_TO_CAD', 'up');
}

/** The sender's tier and usage of the case, arranged around the amount it sends. */
async function arrangeLimits(c: Case, world: World, amount: string | number): Promise<void> {
  const l = c.limits;
  await t.db.updateTable('users').set({ tier: l.kind === 'basic' ? 'Basic' : 'Plus' }).where('id', '=', world.sender.id).execute();
  if (l.kind !== 'day' && l.kind !== 'thirtyDays') return;
  const limit = l.kind === 'day' ? LIMITS.Plus.perDay : LIMITS.Plus.per30Days;
  const used = limit - cadOf(c, amount) + l.delta;
  if (used <= 0n) return;
  await sql`insert into limit_usage (user_id, bucket, used_minor)
    values (${world.sender.id}::uuid, kudi_bucket(kudi_day_start(null, kudi_local_day(null, now()) - ${l.kind === 'day' ? 0 : 5}::int)), ${used})`.execute(t.db);
}

/** The amount of the request, from the case and the balances it arranged (the same in every world). */
function amountOf(c: Case, ngnMaxKobo: bigint): string | number {
  const available = c.sender.balance[c.currency] - reservedOf(c.sender, c.currency);
  const room = MAX_BALANCE_MINOR - recipientBalance(c.recipient);
  const a = c.amount;
  let value: bigint;
  switch (a.kind) {
    case 'literal':
      return a.value;
    case 'fits':
      value = (available * BigInt(a.perMille)) / 1000n;
      break;
    case 'all':
      value = available;
      break;
    case 'over':
      value = available + a.by;
      break;
    case 'intoReserved': {
      const reserved = reservedOf(c.sender, c.currency);
      value = available + 1n + (reserved > 1n ? ((reserved - 1n) * BigInt(a.perMille)) / 1000n : 0n);
      break;
    }
    case 'fillsCeiling':
      value = room + a.extra;
      break;
    case 'ngnLimit':
      value = ngnMaxKobo + a.extra;
      break;
    case 'tooLarge':
      value = MAX_AMOUNT_MINOR + 1n;
      break;
  }
  if (value <= 0n) value = 1n;
  return c.asNumber ? minorToMajor(value) : formatMinor(value, { withCommas: false });
}

function requestBody(c: Case, world: World, amount: string | number) {
  const email = {
    recipient: world.recipient.email,
    recipientUpperCase: world.recipient.email.toUpperCase(),
    self: world.sender.email,
    unknown: `nobody-${randomUUID().slice(0, 8)}@example.com`,
    malformed: 'not-an-email',
  }[c.to];
  return { amount, recipient_email: email, transaction_pin: c.pin, timezone: TIMEZONE };
}

const path = (currency: Currency) => (currency === 'CAD' ? '/api/wallet/cad-wallet-transfer' : '/api/wallet/ngn-wallet-transfer');

function send(world: World, currency: Currency, body: object, idempotencyKey?: string, url = path(currency)) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...world.sender.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: body,
  });
}

// ---------------------------------------------------------------------------------------------
// What a world shows afterwards

/** The answer without what differs between worlds by nature: the new transfer's reference and time. */
function comparableBody(body: { data?: Record<string, unknown> }) {
  if (!body.data) return body;
  const { transaction_reference: _r1, tx_ref: _r2, created_at: createdAt, ...data } = body.data;
  return { ...body, data: { ...data, created_at: typeof createdAt } };
}

/**
 * Both parties' state, named by role (sender, recipient, system account code) instead of ids:
 * accounts, their transfers in order with their entries (balance after only for the parties'
 * accounts; system accounts are shared by every world), and the sender's PIN counters.
 */
async function worldState(world: World) {
  const roleOf = sql`case a.user_id when ${world.sender.id}::uuid then 'sender' when ${world.recipient.id}::uuid then 'recipient' else 'system:' || a.code end || ':' || a.currency`;
  const accounts = await sql<{ role: string; balance: string; pending_debits: string }>`
    select ${roleOf} as role, a.balance::text, a.pending_debits::text from ledger_accounts a
    where a.user_id in (${world.sender.id}::uuid, ${world.recipient.id}::uuid) order by role`.execute(t.db);
  const transfers = await sql<Record<string, unknown>>`
    select t.kind, t.status, t.amount::text, t.currency, t.metadata, t.posted_at is not null as posted, t.voided_at is not null as voided,
      t.linked_id is not null as linked, t.provider, t.external_ref,
      (select ${roleOf} from ledger_accounts a where a.id = t.debit_account_id) as debit,
      (select ${roleOf} from ledger_accounts a where a.id = t.credit_account_id) as credit,
      (select json_agg(json_build_object(
          'account', ${roleOf}, 'amount', e.amount::text,
          'balance_after', case when a.user_id is null then null else e.balance_after::text end) order by e.amount)
        from ledger_entries e join ledger_accounts a on a.id = e.account_id where e.transfer_id = t.id) as entries
    from ledger_transfers t
    where t.id in (
      select x.id from ledger_accounts a join ledger_transfers x on x.debit_account_id = a.id
      where a.user_id in (${world.sender.id}::uuid, ${world.recipient.id}::uuid)
      union
      select x.id from ledger_accounts a join ledger_transfers x on x.credit_account_id = a.id
      where a.user_id in (${world.sender.id}::uuid, ${world.recipient.id}::uuid))
    order by t.id`.execute(t.db);
  const users = await sql<{ role: string; pin_failed_count: number; pin_locked_until: Date | null }>`
    select case id when ${world.sender.id}::uuid then 'sender' else 'recipient' end as role, pin_failed_count, pin_locked_until
    from users where id in (${world.sender.id}::uuid, ${world.recipient.id}::uuid) order by role`.execute(t.db);
  // The e-mails recorded for either party (notifications), by role and kind, each naming its transfer by role too.
  const notifications = await sql<Record<string, unknown>>`
    select case n.user_id when ${world.sender.id}::uuid then 'sender' else 'recipient' end as role, n.kind,
      n.dedupe_key = n.kind || ':' || (n.payload->>'transfer_id') as keyed_by_transfer,
      (select json_build_object('kind', t.kind, 'amount', t.amount::text, 'currency', t.currency)
        from ledger_transfers t where t.id = (n.payload->>'transfer_id')::bigint) as transfer,
      n.payload - 'transfer_id' as payload_rest, n.sent_at is null as unsent
    from notifications n where n.user_id in (${world.sender.id}::uuid, ${world.recipient.id}::uuid)
    order by role, n.kind`.execute(t.db);
  // The recipients either party has saved (spec-next §E), by role, each naming its destination by role and its
  // last use by the transfer it came from.
  const recipients = await sql<Record<string, unknown>>`
    select case r.user_id when ${world.sender.id}::uuid then 'sender' else 'recipient' end as role, r.kind,
      case r.destination when ${world.recipient.id}::text then 'recipient' when ${world.sender.id}::text then 'sender' else r.destination end as destination,
      r.name, r.email = (select u.email from users u where u.id::text = r.destination) as email_is_destinations, r.bank_code, r.bank_name, r.account_number,
      (select string_agg(t.kind, ',' order by t.id) from ledger_transfers t where t.created_at = r.last_used_at
        and exists (select 1 from ledger_accounts a where a.id = t.debit_account_id and a.user_id = r.user_id)) as used_by
    from recipients r where r.user_id in (${world.sender.id}::uuid, ${world.recipient.id}::uuid)
    order by role, r.kind, r.destination`.execute(t.db);
  // The sender's limit usage, by day relative to today (the customers of this file have no time zone: UTC).
  const usage = await sql<{ day: number; used_minor: string }>`
    select (kudi_local_day(null, bucket) - kudi_local_day(null, now()))::int as day, sum(used_minor)::text as used_minor from limit_usage
    where user_id = ${world.sender.id}::uuid group by 1 order by 1`.execute(t.db);
  return {
    accounts: accounts.rows,
    transfers: transfers.rows,
    notifications: notifications.rows,
    recipients: recipients.rows,
    usage: usage.rows,
    users: users.rows.map((u) => ({ ...u, pin_locked_until: u.pin_locked_until?.getTime() ?? null })),
  };
}

type WorldState = Awaited<ReturnType<typeof worldState>>;

/** The sender's key rows: the key, its state and recorded answer, and whether its request hash is `identity`. */
async function keyRows(world: World, identity: string) {
  const rows = await t.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', world.sender.id).orderBy('key').execute();
  return rows.map((row) => ({
    key: row.key,
    status: row.status,
    identity: row.request_hash === identity,
    response_status: row.response_status,
    response_body: row.response_body,
  }));
}

/** Key rows of two worlds compared: the recorded answer without the transfer's reference and time. */
const comparableKeys = (rows: Awaited<ReturnType<typeof keyRows>>) =>
  rows.map((row) => ({ ...row, response_body: row.response_body && comparableBody(row.response_body as { data?: Record<string, unknown> }) }));

/** The key's identity of `body` on the route at `url`, as plugins/idempotency.ts computes it. */
const identityOf = (world: World, url: string, body: { transaction_pin: string }) =>
  requestIdentity('POST', url, body, world.sender.id, { secret: t.config.pinSecret, value: body.transaction_pin }).full;

/**
 * How a case uses its key again (B and D): not at all, with the same body, another amount, another
 * PIN, or the same body once the key expired (24 hours: then it is a new request).
 */
type Reuse = 'none' | 'same' | 'otherAmount' | 'otherPin' | 'sameAfterExpiry';
const reuseArb = weighted<Reuse>(
  [3, fc.constant('none')], [1, fc.constant('same')], [1, fc.constant('otherAmount')], [1, fc.constant('otherPin')], [1, fc.constant('sameAfterExpiry')],
);

/** Other keys the sender used before: none, or one expired (dropped by the sender's next keyed request) and one live. */
const olderKeysArb = fc.boolean();

async function arrangeOlderKeys(world: World): Promise<void> {
  for (const [key, age] of [['parity-older-expired', '25 hours'], ['parity-older-live', '23 hours']]) {
    await t.db
      .insertInto('idempotency_keys')
      .values({
        user_id: world.sender.id, key, request_hash: 'older', claim: randomUUID(), status: 'done', response_status: 200,
        response_body: JSON.stringify({ success: true }), created_at: sql<Date>`now() - ${age}::interval`,
      })
      .execute();
  }
}

/** Makes the sender's keys 25 hours old. */
const expireKeys = (world: World) =>
  t.db.updateTable('idempotency_keys').set({ created_at: sql<Date>`now() - interval '25 hours'` }).where('user_id', '=', world.sender.id).execute();

function reusedBody<B extends { amount: string | number; transaction_pin: string }>(body: B, reuse: Reuse): B {
  if (reuse === 'otherAmount') return { ...body, amount: body.amount === '0.01' ? '0.02' : '0.01' };
  if (reuse === 'otherPin') return { ...body, transaction_pin: body.transaction_pin === PIN ? '4321' : PIN };
  return body;
}

/**
 * Two worlds' states compared: a PIN lock set by the request itself is now + 30 minutes in each
 * world, taken a few milliseconds apart, so locks within 5 s of each other count as the same.
 */
function expectSameState(actual: WorldState, expected: WorldState) {
  const users = actual.users.map((user, i) => {
    const other = expected.users[i]?.pin_locked_until;
    const mine = user.pin_locked_until;
    return mine !== null && other !== null && other !== undefined && Math.abs(mine - other) < 5_000 ? { ...user, pin_locked_until: other } : user;
  });
  expect({ ...actual, users }).toEqual(expected);
}

/** Everything any transfer could change anywhere in the database, as a few digests. */
async function databaseDigest() {
  const { rows } = await sql<Record<string, string | null>>`
    select
      (select md5(string_agg(id || ':' || balance || ':' || pending_debits, ',' order by id)) from ledger_accounts) as accounts,
      (select count(*) || ':' || coalesce(max(id), 0) from ledger_transfers) as transfers,
      (select count(*) || ':' || coalesce(max(id), 0) from ledger_entries) as entries,
      (select md5(string_agg(id || ':' || pin_failed_count || ':' || coalesce(pin_locked_until::text, '-'), ',' order by id)) from users) as users,
      (select count(*)::text from idempotency_keys) as keys,
      (select count(*) || ':' || coalesce(max(id), 0) from notifications) as notifications,
      (select md5(coalesce(string_agg(id || ':' || name || ':' || last_used_at, ',' order by id), '')) from recipients) as recipients,
      (select md5(coalesce(string_agg(user_id || ':' || bucket || ':' || used_minor, ',' order by user_id, bucket), '')) from limit_usage) as usage`.execute(t.db);
  return rows[0];
}

// ---------------------------------------------------------------------------------------------

const outcomes = {
  oneStatement: 0, fellBack: 0, statuses: new Map<number, number>(), limitRefusals: 0, writtenAtLimit: 0,
  keyedOneStatement: 0, keyedFellBack: 0, reuses: new Map<Reuse, number>(), replayed: 0,
};

describe('the one-statement transfer and the checked path', () => {
  it('give the same answer and leave the same ledger and key rows for any sender, recipient, balance, PIN state, amount and key use', async () => {
    const deps = { db: t.db, config: t.config, rates: t.app.adapters.rates };
    await fc.assert(
      fc.asyncProperty(caseArb, reuseArb, olderKeysArb, async (c, reuse, olderKeys) => {
        const now = Date.now();
        // The same absolute lock time in every world; mid-minute, so "locked for N minutes" reads the same in each.
        const lockedUntil =
          c.sender.lock.kind === 'none' ? null
          : c.sender.lock.kind === 'past' ? new Date(now - c.sender.lock.minutes * 60_000)
          : new Date(now + c.sender.lock.minutes * 60_000 - 20_000);
        const worlds: World[] = [];
        for (let i = 0; i < 5; i += 1) worlds.push(await arrange(c, lockedUntil));
        const [a, b, d, direct, directKeyed] = worlds;
        const amount = amountOf(c, t.config.ngnMaxSingleKobo);
        for (const world of worlds) await arrangeLimits(c, world, amount);
        if (olderKeys) for (const world of worlds) await arrangeOlderKeys(world);
        const key = `parity-${randomUUID()}`;

        // A: no Idempotency-Key; B: with one (each: one statement, else the checked path); D: with one, the checked path only.
        // The same key in every world (keys are per customer).
        const [bodyA, bodyB, bodyD] = [requestBody(c, a, amount), requestBody(c, b, amount), requestBody(c, d, amount)];
        const resA = await send(a, c.currency, bodyA);
        const resB = await send(b, c.currency, bodyB, key);
        const resD = await send(d, c.currency, bodyD, key, CHECKED_PATH[c.currency]);
        expect(resA.statusCode).toBeLessThan(500);
        expect([resA.statusCode, resB.statusCode]).toEqual([resD.statusCode, resD.statusCode]);
        expect(comparableBody(resA.json())).toEqual(comparableBody(resD.json()));
        expect(comparableBody(resB.json())).toEqual(comparableBody(resD.json()));
        const stateD = await worldState(d);
        expectSameState(await worldState(a), stateD);
        expectSameState(await worldState(b), stateD);
        // The key rows: the same state and answer; each the identity of its own request.
        const keysB = await keyRows(b, identityOf(b, path(c.currency), bodyB));
        const keysD = await keyRows(d, identityOf(d, CHECKED_PATH[c.currency], bodyD));
        expect(comparableKeys(keysB)).toEqual(comparableKeys(keysD));
        const mineB = keysB.filter((row) => row.key === key);
        expect(mineB.every((row) => row.identity)).toBe(true);
        if (resB.statusCode === 200) expect(mineB.map((row) => row.response_body)).toEqual([resB.json()]);
        // A transfer records its two e-mails, keyed by it; a refusal records none.
        expect(stateD.notifications.map((n) => [n.role, n.kind, n.keyed_by_transfer])).toEqual(
          resD.statusCode === 200 ? [['recipient', 'money_received', true], ['sender', 'money_sent', true]] : [],
        );
        // A transfer saves its recipient for the sender (spec-next §E), last used at the transfer's time; a refusal saves none.
        expect(stateD.recipients.map((r) => [r.role, r.kind, r.destination, r.name, r.email_is_destinations, r.used_by])).toEqual(
          resD.statusCode === 200 ? [['sender', 'kudi_user', 'recipient', NAMES[1].join(' '), true, 'wallet_transfer']] : [],
        );
        outcomes.statuses.set(resA.statusCode, (outcomes.statuses.get(resA.statusCode) ?? 0) + 1);
        if (resA.statusCode === 403 && String(resA.json().message).startsWith('This exceeds your')) outcomes.limitRefusals += 1;

        // C: the one-statement function itself, without a key (world C) and with one (world E).
        for (const [world, keyed] of [[direct, false], [directKeyed, true]] as const) {
          const before = await databaseDigest();
          const input = { userId: world.sender.id, currency: c.currency, body: requestBody(c, world, amount) };
          const row = { userId: world.sender.id, key, requestHash: identityOf(world, path(c.currency), input.body), claim: randomUUID(), status: 200 };
          // The answer it gives (the route's answer with a key, the receipt's data without), or null.
          let answer: object | null;
          if (keyed) {
            answer = await keyedUserTransferInOneStatement(deps, input, ANSWER[c.currency], row);
          } else {
            const result: UserTransferResult | null = await oneStatementUserTransfer(deps, input.userId, c.currency, input.body);
            answer = result && { data: { ...(c.currency === 'CAD' ? cadTransferReceipt(result) : ngnTransferReceipt(result)) } };
          }
          if (answer === null) {
            outcomes[keyed ? 'keyedFellBack' : 'fellBack'] += 1;
            expect(await databaseDigest()).toEqual(before);
            continue;
          }
          outcomes[keyed ? 'keyedOneStatement' : 'oneStatement'] += 1;
          if (!keyed && (c.limits.kind === 'day' || c.limits.kind === 'thirtyDays')) outcomes.writtenAtLimit += 1;
          expect(resD.statusCode).toBe(200);
          const json = JSON.parse(JSON.stringify(answer));
          expect(comparableBody(json)).toEqual(comparableBody(keyed ? resD.json() : { data: resD.json().data }));
          expectSameState(await worldState(world), stateD);
          if (keyed) {
            const keysE = await keyRows(world, row.requestHash);
            expect(comparableKeys(keysE)).toEqual(comparableKeys(keysD));
            expect(keysE.filter((row) => row.key === key).map((row) => [row.identity, row.response_body])).toEqual([[true, json]]);
          }
        }

        // The key used again in B and D.
        outcomes.reuses.set(reuse, (outcomes.reuses.get(reuse) ?? 0) + 1);
        if (reuse === 'none') return;
        if (reuse === 'sameAfterExpiry') for (const world of [b, d]) await expireKeys(world);
        const [againB, againD] = [reusedBody(bodyB, reuse), reusedBody(bodyD, reuse)];
        const resB2 = await send(b, c.currency, againB, key);
        const resD2 = await send(d, c.currency, againD, key, CHECKED_PATH[c.currency]);
        expect(resB2.statusCode).toBe(resD2.statusCode);
        expect(comparableBody(resB2.json())).toEqual(comparableBody(resD2.json()));
        if (reuse === 'same' && (resB.statusCode === 200 || isRecordedRefusalStatus(resB.statusCode))) {
          // A replay: the recorded answer, byte for byte.
          expect([resB2.statusCode, resB2.body]).toEqual([resB.statusCode, resB.body]);
          expect([resD2.statusCode, resD2.body]).toEqual([resD.statusCode, resD.body]);
          outcomes.replayed += 1;
        }
        expectSameState(await worldState(b), await worldState(d));
        expect(comparableKeys(await keyRows(b, identityOf(b, path(c.currency), bodyB)))).toEqual(
          comparableKeys(await keyRows(d, identityOf(d, CHECKED_PATH[c.currency], bodyD))),
        );
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 240_000);

  it('were all exercised: transfers written in one statement (with a key and without), refusals of every kind left to the checked path, keys used again', () => {
    // The counts hold for the fixed seed and number of runs; another seed or fewer runs may draw fewer of each.
    if (RUNS !== DEFAULT_RUNS || SEED !== DEFAULT_SEED) return;
    expect(outcomes.oneStatement).toBeGreaterThanOrEqual(RUNS / 10);
    expect(outcomes.fellBack).toBeGreaterThanOrEqual(RUNS / 10);
    expect([...outcomes.statuses.keys()]).toEqual(expect.arrayContaining([200, 400, 403, 404, 422, 429]));
    // The limits rule: refusals by a limit, and transfers written in one statement right at a limit.
    expect(outcomes.limitRefusals).toBeGreaterThanOrEqual(RUNS / 10);
    expect(outcomes.writtenAtLimit).toBeGreaterThanOrEqual(1);
    // The keyed statement, written and not, and each way of using a key again.
    expect(outcomes.keyedOneStatement).toBeGreaterThanOrEqual(RUNS / 10);
    expect(outcomes.keyedFellBack).toBeGreaterThanOrEqual(RUNS / 10);
    expect([...outcomes.reuses.keys()]).toEqual(expect.arrayContaining(['none', 'same', 'otherAmount', 'otherPin', 'sameAfterExpiry']));
    expect(outcomes.replayed).toBeGreaterThanOrEqual(1);
  });

  it('left a sound ledger: each currency sums to zero, no wallet overdrawn, every balance equals its entries', async () => {
    expect(Object.values(await ledgerSums(t))).toEqual(['0', '0']);
    expect(await overdrawnWallets(t)).toEqual([]);
    const { rows } = await sql<{ mismatched: number }>`
      select count(*)::int as mismatched from ledger_accounts a
      where a.balance <> coalesce((select sum(e.amount) from ledger_entries e where e.account_id = a.id), 0)`.execute(t.db);
    expect(rows[0].mismatched).toBe(0);
  });
});
