import { jwtDecode } from 'jwt-decode';
import { STORAGE_KEYS } from '../../shared/limits';
import type { LoginData, User } from '../../shared/types';

/**
 * localStorage 'user' (spec §3): the login response data plus `token`, a copy of `access_token`
 * (both always hold the current token), and the user fields once loaded from the server.
 */
export type StoredUser = Partial<LoginData & User> & { access_token: string; token: string };

/** The stored session, or null when there is none (or it holds no access token). */
export function parseStoredUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredUser> | null;
    return typeof value?.access_token === 'string' ? (value as StoredUser) : null;
  } catch {
    return null;
  }
}

export const readStoredUser = (): StoredUser | null => parseStoredUser(localStorage.getItem(STORAGE_KEYS.user));

/**
 * The email of the stored user, or null when there is no stored user or it has no email: then the
 * session must end (spec §4, §5 'Session refresh'), even if this tab still holds it in memory.
 */
export const storedEmail = (): string | null => readStoredUser()?.email || null;

export function writeStoredUser(user: StoredUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearStoredUser(): void {
  localStorage.removeItem(STORAGE_KEYS.user);
}

/** The token's `exp` claim in seconds since the epoch, or null when it is missing or the token is unreadable. */
export function tokenExpiry(token: string | null | undefined): number | null {
  if (!token) return null;
  try {
    const { exp } = jwtDecode(token);
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** Seconds until the token expires; a token without an expiry counts as expired (spec §4). */
export function secondsLeft(token: string | null | undefined, now = Date.now()): number {
  const exp = tokenExpiry(token);
  return exp === null ? 0 : exp - now / 1000;
}
