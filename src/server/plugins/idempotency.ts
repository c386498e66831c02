/**
 * Idempotency-Key for money POSTs (DESIGN.md), a concern of the routes, not of the ledger: a route
 * opts in with `config: { idempotent: {} }` (or `{ idempotent: { pin: (body) => … } }` when its
 * body carries the transaction PIN) and runs its money work through `request.idempotency`.
 *
 * Same key + same body → the first answer again, with its status (a final refusal too); same key
 * + other body → 422; still running → 409, until its lease (IDEMPOTENCY_LEASE_MS) ends: then a
 * retry takes the key over, so a request whose process died gets its answer within seconds. The transaction PIN is no way around its lockout:
 * another PIN under a used key is a counted PIN try before it is a 422. All state is rows
 * (ledger/idempotency.repository.ts), so several API processes share it. The answer is recorded
 * in the same database transaction as the money it describes: either both exist or neither does.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER, isRecordedRefusalStatus } from '../../shared/idempotency';
import { server } from '../../shared/messages';
import { ApiError, badRequest, conflict, unprocessable } from '../lib/errors';
import { verifyTransactionPin, type PinDeps } from '../modules/auth/pin.service';
import { confirmCallerSession } from './auth';
import type { Trx } from '../modules/ledger/accounts.repository';
import {
  claimKey, completeKey, findKey, releaseKey, type IdempotencyKeyRow, type KeyAnswerRow,
} from '../modules/ledger/idempotency.repository';

/** What a route opts in with (`config.idempotent`). */
export interface IdempotentRoute {
  /**
   * The transaction PIN of a body that carries one (e.g. `(body: { transaction_pin: string }) =>
   * body.transaction_pin`; undefined for a body without its optional PIN): it identifies the
   * request only as a keyed tag, and another PIN under a used key is a counted PIN try.
   */
  pin?: (body: never) => string | undefined;
}

/** Records a request's answer under its key, in the request's own money transaction. */
export type RecordAnswer<T> = (trx: Trx, answer: T) => Promise<void>;

/**
 * A try at a whole keyed request in ONE statement, before the key is claimed: the statement
 * writes the key's row (`row`: status 'done' with the answer) together with the money, or, in any
 * case it does not recognise (the key already used, a wrong PIN, a refusal of any kind), nothing
 * at all and answers null; the request then runs the usual way (claim, work, record), so replays,
 * 409, 422 and counted PIN tries are decided where they always are.
 */
export type OneStatement<T> = (row: KeyAnswerRow) => Promise<T | null>;

/** What the handler of an idempotent route runs its money work through. */
export interface Idempotency {
  /**
   * Runs a money request once per Idempotency-Key. Without the header, `work(null)` simply runs.
   * With it, the key is claimed first; `work` gets `record` and must call `record(trx, answer)` in
   * its money transaction just before that commits, so the answer and the money exist together or
   * not at all. A final refusal (RECORDED_REFUSAL_STATUSES) is recorded too, so the same request
   * gets it again; any other failure frees the key for a retry.
   *
   * A request under a used key gets: 422 when it is another request (route or body other than the
   * PIN); 409 while the first still runs; the first answer again when it is the same request with
   * the same PIN. The same request with ANOTHER PIN is first a PIN try, counted with the lockout
   * (a wrong PIN is refused as any wrong PIN is), then 422: a key never answers whether a PIN is right.
   *
   * With a key and `oneStatement`, that is tried first (see OneStatement): when it answers, the
   * request is done, its answer recorded under the key with the money. Otherwise the caller's
   * session, if still to be confirmed (app.authenticateToken), is confirmed before the key is claimed.
   */
  run<T>(work: (record: RecordAnswer<T> | null) => Promise<T>, oneStatement?: OneStatement<T>): Promise<T>;
  /** `run` for a request whose whole work is `work` in one database transaction, the answer recorded in it. */
  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Idempotency-Key handling for this route (plugins/idempotency.ts). */
    idempotent?: IdempotentRoute;
  }
  interface FastifyRequest {
    /** The Idempotency-Key handling of a route with `config.idempotent` (none on other routes). */
    readonly idempotency: Idempotency;
  }
}

