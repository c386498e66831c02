import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { login as loginMessages, server, session as sessionMessages } from '../../../shared/messages';
import type { LoginData } from '../../../shared/types';
import type { Config, PasswordCost } from '../../config';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { forbidden, unauthorized } from '../../lib/errors';
import { recordSignIn } from '../notifications/notify';
import { normalUserAgent } from '../notifications/user-agent';
import { hashPassword, passwordMatches } from './passwords';
import { commitThenRefuse } from './refusal';
import { PASSWORD_CHECK_FRESH_MS } from './rules';
import { isSessionLive, LAST_SEEN_WRITE_MS, ROTATION_GRACE_MS } from './session-rules';
import {
  findSession,
  insertSession,
  lockSession,
  revokeSession,
  rotateSession,
  setPasswordCheckedAt,
  touchSession,
  type SessionRow,
  type SessionToConfirm,
} from './sessions.repository';
import { clearHits, takeHit, throttles } from './throttle.service';
import { bearerToken, signAccessToken, verifyAccessToken, type AccessClaims } from './tokens';
import { findUserByEmail, findUserById, type UserRow } from './users.repository';

/** Who is signed in on a request. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  email: string;
}

interface Authenticated extends AuthContext {
  token: string;
  claims: AccessClaims;
}

/**
 * The signed-in caller of an `Authorization: Bearer …` header: a valid, unexpired token that is
 * the current one of a live session. Keeps the session's idle clock running.
 */
export async function authenticateHeader(db: Db, secret: string, header: string | undefined, now = new Date()): Promise<Authenticated | null> {
  const caller = tokenCaller(secret, header, now);
  if (!caller || !(await confirmSession(db, sessionToConfirm(caller, now)))) return null;
  return caller;
}

/**
 * The caller a header's token names, when it is valid and unexpired: the first half of
 * authenticateHeader, without the database. Their session is still to be confirmed
 * (confirmSession, or in the statement of the request: sessions.repository liveSession).
 */
export function tokenCaller(secret: string, header: string | undefined, now = new Date()): Authenticated | null {
  const token = bearerToken(header);
  const claims = token ? verifyAccessToken(secret, token) : null;
  if (!token || !claims || claims.exp * 1000 <= now.getTime()) return null;
  return { userId: claims.sub, sessionId: claims.sid, email: claims.email, token, claims };
}

/**
 * A caller's session still to be confirmed, as a request's statement takes it (plugins/auth
 * callerSession): what to confirm in the statement, and `confirm` (401 when it is not live) for
 * when the statement did not run or wrote nothing.
 */
export interface CallerSession {
  toConfirm: SessionToConfirm;
  confirm: () => Promise<void>;
}

export const sessionToConfirm = (caller: Authenticated, at: Date): SessionToConfirm => ({
  sessionId: caller.sessionId, userId: caller.userId, jti: caller.claims.jti, at,
});

/**
 * The second half of authenticateHeader: the token's session is live at `at` and the token is its
 * current one (session-rules isSessionLive); its last-seen time is written when older than
 * LAST_SEEN_WRITE_MS. The same test, in SQL, is sessions.repository liveSession and sessionSeen.
 */
export async function confirmSession(db: Db, s: SessionToConfirm): Promise<boolean> {
  const session = await findSession(db, s.sessionId);
  if (!session || session.user_id !== s.userId || session.current_jti !== s.jti || !isSessionLive(session, s.at.getTime())) {
    return false;
  }
  if (s.at.getTime() - session.last_seen_at.getTime() > LAST_SEEN_WRITE_MS) await touchSession(db, session.id, s.at);
  return true;
}

function sign(secret: string, session: Pick<SessionRow, 'id' | 'user_id'>, email: string, jti: string, now: Date) {
  return signAccessToken(secret, { sub: session.user_id, sid: session.id, email, jti }, now.getTime());
}

function loginData(user: UserRow, token: string, claims: AccessClaims, now: Date): LoginData {
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_in: claims.exp - Math.floor(now.getTime() / 1000),
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    is_email_verified: user.is_email_verified,
    is_phone_verified: user.is_phone_verified,
    is_identity_verified: user.is_identity_verified,
    is_set_transaction_pin: user.pin_hash !== null,
  };
}

/** One hash per cost (a process has one), made at first use. */
const dummyHashes = new Map<string, Promise<string>>();
/**
 * Unknown e-mails cost one password verification too, at the cost real hashes are made with, so
 * timing does not tell them apart.
 */
