/**
 * Fuzzing of every API route of the contract (src/shared/endpoints.ts + schemas): requests are
 * generated from each route's TypeBox schemas, mixing plausible values with hostile ones, random
 * and malformed tokens, malformed paths and wrong methods. Every answer must be < 500, arrive
 * within the time limit, and a refusal (4xx) must be `{ success: false, message }` and change
 * nothing (see fingerprint()). Data-modifying CTEs run even unread.
 * New routes are covered automatically: each test file takes one
 * shard of `endpoints` (routesOf) and every route lands in exactly one shard.
 *
 * KUDI_FUZZ_RUNS cases per route (default 200; 50 in the suite's PostgreSQL run). `npm test` runs on
 * a fixed seed, so CI and every developer see the same cases; KUDI_FUZZ_SEED=<n> replays a run (the
 * seed is logged, and fast-check prints seed and path of any failure); `npm run fuzz` explores
 * new cases (KUDI_FUZZ_SEED=random, 1,000 per route).
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { endpoints, type EndpointName } from '../../../src/shared/endpoints';
import { schemas } from '../../../src/shared/schemas';
import { signAccessToken } from '../../../src/server/modules/auth/tokens';
import { createCustomer, DEFAULT_PASSWORD, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { writeHorizon } from '../../support/write-horizon';
import { activateNairaWallet, deposit, VALID_BVN } from '../../support/wallets';

/** 200 per route on PGlite; the PostgreSQL second run of the suite repeats it lighter unless told. */
export const FUZZ_RUNS = Number(process.env.KUDI_FUZZ_RUNS || (process.env.KUDI_TEST_DB === 'postgres' ? 50 : 200));
/** The suite's fixed seed; KUDI_FUZZ_SEED=random draws one (npm run fuzz), a number replays one. */
const FIXED_SEED = 20_261_125;
const seedSetting = process.env.KUDI_FUZZ_SEED;
export const FUZZ_SEED =
  seedSetting === 'random' ? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0 : seedSetting ? Number(seedSetting) : FIXED_SEED;
/** A route's whole property may take this long (generous per case, as cases near the limit are rare). */
export const FUZZ_ROUTE_TIMEOUT_MS = Math.max(180_000, FUZZ_RUNS * 900);
const CASE_TIMEOUT_MS = 10_000;

export const FUZZ_SHARDS = 4;

/** Every route of the contract, dealt round-robin into FUZZ_SHARDS files so the workers stay balanced. */
export const routesOf = (shard: number): EndpointName[] =>
  (Object.keys(endpoints) as EndpointName[]).filter((_name, index) => index % FUZZ_SHARDS === shard);

// ---------------------------------------------------------------------------------------------
// Values

const HUGE = 'x'.repeat(70_000);

/** Hostile values for any field, whatever its type. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null, true, false, 0, -1, -0.01, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.001, 1.005, 12.345,
    '', ' ', 'NaN', 'Infinity', '-Infinity', '1e309', '0x10', '1,000', '1.005', '0.001', '-5', '-0', '+1', '1e3', ' 10 ', '١٢٣',
    "' OR 1=1 --", "'; DROP TABLE users; --", '"; SELECT pg_sleep(5); --', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>',
    '\u0000', 'a\u0000b', '\uD800', '\u202Eevil', '😀'.repeat(40), '../../etc/passwd', '%00', '${jndi:ldap://x}', '{{7*7}}',
    'x'.repeat(300), 'y'.repeat(5_000), [], {}, [1, 2], { $gt: '' }, { __proto__: { admin: true } },
  ),
  fc.string({ maxLength: 50, unit: 'binary' }),
  fc.string({ maxLength: 20, unit: 'grapheme' }),
  fc.double(),
  fc.integer(),
  fc.jsonValue({ maxDepth: 2 }),
);

interface Context {
  self: Customer;
  other: Customer;
}

/** Values that look right for a field, chosen by its name, so requests reach the deeper rules. */
function plausible(field: string, ctx: Context): fc.Arbitrary<unknown> | null {
  const f = field.toLowerCase();
  if (f.includes('email') || f === 'to') return fc.constantFrom(ctx.self.email, ctx.other.email, 'nobody@example.com', ctx.other.email.toUpperCase());
  if (f.includes('pin')) return fc.constantFrom('1234', '0000', '9999', '123', '12345', 'abcd');
  if (f === 'amount') return fc.constantFrom(0.01, 1, '1.50', 5_000, '0.00', 10_000_000, '99999999999999999999');
  if (f.includes('currency')) return fc.constantFrom('CAD', 'NGN', 'USD', 'cad');
  if (f.includes('password')) return fc.constantFrom(DEFAULT_PASSWORD, 'wrong-Pass1!', 'short');
  if (f === 'otp') return fc.constantFrom('123456', '000000', '12345');
  if (f === 'timezone') return fc.constantFrom('America/Toronto', 'Africa/Lagos', 'Mars/Olympus', 'UTC');
  if (f === 'bvn') return fc.constantFrom(VALID_BVN, '123');
  if (f === 'nin') return fc.constantFrom('', '12345678901');
  if (f.includes('account_number') || f === 'accountnumber' || f === 'senderaccountnumber') return fc.constantFrom('0123456789', '0000000000', '12');
  if (f.includes('bank') || f.includes('code')) return fc.constantFrom('058', '044', '999', '');
  if (f.includes('phone')) return fc.constantFrom('+14165550123', '+2348012345678', '123');
  if (f === 'method') return fc.constantFrom('EMAIL', 'PHONE');
  if (f.includes('date') || f === 'dob') return fc.constantFrom('15/01/1990', '31/02/2000', '01/01/2020');
  if (f === 'nationality' || f.includes('country')) return fc.constantFrom('NG', 'CA', 'ZZ');
  if (f.includes('name')) return fc.constantFrom('Ada', 'Obi', 'ADA OBI');
  if (f === 'gender') return fc.constantFrom('male', 'female', 'other');
  return null;
}

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  const?: unknown;
  maxLength?: number;
}

