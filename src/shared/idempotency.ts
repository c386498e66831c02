/**
 * Idempotency-Key (DESIGN.md): what the server records under a money request's key, so the client
 * and the server agree on which answers end a key's life.
 */

/** The header a money POST carries its key in (lower-case, as Node reads headers). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * Refusals of the request itself, recorded under its key like a success, so the same request gets
 * them again: 400, 403, 404, 422. Anything else (401, 409, 429, 5xx, no answer) is not recorded and
 * the same request may be sent again under the same key.
 */
export const RECORDED_REFUSAL_STATUSES: readonly number[] = [400, 403, 404, 422];

/** Whether an HTTP status is a refusal recorded under the request's key. */
export const isRecordedRefusalStatus = (status: unknown): boolean =>
  typeof status === 'number' && RECORDED_REFUSAL_STATUSES.includes(status);
