import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Transaction PIN digest: HMAC-SHA256 keyed by the server's PIN secret and bound to the user.
 * Fast on purpose: a 4-digit PIN is protected by the lockout, not by hashing cost.
 */
export function hashPin(secret: string, userId: string, pin: string): string {
  return createHmac('sha256', secret).update(`${userId}:${pin}`).digest('base64url');
}

export function pinMatches(secret: string, userId: string, pin: string, stored: string | null): boolean {
  if (!stored) return false;
  const a = Buffer.from(hashPin(secret, userId, pin));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}