/** A value that fits the schema (roughly), for fields without a plausible pool. */
function fitting(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(fitting));
  switch (schema.type) {
    case 'string':
      return fc.string({ maxLength: Math.min(schema.maxLength ?? 64, 64) });
    case 'number':
    case 'integer':
      return fc.oneof(fc.integer(), fc.double({ noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'object':
      return objectOf(schema, null);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** One field: mostly plausible or fitting, sometimes hostile. */
function field(name: string, schema: JsonSchema, ctx: Context | null): fc.Arbitrary<unknown> {
  const good = (ctx && plausible(name, ctx)) ?? fitting(schema);
  return fc.oneof({ arbitrary: good, weight: 3 }, { arbitrary: fitting(schema), weight: 1 }, { arbitrary: hostile, weight: 2 });
}

/** An object for an object schema: each field present (maybe wrong) or missing, sometimes extras. */
function objectOf(schema: JsonSchema, ctx: Context | null): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(schema.properties ?? {});
  const parts = entries.map(([name, sub]) =>
    fc.oneof({ arbitrary: field(name, sub, ctx).map((v) => [name, v] as const), weight: 9 }, { arbitrary: fc.constant(null), weight: 1 }),
  );
  return fc
    .tuple(fc.tuple(...parts), fc.option(fc.dictionary(fc.string({ maxLength: 12 }), hostile, { maxKeys: 3 }), { freq: 8 }))
    .map(([pairs, extra]) => {
      const out: Record<string, unknown> = {};
      for (const pair of pairs) if (pair) out[pair[0]] = pair[1];
      return extra ? { ...extra, ...out } : out;
    });
}

/** A path param: plausible, random, or hostile (always stringified; sometimes left unencoded). */
function pathParam(name: string, ctx: Context): fc.Arbitrary<{ raw: boolean; value: string }> {
  const value = fc.oneof(
    (plausible(name, ctx) ?? fc.string({ maxLength: 20 })).map(String),
    fc.string({ maxLength: 40, unit: 'binary' }),
    hostile.map((v) => (typeof v === 'string' ? v.slice(0, 3000) : JSON.stringify(v) ?? 'undefined')),
    fc.constantFrom('', '.', '..', 'a/b', 'x'.repeat(2_000)),
  );
  return fc.oneof(
    { arbitrary: value.map((v) => ({ raw: false, value: v })), weight: 9 },
    { arbitrary: fc.constantFrom('%E0%A4%A', '%', '%zz').map((v) => ({ raw: true, value: v })), weight: 1 },
  );
}

// ---------------------------------------------------------------------------------------------
// Requests

type Auth = 'valid' | 'none' | 'garbage' | 'malformed-jwt' | 'wrong-secret' | 'expired' | 'other-scheme' | 'revoked' | 'huge';

export interface FuzzRequest {
  method: string;
  url: string;
  auth: Auth;
  /** undefined = no body; string = raw text sent as JSON (maybe invalid) */
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; type: string } | undefined;
  idempotencyKey: string | undefined;
}

/** encodeURIComponent, with lone surrogates (which it refuses) replaced as a browser would. */
function encodeLoosely(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;

export function requestFor(name: EndpointName, ctx: Context): fc.Arbitrary<FuzzRequest> {
  const endpoint = endpoints[name];
  const schema = schemas[name] as { params?: JsonSchema; querystring?: JsonSchema; body?: JsonSchema };
  const paramNames = [...endpoint.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]);

  const method = fc.oneof({ arbitrary: fc.constant<string>(endpoint.method), weight: 9 }, { arbitrary: fc.constantFrom<string>(...METHODS.filter((m) => m !== endpoint.method)), weight: 1 });
  const params = fc.tuple(...paramNames.map((p) => pathParam(p, ctx)));
  const query = schema.querystring ? fc.option(objectOf(schema.querystring, ctx), { freq: 8 }) : fc.constant(null);
  const bodySchema = schema.body;
  const body: fc.Arbitrary<FuzzRequest['body']> = bodySchema
    ? fc.oneof(
        { arbitrary: objectOf(bodySchema, ctx).map((value) => ({ kind: 'json' as const, value })), weight: 12 },
        { arbitrary: fitting(bodySchema).map((value) => ({ kind: 'json' as const, value })), weight: 1 },
        { arbitrary: hostile.map((value) => ({ kind: 'json' as const, value })), weight: 2 },
        {
          arbitrary: fc.constantFrom('{', '{"a":', 'nul', '[1,2', '{"amount": 1e99999}', '\u0000', HUGE, '{"__proto__":{"x":1}}').map((text) => ({ kind: 'raw' as const, text, type: 'application/json' })),
          weight: 1,
        },
        { arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data').map((type) => ({ kind: 'raw' as const, text: 'amount=1&pin=1234', type })), weight: 1 },
      )
    : fc.option(hostile.map((value) => ({ kind: 'json' as const, value })), { freq: 5 }).map((b) => b ?? undefined);
  const auth = fc.oneof(
    { arbitrary: fc.constant<Auth>('valid'), weight: 12 },
    { arbitrary: fc.constantFrom<Auth>('none', 'garbage', 'malformed-jwt', 'wrong-secret', 'expired', 'other-scheme', 'revoked', 'huge'), weight: 4 },
  );
  const idempotencyKey = fc.option(fc.oneof(fc.uuid(), fc.constantFrom('', 'k'.repeat(300), 'same-key')), { freq: 3 }).map((k) => k ?? undefined);

  return fc.record({ method, params, query, body, auth, idempotencyKey }).map((r) => {
    let i = 0;
    const path = endpoint.path.replace(/:([A-Za-z_]\w*)/g, () => {
      const p = r.params[i++];
      return p.raw ? p.value : encodeLoosely(p.value);
    });
    const qs = r.query ? `?${new URLSearchParams(Object.entries(r.query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v) ?? ''])).toString()}` : '';
    return { method: r.method, url: `/api${path}${qs}`, auth: r.auth, body: r.body, idempotencyKey: r.idempotencyKey };
  });
}

// ---------------------------------------------------------------------------------------------
// The app under fuzz

export interface FuzzBench {
  t: TestApp;
  ctx: Context;
  close(): Promise<void>;
  /** Runs one request and checks it; throws with the request and answer on a violation. */
  check(name: EndpointName, req: FuzzRequest): Promise<void>;
}

/** A fingerprint of everything a refused request must not change. */
export async function fingerprint(t: TestApp): Promise<string> {
  // The same round trip lifts PIN locks and clears throttles for the next case: the statement
  // reads the snapshot from before those changes, and the fingerprint covers neither.
  const { rows } = await sql<{ fp: string }>`
    with unlocked as (
      update users set pin_failed_count = 0, pin_locked_until = null
      where pin_failed_count > 0 or pin_locked_until is not null returning 1),
    cleared as (delete from throttle_hits returning 1)
    select concat_ws('|',
      (select md5(coalesce(string_agg(concat_ws(',', id, email, password_hash, pin_hash, first_name, last_name, dob, address,
         phone_number, timezone, is_email_verified, is_phone_verified, is_identity_verified, tier), ';' order by id), '')) from users),
      (select md5(coalesce(string_agg(concat_ws(',', id, current_jti, previous_jti, revoked_at), ';' order by id), '')) from sessions),
      (select md5(coalesce(string_agg(concat_ws(',', id, balance, pending_debits), ';' order by id), '')) from ledger_accounts),
      (select count(*) from ledger_transfers), (select count(*) from ledger_entries),
      -- Answers recorded as successes: a refusal is recorded under its key too (so the same
      -- request gets it again), but must never leave a success behind.
      (select count(*) from idempotency_keys where status = 'done' and response_status < 400),
      (select md5(coalesce(string_agg(concat_ws(',', user_id, is_wallet_activated, account_number), ';' order by user_id), '')) from naira_wallets),
      -- What sends counted against the limits, and the proofs of address and their reviews.
      (select md5(coalesce(string_agg(concat_ws(',', user_id, bucket, used_minor), ';' order by user_id, bucket), '')) from limit_usage),
      (select md5(coalesce(string_agg(concat_ws(',', id, status, reason), ';' order by id), '')) from address_proofs),
      -- Saved recipients (spec-next §E): a refusal neither saves, updates nor deletes one.
      (select md5(coalesce(string_agg(concat_ws(',', id, name, email, last_used_at), ';' order by id), '')) from recipients)
    ) as fp`.execute(t.db);
  return rows[0].fp;
}

/** The ledger's own invariants, checked after every answer (also successful ones). */
async function ledgerSound(t: TestApp): Promise<string | null> {
  const { rows } = await sql<{ problem: string }>`
    select 'currency ' || currency || ' sums to ' || sum(balance) as problem from ledger_accounts group by currency having sum(balance) <> 0
    union all
    select 'negative customer balance on account ' || id from ledger_accounts where kind = 'customer' and balance - pending_debits < 0`.execute(t.db);
  return rows.length ? rows.map((r) => r.problem).join('; ') : null;
}

export async function openFuzzBench(): Promise<FuzzBench> {
  const t = await buildTestApp();
  const self = await createCustomer(t);
  const other = await createCustomer(t);
  await activateNairaWallet(t, self);
  await activateNairaWallet(t, other);
  // A little money, so some requests pass the balance checks; most amounts are beyond it.
  await deposit(t, self, 'CAD', 20);
  await deposit(t, self, 'NGN', 2_000);
  const ctx: Context = { self, other };
  let session = { token: self.token, sessionId: self.sessionId };
  const revoked = signAccessToken(t.config.jwtSecret, { sub: self.id, sid: randomUUID(), email: self.email }).token;
  const wrongSecret = signAccessToken('another-secret-another-secret-123', { sub: self.id, sid: self.sessionId, email: self.email }).token;
  const expired = signAccessToken(t.config.jwtSecret, { sub: self.id, sid: self.sessionId, email: self.email }, Date.now() - 86_400_000 * 30).token;

  /** A new live session for the fuzzing customer (after a logout, a password change, a rotation…). */
  async function renewSession() {
    const jti = randomUUID();
    const row = await t.db.insertInto('sessions').values({ user_id: self.id, current_jti: jti }).returning('id').executeTakeFirstOrThrow();
    session = { token: signAccessToken(t.config.jwtSecret, { sub: self.id, sid: row.id, email: self.email, jti }).token, sessionId: row.id };
  }

  function authHeader(auth: Auth): string | undefined {
    switch (auth) {
      case 'valid': return `Bearer ${session.token}`;
      case 'none': return undefined;
      case 'garbage': return `Bearer ${randomUUID()}`;
      case 'malformed-jwt': return 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.';
      case 'wrong-secret': return `Bearer ${wrongSecret}`;
      case 'expired': return `Bearer ${expired}`;
      case 'other-scheme': return `Basic ${Buffer.from(`${self.email}:${DEFAULT_PASSWORD}`).toString('base64')}`;
      case 'revoked': return `Bearer ${revoked}`;
      case 'huge': return `Bearer ${'a'.repeat(8_000)}`;
    }
  }

  /** The fingerprint as of the end of the previous case (null: take it again). */
  let known: string | null = null;
  /** The write horizon read just before `known` was taken (null: unknown). */
  let knownHorizon: string | null = null;
  /**
   * The fingerprint now: `known` if nothing at all was written since just before it was taken
   * (nothing written also means no PIN lock or throttle to lift), else taken again.
   */
  const fingerprintNow = async (): Promise<string> => {
    const horizon = await writeHorizon(t.db);
    if (known !== null && horizon === knownHorizon) return known;
    known = await fingerprint(t);
    knownHorizon = horizon;
    return known;
  };
  let renew = true;
  return {
    t,
    ctx,
    close: () => t.close(),
    async check(name, req) {
      // Between cases: a live session and the fingerprint (which also lifts PIN locks and throttles).
      if (renew) await renewSession();
      const before = await fingerprintNow();

      const headers: Record<string, string> = {};
      const authorization = authHeader(req.auth);
      if (authorization) headers.authorization = authorization;
      if (req.idempotencyKey !== undefined) headers['idempotency-key'] = req.idempotencyKey;
      let payload: string | undefined;
      if (req.body?.kind === 'json') {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(req.body.value) ?? 'null';
      } else if (req.body?.kind === 'raw') {
        headers['content-type'] = req.body.type;
        payload = req.body.text;
      }
      let timer: NodeJS.Timeout | undefined;
      const res = await Promise.race([
        t.app.inject({ method: req.method as 'GET', url: req.url, headers, ...(payload !== undefined ? { payload } : {}) }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${CASE_TIMEOUT_MS} ms`)), CASE_TIMEOUT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      // A success may have ended or rotated the session (logout, refresh, password change); a 401 to
      // the live session's own token says it ended. A 401 to any other credentials leaves the live
      // session as it was (and a refusal that changed a session renews it below, as any change does).
      renew = (res.statusCode === 401 && req.auth === 'valid') || (res.statusCode < 400 && (req.method !== 'GET' || name === 'refreshToken'));

      const where = `${name}: ${req.method} ${req.url.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
      if (res.statusCode >= 500) throw new Error(`server error: ${where}`);
      // A raw `..` in a path parameter can resolve the URL out of /api (as any HTTP client would
      // resolve it): that request reaches the web app's history fallback, not the API.
      const resolved = new URL(req.url, 'http://kudi.test').pathname;
      const leftApi = resolved !== '/api' && !resolved.startsWith('/api/');
      if (leftApi) {
        const after = await fingerprintNow();
        if (after !== before) throw new Error(`a request outside the API changed state: ${where}`);
        return;
      }
      if (res.statusCode < 400) {
        const problem = await ledgerSound(t);
        if (problem) throw new Error(`ledger unsound after ${where}: ${problem}`);
        return;
      }
      let body: unknown;
      try {
        body = res.json();
      } catch {
        throw new Error(`refusal is not JSON: ${where}`);
      }
      const shaped = body as { success?: unknown; message?: unknown };
      if (shaped.success !== false || typeof shaped.message !== 'string' || shaped.message.length === 0 || Object.keys(shaped).length !== 2) {
        throw new Error(`refusal not in the { success: false, message } shape: ${where}`);
      }
      const after = await fingerprintNow();
      // By design, a refresh with a token that is neither current nor in its grace period is
      // treated as a replay and revokes that session (session.service.ts): only sessions may differ.
      const replayRevokes = name === 'refreshToken' && res.statusCode === 401;
      // By design, signing up again with an unverified e-mail answers 409 'Request a new OTP to
      // verify' and gives that unverified account the new details (the same password) or marks it
      // contested (another password), with a code of its own (account.service.ts).
      const unverifiedRetake = name === 'signUp' && res.statusCode === 409 && String(shaped.message).includes('Request a new OTP to verify');
      const mask = (fp: string) =>
        fp.split('|').map((part, i) => ((i === 1 && replayRevokes) || (i <= 1 && unverifiedRetake) ? '' : part)).join('|');
      if (mask(after) !== mask(before)) throw new Error(`a refused request changed state: ${where}`);
      if (after !== before) renew = true;
    },
  };
}

/** One fast-check property per route; logs the seed so a failure can be replayed. */
export async function fuzzRoute(bench: FuzzBench, name: EndpointName): Promise<void> {
  await fc.assert(
    fc.asyncProperty(requestFor(name, bench.ctx), async (req) => bench.check(name, req)),
    { numRuns: FUZZ_RUNS, seed: FUZZ_SEED, endOnFailure: true },
  );
}

export function logSeed(file: string): void {
  console.log(`fuzz ${file}: seed ${FUZZ_SEED}, ${FUZZ_RUNS} cases per route (replay: KUDI_FUZZ_SEED=${FUZZ_SEED})`);
}
