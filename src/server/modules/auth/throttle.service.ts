import { server } from '../../../shared/messages';
import type { Db } from '../../db/database';
import { tooManyRequests } from '../../lib/errors';
import { deleteHits, insertHit, newestHits } from './throttle.repository';

/** A sliding-window limit: at most `limit` hits per key within `windowMs` (rows, not memory). */
export interface ThrottleRule {
  name: string;
  limit: number;
  windowMs: number;
  message(minutesLeft: number): string;
}

const MINUTE = 60 * 1000;

export const throttles = {
  loginPerAccount: { name: 'login:account', limit: 5, windowMs: 15 * MINUTE, message: server.loginThrottled },
  loginPerIp: { name: 'login:ip', limit: 20, windowMs: 15 * MINUTE, message: server.loginThrottled },
  otpGuessesPerIp: { name: 'otp:ip', limit: 30, windowMs: 15 * MINUTE, message: server.tooManyRequestsFor },
  externalIdentityPerIp: { name: 'external-identity:ip', limit: 10, windowMs: 60 * MINUTE, message: server.tooManyRequestsFor },
  contactPerUser: { name: 'contact:user', limit: 5, windowMs: 60 * MINUTE, message: server.tooManyRequestsFor },
  /** The limit is QUOTES_PER_MINUTE (config); the exchange asks for one as the customer pauses typing. */
  quotesPerUser: { name: 'quotes:user', limit: 60, windowMs: MINUTE, message: server.tooManyRequestsFor },
} satisfies Record<string, ThrottleRule>;

const bucketOf = (rule: ThrottleRule, key: string) => `${rule.name}:${key.toLowerCase()}`;
const windowStart = (rule: ThrottleRule, now: Date) => new Date(now.getTime() - rule.windowMs);

/** Throws 429 (with the minutes until a new try is allowed) when the key used up its limit. */
export async function assertNotThrottled(db: Db, rule: ThrottleRule, key: string, now = new Date()): Promise<void> {
  const hits = await newestHits(db, bucketOf(rule, key), windowStart(rule, now), rule.limit);
  if (hits.length < rule.limit) return;
  const freeAt = hits[hits.length - 1].created_at.getTime() + rule.windowMs;
  throw tooManyRequests(rule.message(Math.max(1, Math.ceil((freeAt - now.getTime()) / MINUTE))));
}

export function recordHit(db: Db, rule: ThrottleRule, key: string, now = new Date()): Promise<void> {
  return insertHit(db, bucketOf(rule, key), now, windowStart(rule, now));
}

export function clearHits(db: Db, rule: ThrottleRule, key: string): Promise<void> {
  return deleteHits(db, bucketOf(rule, key));
}
