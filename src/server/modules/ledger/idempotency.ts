/**
 * Idempotency-Key for money POSTs (DESIGN.md): same key + same body → the first answer again,
 * with its status; same key + other body → 422; still running → 409. All state is rows, so
 * several API processes share it. The answer is recorded in the same database transaction as
 * the money it describes: either both exist or neither does.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';
import { server } from '../../../shared/messages';
import { badRequest, conflict, unprocessable } from '../../lib/errors';
import type { Trx } from './accounts.repository';
import { claimKey, completeKey, findKey, releaseKey, type IdempotencyKeyRow } from './idempotency.repository';

const IDEMPOTENCY_HEADER = 'idempotency-key';
const MAX_KEY_LENGTH = 255;

/** Whether the request carries an Idempotency-Key header (valid or not). */
export const hasIdempotencyKey = (request: FastifyRequest): boolean => request.headers[IDEMPOTENCY_HEADER] !== undefined;

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

/** The route is part of the request: one key reused on another endpoint is another request. */
const requestHash = (request: FastifyRequest) =>
  createHash('sha256').update(`${request.method} ${request.routeOptions.url}\n${canonicalJson(request.body)}`).digest('hex');

/**
 * What a request under an already-used key is answered: the recorded answer (with its status)
 * when it is the same request and it finished; 422 when the key was used for another request;
 * 409 while that request still runs, or when it failed and freed the key a moment ago.
 */
function answerFromRecord<T>(recorded: IdempotencyKeyRow | undefined, hash: string, reply: FastifyReply): T {
  if (recorded && recorded.request_hash !== hash) throw unprocessable(server.idempotencyMismatch);
  if (!recorded || recorded.status === 'in_progress') throw conflict(server.idempotencyInProgress);
  reply.status(recorded.response_status ?? 200);
  return recorded.response_body as T;
}

/**
 * The answer recorded under the request's Idempotency-Key, looked up before checks that must not
 * run again for a replay (a PIN try counted, a lockout refusing it): `{ body }` to send back,
 * undefined when the request carries no key or the key is unused; 422 / 409 as withIdempotency.
 */
export async function recordedAnswer<T>(request: FastifyRequest, reply: FastifyReply): Promise<{ body: T } | undefined> {
  const key = headerKey(request);
  if (key === null || !request.auth) return undefined;
  const recorded = await findKey(request.server.db, request.auth.userId, key);
  if (!recorded) return undefined;
  return { body: answerFromRecord<T>(recorded, requestHash(request), reply) };
}

/**
 * Runs a money handler in one database transaction, once per Idempotency-Key. Without the
 * header the handler simply runs. A handler that throws leaves no trace: its transaction rolls
 * back and the key is freed for a retry.
 */
export async function withIdempotency<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  handler: (trx: Trx) => Promise<T>,
): Promise<T> {
  const { db } = request.server;
  const key = headerKey(request);
  if (key === null) return db.transaction().execute(handler);
  if (!request.auth) throw new Error('withIdempotency needs an authenticated route');
  const userId = request.auth.userId;
  const hash = requestHash(request);
  const claim = randomUUID();

  if (!(await claimKey(db, { userId, key, requestHash: hash, claim }))) {
    return answerFromRecord<T>(await findKey(db, userId, key), hash, reply);
  }

  try {
    return await db.transaction().execute(async (trx) => {
      const result = await handler(trx);
      const recorded = await completeKey(trx, { userId, key, claim, status: reply.statusCode, body: result });
      // Only when this request ran so long that its claim was taken over as abandoned.
      if (!recorded) throw conflict(server.idempotencyInProgress);
      return result;
    });
  } catch (err) {
    await releaseKey(db, { userId, key, claim });
    throw err;
  }
}
