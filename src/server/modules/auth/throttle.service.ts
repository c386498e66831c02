import { server } from '../../../shared/messages';
import type { Db } from '../../db/database';
import { tooManyRequests } from '../../lib/errors';
import { MINUTE, minutesLeft } from './rules';
import { deleteHits, deleteOneHit, insertHitIfRoom } from './throttle.repository';

/** A sliding-window limit: at most `limit` hits per key within `windowMs` (rows, not memory). */
export interface ThrottleRule {
  name: string;
  limit: number;
  windowMs: number;
  message(minutesLeft: number): string;
}

export const throttles = {
  loginPerAccount: { name: 'login:account', limit: 5, windowMs: 15 * MINUTE, message: server.loginThrottled },
  loginPerIp: { name: 'login:ip', limit: 20, windowMs: 15 * MINUTE, message: server.loginThrottled },
  otpGuessesPerIp: { name: 'otp:ip', limit: 30, windowMs: 15 * MINUTE, message: server.tooManyRequestsFor },
  externalIdentityPerIp: { name: 'external-identity:ip', limit: 10, windowMs: 60 * MINUTE, message: server.tooManyRequestsFor },
  contactPerUser: { name: 'contact:user', limit: 5, windowMs: 60 * MINUTE, message: server.tooManyRequestsFor },
  /**
   * Numbers asked to be sent a phone code (each answer tells whether another customer holds the
   * number): a person needs a few, too few to sweep numbers for customers.
   */
  phoneCodesPerUser: { name: 'send-otp-phone:user', limit: 10, windowMs: 60 * MINUTE, message: server.tooManyRequestsFor },
  /** The limit is QUOTES_PER_MINUTE (config); the exchange asks for one as the customer pauses typing. */
  quotesPerUser: { name: 'quotes:user', limit: 60, windowMs: MINUTE, message: server.tooManyRequestsFor },
} satisfies Record<string, ThrottleRule>;

const bucketOf = (rule: ThrottleRule, key: string) => `${rule.name}:${key.toLowerCase()}`;
const windowStart = (rule: ThrottleRule, now: Date) => new Date(now.getTime() - rule.windowMs);

/** A hit counted against its rule; given back when what it was taken for turns out not to count (a right password). */
export interface Hit {
  giveBack(): Promise<void>;
}

/**
 * Counts a hit of the key, or throws 429 (with the minutes until a new try is allowed) when the key
 * used up its limit. The check and the hit are one step under a lock on the bucket (rows, shared
 * by every API process), so concurrent requests never get more than the limit between them.
 */
export async function takeHit(db: Db, rule: ThrottleRule, key: string, now = new Date()): Promise<Hit> {
  const bucket = bucketOf(rule, key);
  const hits = await insertHitIfRoom(db, bucket, now, windowStart(rule, now), rule.limit);
  if (hits.length >= rule.limit) {
    const freeAt = hits[hits.length - 1].created_at.getTime() + rule.windowMs;
    throw tooManyRequests(rule.message(minutesLeft(freeAt - now.getTime(), rule.windowMs)));
  }
  return { giveBack: () => deleteOneHit(db, bucket, now) };
}

export function clearHits(db: Db, rule: ThrottleRule, key: string): Promise<void> {
  return deleteHits(db, bucketOf(rule, key));
}
