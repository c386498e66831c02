/** Tables of the limits module (migration 0009). */

/**
 * What a customer sent in one quarter of an hour (UTC), in CAD minor units (NGN at the mid rate);
 * a day or 30 days are the buckets from a midnight of the customer's zone (migration 0023).
 */
export interface LimitUsageTable {
  user_id: string;
  bucket: Date;
  used_minor: bigint;
}

export interface LimitsTables {
  limit_usage: LimitUsageTable;
}
