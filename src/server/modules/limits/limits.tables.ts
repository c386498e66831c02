/** Tables of the limits module (migration 0009). */

/**
 * What a customer sent in one quarter of an hour (UTC), in CAD minor units (NGN at the mid rate);
 * a day or 30 days are the buckets from a midnight of the customer's zone (migration 0023).
 */
export interface LimitUsageTable {
  user_id: string;
  bucket: Date;
  used_minor: bigint;
  /** When the day of this bucket's sends ends in the zone they were made in (migration 0026). */
  day_ends: Date | null;
  /** When their 30 days end there. */
  days30_end: Date | null;
}

export interface LimitsTables {
  limit_usage: LimitUsageTable;
}
