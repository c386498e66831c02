import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { server } from '../../shared/messages';
import { badRequest, unauthorized } from './errors';

/**
 * Signatures of webhooks from the (simulated) outside world: HMAC-SHA256 over
 * `${timestamp}.${rawBody}` with the webhook secret, sent as `t=<unix seconds>,v1=<hex>`.
 */
export const SIGNATURE_HEADER = 'x-kudi-signature';

const mac = (secret: string, timestamp: number, rawBody: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

export function signWebhook(secret: string, rawBody: string, now = Date.now()): string {
  const timestamp = Math.floor(now / 1000);
  return `t=${timestamp},v1=${mac(secret, timestamp, rawBody)}`;
}

/** True when the header signs exactly this body and its timestamp is within `toleranceMs` of now. */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  toleranceMs: number,
  now = Date.now(),
): boolean {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const timestamp = Number(match[1]);
  if (Math.abs(now - timestamp * 1000) > toleranceMs) return false;
  return timingSafeEqual(Buffer.from(match[2], 'hex'), Buffer.from(mac(secret, timestamp, rawBody), 'hex'));
}

/**
 * Makes the JSON parser of this (encapsulated) scope check the signature over the raw body
 * before parsing it, so an unsigned or tampered webhook never reaches a handler (401).
 */
export function acceptSignedJsonOnly(app: FastifyInstance, secret: string, toleranceMs: number): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, async (request: FastifyRequest, rawBody: string) => {
    const header = request.headers[SIGNATURE_HEADER];
    if (typeof header !== 'string' || !verifyWebhookSignature(secret, header, rawBody, toleranceMs)) {
      throw unauthorized(server.invalidSignature);
    }
    try {
      return JSON.parse(rawBody) as unknown;
    } catch {
      throw badRequest('Request body is not valid JSON');
    }
  });
}
