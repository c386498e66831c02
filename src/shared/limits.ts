/** Business constants and limits of spec §9 (and the few fixed values §3/§7 name). */
import { PRODUCT_SLUG } from './product';

export const MIN_AGE = 18;
/** Email, reset and phone codes. */
export const OTP_LENGTH = 6;
/**
 * After a code is sent, a new one (same account, same purpose) may be asked for only this much
 * later: the server refuses earlier resends, and the code steps count down to it.
 */
export const OTP_RESEND_COOLDOWN_MS = 60_000;
export const PIN_LENGTH = 4;
export const BVN_LENGTH = 11;
/** NIN is optional and digits only (spec §5); input is capped at a Nigerian NIN's 11 digits. */
export const NIN_MAX_LENGTH = 11;
export const NGN_ACCOUNT_LENGTH = 10;
/** The longest name (a person's, a recipient's) and free text (an address) the API takes; the forms stop there too. */
export const NAME_MAX_LENGTH = 200;
export const TEXT_MAX_LENGTH = 1000;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SPECIALS = '!@#$%^&*';

export const BILL_DESCRIPTION_MIN = 5;
export const BILL_DESCRIPTION_MAX = 20;

/** Both currencies have 2 decimals (cents, kobo); amounts move as integer minor units. */
export const MONEY_DECIMALS = 2;
/**
 * Largest single amount the API accepts, in minor units: 1,000,000,000.00 of either currency.
 * Converted at any plausible rate it stays far below MAX_BALANCE_MINOR.
 */
export const MAX_AMOUNT_MINOR = 100_000_000_000n;
/**
 * Ceiling of a customer wallet's balance, in minor units: 10,000,000,000,000.00. A credit that
 * would take a wallet above it is refused (422). It keeps every balance the API sends as a JSON
 * number exact to the cent/kobo: a major-unit double shows its 2 decimals exactly only below
 * 2^46 (about 70 trillion; at Number.MAX_SAFE_INTEGER minor units, 90,071,992,547,409.91 would
 * come out as 90071992547409.9).
 */
export const MAX_BALANCE_MINOR = 10n ** 15n;

export const TOKEN_CHECK_INTERVAL_MS = 60_000;
/** Refresh when fewer than this many seconds are left before expiry. */
export const REFRESH_THRESHOLD_S = 60;
export const INACTIVITY_TIMEOUT_MS = 600_000;
export const LOGIN_REDIRECT_DELAY_MS = 2_000;
export const UNVERIFIED_TOAST_MS = 5_000;
export const IDENTITY_POLL_INTERVAL_MS = 5_000;
/** How often Profile asks again for a proof of address under review (the simulated reviewer decides within seconds). */
export const PROOF_POLL_INTERVAL_MS = 5_000;
export const IDENTITY_POLL_MAX_MS = 300_000;
export const COPY_RESET_MS = 2_000;
/** Email existence check and payee search. */
export const DEBOUNCE_MS = 500;
export const CONVERSION_TOAST_MS = 5_000;
export const PAYMENT_TOAST_MS = 5_000;

export const HISTORY_FIRST_PAGE = 1;

/** Customer tiers of spec-next §B, in this order (the server's limit function reads Basic's limits, then Plus's). */
export const TIERS = ['Basic', 'Plus'] as const;
export type Tier = (typeof TIERS)[number];
/** Proof of address: at most this many bytes, one of these types (checked by content). */
export const PROOF_OF_ADDRESS_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_OF_ADDRESS_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
/**
 * The signed-in user's identity check (GET /auth/user `identity_status`, not in the spec): approved
 * once the identity is verified, else the state of their latest check at the provider (pending
 * while it has no decision yet), unverified when they never started one.
 */
export const IDENTITY_STATUSES = ['unverified', 'pending', 'approved', 'declined'] as const;
export const CURRENCIES = ['CAD', 'NGN'] as const;
export const CURRENCY_SYMBOL = { CAD: '$', NGN: '₦' } as const satisfies Record<(typeof CURRENCIES)[number], string>;

/** The bill payment screen's categories (spec §2: /bill-payment?category=school|electricity|bills). */
export const BILL_CATEGORIES = ['school', 'electricity', 'bills'] as const;

export const TRANSACTION_TYPES = ['DEPOSIT', 'WITHDRAWAL', 'WALLET TRANSACTION'] as const;
/** A history item's status (spec §7, and 'cancelled' of spec-next §C). */
export const TRANSACTION_STATUSES = ['pending', 'completed', 'failed', 'cancelled'] as const;
/** The steps of a transfer's timeline (spec-next §C), oldest first in GET /transactions/{id}. */
export const TRANSACTION_EVENT_STATUSES = ['created', 'sent', 'completed', 'failed', 'cancelled', 'refunded'] as const;
export const DIRECTIONS = ['credit', 'debit'] as const;
/** Whom a completed send went to (spec-next §E, GET /recipients): an Interac e-mail, a Nigerian bank account, a Kudi user. */
export const RECIPIENT_KINDS = ['interac', 'ngn_bank', 'kudi_user'] as const;
/** How many recipients GET /recipients answers at most: the most recently used. */
export const RECIPIENTS_MAX = 100;

/** Statements (spec-next §E): GET /statements in either format, over at most this many days. */
export const STATEMENT_FORMATS = ['csv', 'pdf'] as const;
export const STATEMENT_MAX_DAYS = 366;
/**
 * The days a statement may cover: the midnights around them, in any time zone, are times the
 * database and the drivers write as four-digit years (the one after 9999-12-31 west of UTC is not).
 */
export const STATEMENT_FIRST_DAY = '1900-01-01';
export const STATEMENT_LAST_DAY = '9999-12-30';
/** The statement's content type per format. */
export const STATEMENT_CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' } as const satisfies Record<
  (typeof STATEMENT_FORMATS)[number],
  string
>;

/** Known dial codes; other countries have none (spec §9). */
export const DIAL_CODES: Readonly<Record<string, string>> = { US: '+1', GB: '+44', NG: '+234', CA: '+1' };

export const GENDERS = ['male', 'female'] as const;
export const DEFAULT_GENDER = 'male';

/** Fixed values the client sends (spec §7). */
export const LOGIN_METHOD = 'EMAIL';
export const COMPLAINT_CATEGORY = 'Help';

export const RECEIPT_FILE_NAME = `${PRODUCT_SLUG}-receipt.png`;

/** Browser local-storage keys (spec §3). */
export const STORAGE_KEYS = {
  user: 'user',
  showCADBalance: 'showCADBalance',
  showNairaBalance: 'showNairaBalance',
} as const;

/** A quote holds its rate this long by default (spec-next §A, QUOTE_TTL_S). */
export const QUOTE_TTL_S = 60;
/** Proof of address (spec-next §B): PDF, PNG or JPEG, at most PROOF_OF_ADDRESS_MAX_BYTES. */
export const PROOF_OF_ADDRESS_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