const MAX_KEY_LENGTH = 255;

function headerKey(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_KEY_LENGTH) {
    throw badRequest(`Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters`);
  }
  return value;
}

/** JSON with object keys sorted, so the same body always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The body field that carries the transaction PIN; it is part of a request only as a keyed tag. */
const PIN_FIELD = 'transaction_pin';

function withoutPin(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !(PIN_FIELD in body)) return body;
  const { [PIN_FIELD]: _pin, ...rest } = body as Record<string, unknown>;
  return rest;
}

/** A request carrying a transaction PIN: the PIN and the secret its tag is keyed with. */
interface PinTag {
  secret: string;
  value: string;
}

/** What identifies a request under a key: `full` is stored; `base` leaves out the PIN. */
export interface RequestIdentity {
  base: string;
  full: string;
}

/**
 * What identifies a request under a key: the route (method and URL template) and the body
 * without its PIN (`base`), then, when it carries a PIN, an HMAC of it (so the stored row never
 * holds a guessable PIN hash).
 */
export function requestIdentity(method: string, routeUrl: string, body: unknown, userId: string, pin: PinTag | undefined): RequestIdentity {
  const base = createHash('sha256').update(`${method} ${routeUrl}\n${canonicalJson(withoutPin(body))}`).digest('hex');
  if (!pin) return { base, full: base };
  const tag = createHmac('sha256', pin.secret).update(`idempotency\n${userId}\n${pin.value}`).digest('hex').slice(0, 32);
  return { base, full: `${base}.${tag}` };
}

const baseOf = (stored: string) => stored.split('.')[0];

/**
 * Answers that are final for the request that got them, recorded under its key like a success:
 * refusals of the request itself (400, 403, 404, 422). Not recorded, so a retry runs again:
 * 401 (the caller), 409 (a conflict of the moment), 429 (a lockout or throttle that ends), 5xx.
 */
const isFinalRefusal = (err: unknown): err is ApiError =>
  err instanceof ApiError && isRecordedRefusalStatus(err.statusCode);

/** The recorded answer of a finished request: its body again with its status (set by `replayStatus`), or its refusal again. */
function replay<T>(recorded: IdempotencyKeyRow, replayStatus: (status: number) => void): T {
  const status = recorded.response_status ?? 200;
  if (status >= 400) {
    const body = recorded.response_body as { message?: unknown } | null;
    throw new ApiError(status, typeof body?.message === 'string' ? body.message : server.idempotencyMismatch);
  }
  replayStatus(status);
  return recorded.response_body as T;
}

/** One request under an Idempotency-Key, as its handling needs it (no HTTP: the plugin makes it from the request). */
export interface KeyedRequest {
  userId: string;
  key: string;
  identity: RequestIdentity;
  /** The counted PIN check (lockout included) of a request that carries a PIN. */
  checkPin?: () => Promise<void>;
  /** The status an answer is recorded with (the reply's). */
  status: () => number;
  /** Sets the reply's status to a replayed answer's. */
  replayStatus: (status: number) => void;
  /** Confirms the caller's session when the one statement did not (plugins/auth confirmCallerSession). */
  confirmCaller?: () => Promise<void>;
  /** How long a claim of the same request holds before a retry may take it over (IDEMPOTENCY_LEASE_MS). */
  leaseMs: number;
}

/**
 * A money request run once per key (Idempotency.run with a key): the one statement if given, else
 * the key claimed, `work` with `record`, a final refusal recorded, any other failure freeing the key.
 */
