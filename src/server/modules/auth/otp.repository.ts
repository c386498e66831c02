import { sql, type ExpressionBuilder, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { OtpPurpose, OtpsTable, SignUpSubmission } from './auth.tables';
import { OTP_CAP_WINDOW_MS } from './rules';

export type OtpRow = Selectable<OtpsTable>;

/**
 * Codes, used or not, are kept a day after they expire: till then a late try with the newest
 * unused one is still told 'OTP has expired' (useOtp reads it), then the sweep deletes them.
 */
export const otpLapsedBefore = sql<Date>`now() - interval '24 hours'`;
/**
 * Codes created before this no longer count: the hourly cap and the resend cool-down read every
 * code created within OTP_CAP_WINDOW_MS, used or not (otpsSince, hasUnusedOtpSince), so the
 * sweep deletes none younger, whatever its expiry.
 */
export const otpUncountedBefore = sql<Date>`now() - ${OTP_CAP_WINDOW_MS}::integer * interval '1 millisecond'`;

/** The user's codes for a purpose created since `since` (when, and whether still usable then), newest first. */
export function otpsSince(db: Db, userId: string, purpose: OtpPurpose, since: Date): Promise<Pick<OtpRow, 'created_at' | 'expires_at' | 'consumed_at' | 'attempts'>[]> {
  return db
    .selectFrom('otps')
    .select(['created_at', 'expires_at', 'consumed_at', 'attempts'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .execute();
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

/** A sign-up as the `submission` column stores it. */
const submissionJson = (submission: SignUpSubmission) => sql<string>`${JSON.stringify(submission)}::jsonb`;

/** The codes of a sign-up with this password, and those of no sign-up (the account as it is). */
const ofPassword = (passwordHash: string) => (eb: ExpressionBuilder<Database, 'otps'>) =>
  eb.or([eb('submission', 'is', null), eb(sql`submission->>'password_hash'`, '=', passwordHash)]);

/**
 * A new code replaces the older ones: they can no longer be used. With `passwordHash`, only the
 * codes of sign-ups with that password (and those of no sign-up): another sign-up's codes stay.
 */
export async function retireOtps(trx: Transaction<Database>, userId: string, purpose: OtpPurpose, now: Date, passwordHash?: string): Promise<void> {
  await trx
    .updateTable('otps')
    .set({ consumed_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .$if(passwordHash !== undefined, (q) => q.where(ofPassword(passwordHash!)))
    .execute();
}

export async function insertOtp(
  trx: Transaction<Database>,
  values: Pick<OtpRow, 'user_id' | 'purpose' | 'recipient' | 'code_hash' | 'created_at' | 'expires_at'> & { submission?: SignUpSubmission },
): Promise<void> {
  const { submission, ...row } = values;
  await trx
    .insertInto('otps')
    .values({ ...row, submission: submission ? submissionJson(submission) : null })
    .execute();
}

/** The user's unused codes for that purpose and recipient, newest first, locked for the check. */
export function lockUnusedOtps(trx: Transaction<Database>, userId: string, purpose: OtpPurpose, recipient: string): Promise<OtpRow[]> {
  return trx
    .selectFrom('otps')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('recipient', '=', recipient)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .forUpdate()
    .execute();
}

/** The sign-up of the user's newest e-mail verification code (what a resend sends a code for), if any. */
export async function newestSubmission(db: Db | Transaction<Database>, userId: string): Promise<SignUpSubmission | null> {
  const row = await db
    .selectFrom('otps')
    .select('submission')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'email_verification')
    .where('submission', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.submission ?? null;
}

/** The same person's corrected details: their unused codes (of that password) now give these. */
export async function rebindOtps(trx: Transaction<Database>, userId: string, submission: SignUpSubmission): Promise<void> {
  await trx
    .updateTable('otps')
    .set({ submission: submissionJson(submission) })
    .where('user_id', '=', userId)
    .where('purpose', '=', 'email_verification')
    .where('consumed_at', 'is', null)
    .where(ofPassword(submission.password_hash))
    .execute();
}

/** A wrong try counts against each of these codes. */
export async function countWrongTry(trx: Transaction<Database>, ids: string[]): Promise<void> {
  await trx.updateTable('otps').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', 'in', ids).execute();
}

export async function consumeOtp(trx: Transaction<Database>, id: string, now: Date): Promise<void> {
  await trx.updateTable('otps').set({ consumed_at: now }).where('id', '=', id).execute();
}
