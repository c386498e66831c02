// The one redaction of everything that leaves the tab: the Redux DevTools sanitizers and the diagnostics
// file. A deep copy with secrets replaced and account numbers masked to their last 4 digits.

export const REDACTED = '[redacted]';

/** Keys compared without case, '_' or '-': access_token, accessToken and ACCESS-TOKEN are one key. */
const normalize = (key: string) => key.toLowerCase().replace(/[_-]/g, '');

/** A key ending in one of these names a secret: access_token, new_password, confirm_transaction_pin, SecurityQuestionAnswer… */
const SECRET_SUFFIXES = ['token', 'password', 'pin', 'otp', 'bvn', 'nin', 'answer'];

const SECRET_KEYS = new Set([
  'authorization', 'cookie',
  // RTK Query keeps every call's arguments here; the (redacted) cache key still names the call.
  'originalArgs',
].map(normalize));

const isSecretKey = (name: string) => SECRET_KEYS.has(name) || SECRET_SUFFIXES.some((suffix) => name.endsWith(suffix));

/** account_number, accountNumber, PayeeAccountNumber, senderAccountNumber, and `{ account: { number } }`. */
const isAccountNumberKey = (name: string, parent: string) =>
  name.endsWith('accountnumber') || (name === 'number' && parent === 'account');

/** Shows only the last 4 characters: '0123456789' → '******6789'. */
export const maskAccountNumber = (value: unknown): string => {
  const text = String(value);
  return '*'.repeat(Math.max(0, text.length - 4)) + text.slice(-4);
};

/** Runs of 7 or more digits in free text (URL paths) are account numbers: all but the last 4 are masked. */
export const maskDigitRuns = (text: string): string => text.replace(/\d{7,}/g, maskAccountNumber);

/** RTK Query cache keys are `endpoint(<JSON args>)`: redact the arguments inside them too. */
const CACHE_KEY = /^(\w+)\((.+)\)$/s;
function redactCacheKey(key: string): string {
  const match = CACHE_KEY.exec(key);
  if (!match) return key;
  try {
    return `${match[1]}(${JSON.stringify(redact(JSON.parse(match[2])))})`;
  } catch {
    return key;
  }
}

/** The ui slice's maps are keyed by dialog, step and tab ids ('set-pin'), not by field names. */
const ID_MAPS = new Set(['dialogs', 'steps', 'tabs']);

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
