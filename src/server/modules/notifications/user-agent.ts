/**
 * A User-Agent header as a person names their device: 'Chrome on Windows', 'Safari on iPhone'.
 * Only the common browsers and systems are told apart; anything else reads 'an unknown browser'
 * or leaves the system out. Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
 */

/** At most this much of a User-Agent is kept (sign_in_devices): real ones are a few hundred characters. */
export const USER_AGENT_MAX = 512;

/** The header as it is recorded: trimmed, at most USER_AGENT_MAX characters; '' when absent. */
export function normalUserAgent(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header.join(' ') : (header ?? '');
  return value.trim().slice(0, USER_AGENT_MAX);
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\b(Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (ua: string, table: [RegExp, string][]): string | undefined => table.find(([pattern]) => pattern.test(ua))?.[1];

/** 'Chrome on Windows', 'Firefox', 'an unknown browser on Android', 'an unknown browser'. */
export function describeUserAgent(userAgent: string): string {
  const browser = first(userAgent, BROWSERS) ?? 'an unknown browser';
  const system = first(userAgent, SYSTEMS);
  return system ? `${browser} on ${system}` : browser;
}
