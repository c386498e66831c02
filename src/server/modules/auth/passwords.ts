import { hash, verify } from '@node-rs/argon2';
import type { PasswordCost } from '../../config';

/** argon2id (the library's default algorithm) at the configured cost. */
export function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  return hash(password, { ...cost, parallelism: 1 });
}

/** Checks a password against its hash (whose own parameters say how it was made). */
export async function passwordMatches(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