function timingEqualizer(cost: PasswordCost): Promise<string> {
  const key = `${cost.memoryCost}/${cost.timeCost}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword(randomUUID(), cost);
    dummyHashes.set(key, dummy);
  }
  return dummy;
}

export interface LoginInput {
  email: string;
  password: string;
  ip: string;
  /** The caller's Authorization header: a live session of the same user makes this a password check. */
  authorization?: string;
  /** The caller's User-Agent header: a new one for the account is told by e-mail (spec-next §D). */
  userAgent?: string;
}

/**
 * Signs in with e-mail and password (throttled per account and per IP). Called with a live
 * session's token of the same user, it is that session's password check (PIN or password change)
 * and answers with the same token instead of opening another session. A new session keeps the
 * sign-in's User-Agent and IP (its line in the Devices list, spec-next §E); a User-Agent the
 * account had not signed in with before (the first sign-in's too) records the new-device e-mail.
 */
export async function login(
  { db, config }: { db: Db; config: Pick<Config, 'jwtSecret' | 'passwordCost'> },
  input: LoginInput,
  now = new Date(),
): Promise<LoginData> {
  const secret = config.jwtSecret;
  const email = input.email.trim();
  // Each try counts as a failure of the account and of the address until its password turns out
  // right: taken before the check, so that tries sent at the same moment cannot all pass it.
  const accountHit = await takeHit(db, throttles.loginPerAccount, email, now);
  const ipHit = await takeHit(db, throttles.loginPerIp, input.ip, now).catch(async (err: unknown) => {
    await accountHit.giveBack();
    throw err;
  });
  let wrong: boolean | null = null;
  let user: Awaited<ReturnType<typeof findUserByEmail>>;
  try {
    user = await findUserByEmail(db, email);
    const matches = await passwordMatches(user?.password_hash ?? (await timingEqualizer(config.passwordCost)), input.password);
    wrong = !user || !matches;
  } finally {
    // A right password (or a fault of ours) is no failed sign-in.
    if (wrong !== true) await Promise.all([accountHit.giveBack(), ipHit.giveBack()]);
  }
  if (!user || wrong) throw unauthorized(server.invalidCredentials);
  if (!user.is_email_verified) throw forbidden(loginMessages.emailNotVerifiedServer);
  await clearHits(db, throttles.loginPerAccount, email);

  const caller = await authenticateHeader(db, secret, input.authorization, now);
  if (caller?.userId === user.id) {
    await setPasswordCheckedAt(db, caller.sessionId, now);
    return loginData(user, caller.token, caller.claims, now);
  }
  const userAgent = normalUserAgent(input.userAgent);
  const session = await db.transaction().execute(async (trx) => {
    const opened = await insertSession(trx, user.id, randomUUID(), now, { userAgent, ip: input.ip });
    await recordSignIn(trx, { userId: user.id, userAgent, ip: input.ip, at: now });
    return opened;
  });
  const { token, claims } = sign(secret, session, user.email, session.current_jti, now);
  return loginData(user, token, claims, now);
}

/**
 * Renews an access token (expired is fine) for the session it names, if that session is live
 * and its user owns `email`. The current token rotates; the previous one may refresh again
 * within ROTATION_GRACE_MS (two tabs) and gets the current token; any other reuse revokes the
 * session.
 */
export async function refreshToken(db: Db, secret: string, authorization: string | undefined, email: string, now = new Date()): Promise<string> {
  const token = bearerToken(authorization);
  const claims = token ? verifyAccessToken(secret, token) : null;
  if (!claims) throw unauthorized(sessionMessages.expired);
  return commitThenRefuse(db, async (trx) => {
    const session = await lockSession(trx, claims.sid);
    if (!session || session.user_id !== claims.sub || !isSessionLive(session, now.getTime())) return unauthorized(sessionMessages.expired);
    const user = await findUserById(trx, session.user_id);
    if (!user || user.email_lower !== email.trim().toLowerCase()) return forbidden(server.emailMismatch);
    if (claims.jti === session.current_jti) {
      const jti = randomUUID();
      await rotateSession(trx, session, jti, now);
      return sign(secret, session, user.email, jti, now).token;
    }
    const withinGrace =
      claims.jti === session.previous_jti && session.rotated_at !== null && now.getTime() - session.rotated_at.getTime() <= ROTATION_GRACE_MS;
    if (withinGrace) return sign(secret, session, user.email, session.current_jti, now).token;
    await revokeSession(trx, session.id, now);
    return unauthorized(sessionMessages.expired);
  });
}

export function logout(db: Db, sessionId: string, now = new Date()): Promise<void> {
  return revokeSession(db, sessionId, now);
}

/**
 * Uses up the session's password check if it is fresh (within PASSWORD_CHECK_FRESH_MS):
 * one check allows one PIN or password change.
 */
export async function takeFreshPasswordCheck(trx: Transaction<Database>, sessionId: string, now: Date): Promise<boolean> {
  const session = await lockSession(trx, sessionId);
  const checkedAt = session?.password_checked_at;
  if (!checkedAt || now.getTime() - checkedAt.getTime() > PASSWORD_CHECK_FRESH_MS) return false;
  await setPasswordCheckedAt(trx, sessionId, null);
  return true;
}
