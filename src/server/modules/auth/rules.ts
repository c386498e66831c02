/** Lifetimes and limits of the accounts module (DESIGN.md security model). */
export const MINUTE = 60 * 1000;

/**
 * The minutes a refusal says are left of a wait of `waitMs` that lasts at most `longestMs` (a PIN
 * lock, an hourly cap, a throttle's window): rounded up, from 1 to the whole wait. A check whose
 * `now` was taken before another request (in this process or another) counted the hit or set the
 * lock sees a little more than the whole wait left: it still says the whole wait.
 */
export const minutesLeft = (waitMs: number, longestMs: number): number =>
  Math.min(Math.ceil(longestMs / MINUTE), Math.max(1, Math.ceil(waitMs / MINUTE)));

/**
 * One-time codes: life, tries and hourly cap (per user and purpose). The resend cool-down is
 * OTP_RESEND_COOLDOWN_MS of src/shared/limits.ts, which the client counts down too.
 */
export const OTP_TTL_MS = 10 * MINUTE;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_HOURLY_CAP = 5;
export const OTP_CAP_WINDOW_MS = 60 * MINUTE;

/** A verified reset code allows one password reset within this time. */
export const RESET_GRANT_TTL_MS = 10 * MINUTE;
/** A confirmed transaction PIN allows one bill payment within this time. */
export const STEP_UP_GRANT_TTL_MS = 5 * MINUTE;
/** A password check (POST /auth/login in a session) allows a PIN or password change within this time. */
export const PASSWORD_CHECK_FRESH_MS = 5 * MINUTE;

/** Wrong transaction PINs in a row before PIN use locks, and for how long. */
export const PIN_MAX_ATTEMPTS = 5;
export const PIN_LOCK_MS = 30 * MINUTE;

/** The webhook timestamp may differ from our clock by this much. */
export const WEBHOOK_TOLERANCE_MS = 5 * MINUTE;