export async function runUnderKey<T>(
  db: PinDeps['db'],
  request: KeyedRequest,
  work: (record: RecordAnswer<T>) => Promise<T>,
  oneStatement?: OneStatement<T>,
): Promise<T> {
  const { userId, key, identity } = request;
  const claim = randomUUID();
  if (oneStatement) {
    const done = await oneStatement({ userId, key, requestHash: identity.full, claim, status: request.status() });
    if (done !== null) return done;
  }
  await request.confirmCaller?.();

  if (!(await claimKey(db, { userId, key, requestHash: identity.full, claim }, request.leaseMs))) {
    const recorded = await findKey(db, userId, key);
    if (!recorded) throw conflict(server.idempotencyInProgress);
    if (baseOf(recorded.request_hash) !== identity.base) throw unprocessable(server.idempotencyMismatch);
    if (recorded.status === 'in_progress') throw conflict(server.idempotencyInProgress);
    if (recorded.request_hash !== identity.full) {
      await request.checkPin?.();
      throw unprocessable(server.idempotencyMismatch);
    }
    return replay<T>(recorded, request.replayStatus);
  }

  const record: RecordAnswer<T> = async (trx, answer) => {
    const recorded = await completeKey(trx, { userId, key, claim, status: request.status(), body: answer });
    // Only when this request ran past its lease and a retry took the key over: this transaction then moves nothing.
    if (!recorded) throw conflict(server.idempotencyInProgress);
  };
  try {
    return await work(record);
  } catch (err) {
    if (isFinalRefusal(err)) {
      await completeKey(db, { userId, key, claim, status: err.statusCode, body: { success: false, message: err.message } });
    } else {
      await releaseKey(db, { userId, key, claim });
    }
    throw err;
  }
}

/** The Idempotency-Key handling of one request of a route with `options`. */
function idempotencyOf(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, options: IdempotentRoute): Idempotency {
  const { db, config } = app;

  async function run<T>(work: (record: RecordAnswer<T> | null) => Promise<T>, oneStatement?: OneStatement<T>): Promise<T> {
    const key = headerKey(request);
    if (key === null) return work(null);
    if (!request.auth) throw new Error('An idempotent route needs an authenticated caller');
    const userId = request.auth.userId;
    const pinValue = options.pin?.(request.body as never);
    const identity = requestIdentity(
      request.method, String(request.routeOptions.url), request.body, userId,
      pinValue === undefined ? undefined : { secret: config.pinSecret, value: pinValue },
    );
    return runUnderKey(db, {
      userId, key, identity,
      checkPin: pinValue === undefined ? undefined : () => verifyTransactionPin({ db, config }, userId, pinValue),
      status: () => reply.statusCode,
      replayStatus: (status) => { reply.status(status); },
      confirmCaller: () => confirmCallerSession(app, request),
      leaseMs: config.idempotencyLeaseMs,
    }, work, oneStatement);
  }

  return {
    run,
    transaction: <T>(work: (trx: Trx) => Promise<T>) =>
      run<T>((record) =>
        db.transaction().execute(async (trx) => {
          const answer = await work(trx);
          if (record) await record(trx, answer);
          return answer;
        }),
      ),
  };
}

/**
 * Gives every route with `config.idempotent` a first preHandler that prepares
 * `request.idempotency`; other routes have none (reading it there is a programming error).
 */
export default fp(
  async function idempotencyPlugin(app: FastifyInstance) {
    const handling = new WeakMap<FastifyRequest, Idempotency>();
    app.decorateRequest('idempotency', {
      getter(this: FastifyRequest): Idempotency {
        const idempotency = handling.get(this);
        if (!idempotency) throw new Error(`${this.method} ${this.routeOptions.url} has no config.idempotent`);
        return idempotency;
      },
    });
    app.addHook('onRoute', (route) => {
      const options = route.config?.idempotent;
      if (!options) return;
      const prepare: preHandlerAsyncHookHandler = async (request, reply) => {
        handling.set(request, idempotencyOf(app, request, reply, options));
      };
      const own = route.preHandler ? ([] as unknown[]).concat(route.preHandler) : [];
      route.preHandler = [prepare, ...(own as preHandlerAsyncHookHandler[])];
    });
  },
  { name: 'idempotency', decorators: { fastify: ['config', 'db'] } },
);
