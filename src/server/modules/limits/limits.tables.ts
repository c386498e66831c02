/** Tables of the limits module (migration 0009). */

/** What a customer sent on one day of their time zone, in CAD minor units (NGN at the mid rate). */
export interface LimitUsageTable {
  user_id: string;
  /** 'YYYY-MM-DD' */
  day: string;
  used_minor: bigint;
}

export interface LimitsTables {
  limit_usage: LimitUsageTable;
}
