import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/** Access tokens live 15 minutes; `exp` is in seconds as the spec's guard expects. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;

export interface AccessClaims {
  /** user id */
  sub: string;
  /** session id */
  sid: string;
  /** token id: the session accepts only its current one */
  jti: string;
  email: string;
  iat: number;
  exp: number;
}

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function signature(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

export function signAccessToken(
  secret: string,
  claims: Omit<AccessClaims, 'iat' | 'exp' | 'jti'> & { jti?: string },
  now = Date.now(),
): { token: string; claims: AccessClaims } {
  const iat = Math.floor(now / 1000);
  const full: AccessClaims = { ...claims, jti: claims.jti ?? randomUUID(), iat, exp: iat + ACCESS_TOKEN_TTL_S };
  const body = `${HEADER}.${b64(JSON.stringify(full))}`;
  return { token: `${body}.${signature(secret, body)}`, claims: full };
}

/**
 * Checks the signature (constant time) and the shape of the claims. Expiry is checked by the
 * caller, because refresh accepts a recently expired but otherwise valid token.
 */
export function verifyAccessToken(secret: string, token: string): AccessClaims | null {
  if (typeof token !== 'string' || token.length > 4096) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = Buffer.from(signature(secret, `${parts[0]}.${parts[1]}`));
  const given = Buffer.from(parts[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as Partial<AccessClaims>;
    const ok =
      typeof claims.sub === 'string' &&
      typeof claims.sid === 'string' &&
      typeof claims.jti === 'string' &&
      typeof claims.email === 'string' &&
      Number.isInteger(claims.iat) &&
      Number.isInteger(claims.exp);
    return ok ? (claims as AccessClaims) : null;
  } catch {
    return null;
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}
