import { sql, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { OtpPurpose, OtpsTable } from './auth.tables';
import { OTP_CAP_WINDOW_MS } from './rules';

export type OtpRow = Selectable<OtpsTable>;

/**
 * Codes, used or not, are kept a day after they expire: till then a late try with the newest
 * unused one is still told 'OTP has expired' (useOtp reads it), then the sweep deletes them.
 */
export const otpLapsedBefore = sql<Date>`now() - interval '24 hours'`;
/**
 * Codes created before this no longer count: the hourly cap and the resend cool-down read every
 * code created within OTP_CAP_WINDOW_MS, used or not (otpTimesSince, hasUnusedOtpSince), so the
 * sweep deletes none younger, whatever its expiry.
 */
export const otpUncountedBefore = sql<Date>`now() - ${OTP_CAP_WINDOW_MS}::integer * interval '1 millisecond'`;

/** Creation times of the user's codes for a purpose since `since`, newest first. */
export async function otpTimesSince(db: Db, userId: string, purpose: OtpPurpose, since: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('otps')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => row.created_at);
}

export async function hasUnusedOtpSince(db: Db, userId: string, purpose: OtpPurpose, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('otps')
    .select('id')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new code replaces the older ones: they can no longer be used. */
export async function retireOtps(trx: Transaction<Database>, userId: string, purpose: OtpPurpose, now: Date): Promise<void> {
  await trx
    .updateTable('otps')
    .set({ consumed_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
}

export async function insertOtp(
  trx: Transaction<Database>,
  values: Pick<OtpRow, 'user_id' | 'purpose' | 'recipient' | 'code_hash' | 'created_at' | 'expires_at'>,
): Promise<void> {
  await trx.insertInto('otps').values(values).execute();
}

/** The user's unused code for that purpose and recipient, locked for the check. */
export function lockUnusedOtp(
  trx: Transaction<Database>,
  userId: string,
  purpose: OtpPurpose,
  recipient: string,
): Promise<OtpRow | undefined> {
  return trx
    .selectFrom('otps')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('recipient', '=', recipient)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

export async function setOtpAttempts(trx: Transaction<Database>, id: string, attempts: number): Promise<void> {
  await trx.updateTable('otps').set({ attempts }).where('id', '=', id).execute();
}

export async function consumeOtp(trx: Transaction<Database>, id: string, now: Date): Promise<void> {
  await trx.updateTable('otps').set({ consumed_at: now }).where('id', '=', id).execute();
}
