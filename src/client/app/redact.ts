// The one redaction of everything that leaves the tab: the Redux DevTools sanitizers and the diagnostics
// file. A deep copy with secrets replaced and account numbers masked to their last 4 digits. Secrets are
// recognised by the key they sit under (any depth, any spelling) and, wherever they sit, by their shape:
// a JWT or a bearer header inside any string (a bare action payload, a message, a cache key) is masked too.

export const REDACTED = '[redacted]';

/** Keys compared without case, '_' or '-': access_token, accessToken and ACCESS-TOKEN are one key. */
const normalize = (key: string) => key.toLowerCase().replace(/[_-]/g, '');

/** A key ending in one of these names a secret: access_token, new_password, confirm_transaction_pin, SecurityQuestionAnswer… */
const SECRET_SUFFIXES = ['token', 'password', 'passcode', 'secret', 'pin', 'otp', 'bvn', 'nin', 'answer'];

/** A key starting with one of these names a secret too: password_confirmation, pinCode, otp_code, token_hash… */
const SECRET_PREFIXES = ['token', 'password', 'passcode', 'secret', 'pin', 'otp', 'bvn', 'nin'];

const SECRET_KEYS = new Set([
  'authorization', 'cookie', 'setcookie', 'apikey', 'jwt',
  // RTK Query keeps every call's arguments here; the (redacted) cache key still names the call.
  'originalArgs',
].map(normalize));

const isSecretKey = (name: string) =>
  SECRET_KEYS.has(name) ||
  SECRET_SUFFIXES.some((suffix) => name.endsWith(suffix)) ||
  SECRET_PREFIXES.some((prefix) => name.startsWith(prefix));

/** account_number, accountNumber, PayeeAccountNumber, senderAccountNumber, account_no, nuban, and `{ account: { number } }`. */
const isAccountNumberKey = (name: string, parent: string) =>
  name.endsWith('accountnumber') || name.endsWith('accountno') || name === 'nuban' || (name === 'number' && parent === 'account');

/** Shows only the last 4 characters: '0123456789' → '******6789'. */
export const maskAccountNumber = (value: unknown): string => {
  const text = String(value);
  return '*'.repeat(Math.max(0, text.length - 4)) + text.slice(-4);
};

/** Runs of 7 or more digits in free text (URL paths) are account numbers: all but the last 4 are masked. */
export const maskDigitRuns = (text: string): string => text.replace(/\d{7,}/g, maskAccountNumber);

/** A path segment that is an e-mail address (the refresh and e-mail code calls name it), encoded or not. */
const EMAIL_SEGMENT = /(?<=\/)[^/?#]*(?:@|%40)[^/?#]*/gi;

/**
 * A URL path (and query) as diagnostics keep it: account-number-like digit runs masked, any token
 * inside and any e-mail address segment ('/auth/refresh-token/ada%40example.com') replaced.
 */
export const redactPath = (path: string): string => redactText(maskDigitRuns(path)).replace(EMAIL_SEGMENT, REDACTED);

/** An `Authorization` header value: 'Bearer <token>' (or Basic), wherever it appears in a text. */
const AUTH_HEADER = /\b(Bearer|Basic)\s+[^\s"',;]+/gi;

/** Three base64url segments (the signature may be empty for an unsigned token): header.payload.signature. */
const THREE_SEGMENTS = /(?<![\w.-])([\w-]{3,})\.([\w-]{2,})\.([\w-]*)(?![\w-])/g;

/** A JWT's first segment is a base64url-encoded JSON object ('{"alg":…}' is 'eyJ…'). */
function isJsonObjectSegment(segment: string): boolean {
  if (segment.startsWith('eyJ')) return true;
  try {
    const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
    const decoded = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const value: unknown = JSON.parse(decoded);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** Masks every JWT and every bearer header inside `text`; any other text is returned as it is. */
export function redactText(text: string): string {
  if (!text.includes('.') && !/bearer|basic/i.test(text)) return text;
  return text
    .replace(AUTH_HEADER, (_match, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(THREE_SEGMENTS, (match, header: string) => (isJsonObjectSegment(header) ? REDACTED : match));
}

/**
 * RTK Query cache keys are `endpoint(<JSON args>)`: redact the arguments inside them too. A bare
 * string argument is a path parameter: its runs of 7 or more digits are masked as in paths.
 */
const CACHE_KEY = /^(\w+)\((.+)\)$/s;
function redactCacheKey(key: string): string {
  const match = CACHE_KEY.exec(key);
  if (!match) return redactText(key);
  try {
    const args: unknown = JSON.parse(match[2]);
    const redacted = typeof args === 'string' ? maskDigitRuns(redactText(args)) : redact(args);
    return `${match[1]}(${JSON.stringify(redacted)})`;
  } catch {
    return redactText(key);
  }
}

/**
 * Maps keyed by ids, not by field names: the ui slice's dialog, step and tab ids ('set-pin') and RTK
 * Query's cache keys and request ids. Their values are still redacted.
 */
const ID_MAPS = new Set(['dialogs', 'steps', 'tabs', 'queries', 'mutations', 'subscriptions']);

/** null, undefined and flags (a dialog id 'pin' open: true) reveal nothing. */
const holdsData = (value: unknown) => value !== null && value !== undefined && typeof value !== 'boolean';

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

export function redact<T>(value: T): T;
export function redact(value: unknown): unknown {
  return redactUnder(value, '');
}

/** `parent`: the normalized key `value` sits under. */
function redactUnder(value: unknown, parent: string): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactUnder(item, parent));
  // Request, Response, Headers (RTK Query's baseQueryMeta) would carry the bearer token.
  if (!isPlainObject(value)) return `[${value.constructor?.name ?? 'object'}]`;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const name = normalize(key);
    let redacted: unknown;
    if (!holdsData(item)) redacted = item;
    else if (ID_MAPS.has(parent)) redacted = redactUnder(item, '');
    else if (isSecretKey(name)) redacted = REDACTED;
    else if (isAccountNumberKey(name, parent)) redacted = maskAccountNumber(item);
    else if (name === 'querycachekey' && typeof item === 'string') redacted = redactCacheKey(item);
    else redacted = redactUnder(item, name);
    copy[redactCacheKey(key)] = redacted;
  }
  return copy;
}
