import { createHash, timingSafeEqual } from 'node:crypto';
import { identity as identityMessages, server } from '../../../shared/messages';
import type { Req, User } from '../../../shared/types';
import type { Db } from '../../db/database';
import type { IdentityProvider } from '../../adapters/types';
import { ApiError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import type { AuthDeps } from './auth.deps';
import { insertIdentitySession, latestIdentityStatus, lockIdentitySession, recordDecision, setIdentityStatus } from './identity.repository';
import type { IdentityDecisionWebhook } from './identity.schemas';
import { identityDecisionMessage } from './notifications';
import { takeHit, throttles } from './throttle.service';
import { authenticateHeader } from './session.service';
import { bearerToken, verifyAccessToken } from './tokens';
import { findUserById, lockUser, updateUser, type UserRow } from './users.repository';

/** The configured identity provider; without one there is no provider to send people to (503). */
function availableProvider(provider: IdentityProvider | null): IdentityProvider {
  if (!provider) throw new ApiError(503, server.identityUnavailable);
  return provider;
}

/** POST /auth/create-veriff-session: a provider session for the signed-in user's own name. */
export async function createUserIdentitySession(deps: AuthDeps, userId: string, now = new Date()): Promise<{ id: string; url: string }> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized();
  if (user.is_identity_verified) throw conflict(server.identityAlreadyVerified);
  const provider = availableProvider(deps.identity);
  const id = await insertIdentitySession(deps.db, { user_id: userId, first_name: user.first_name, last_name: user.last_name, created_at: now });
  return { id, url: provider.sessionUrl(id) };
}

const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/** A name as the provider compares it: spaces collapsed, case ignored. */
const comparableName = (name: string) => name.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase('en');

/** Whether two pairs of legal names are the same as the provider compares them. */
const sameNames = (a: { first_name: string; last_name: string }, b: { first_name: string; last_name: string }) =>
  comparableName(a.first_name) === comparableName(b.first_name) && comparableName(a.last_name) === comparableName(b.last_name);

/**
 * POST /external/veriff-session (unguarded): the fixed access key, both names; throttled per IP.
 * Without a bearer token the session belongs to no account. With one (the standalone screen of a
 * signed-in person) it is that user's check, as POST /auth/create-veriff-session makes: its
 * approval verifies their identity, so the names must be their account's legal name (no one gets
 * an account verified with another person's document); a token of ours whose session is not live
 * (expired, signed out) is a 401 (the client refreshes it and calls again). A header carrying no
 * token of ours (`Bearer undefined`, `Bearer null`, an empty one: spec §7's client sends the header
 * on every call, stored token or not) is an anonymous visitor's (spec §6: they may use this screen).
 */
export async function createExternalIdentitySession(
  deps: AuthDeps,
  body: Req<'externalIdentitySession'>,
  caller: { ip: string; authorization?: string },
  now = new Date(),
): Promise<string> {
  await takeHit(deps.db, throttles.externalIdentityPerIp, caller.ip, now);
  if (!sameSecret(body.key, deps.config.externalIdentityKey)) throw forbidden(server.invalidAccessKey);
  const firstName = body.first_name.trim();
  const lastName = body.last_name.trim();
  if (!firstName || !lastName) throw badRequest(identityMessages.namesRequired);
  const userId = carriesOurToken(deps.config.jwtSecret, caller.authorization)
    ? await accountOfStandaloneCheck(deps, caller.authorization!, firstName, lastName, now)
    : null;
  const provider = availableProvider(deps.identity);
  const id = await insertIdentitySession(deps.db, { user_id: userId, first_name: firstName, last_name: lastName, created_at: now });
  return provider.sessionUrl(id);
}

/** Whether a header carries an access token this server signed (expired or not). */
function carriesOurToken(secret: string, authorization: string | undefined): boolean {
  const token = bearerToken(authorization);
  return token !== null && verifyAccessToken(secret, token) !== null;
}

/** The signed-in user a standalone check is for: a live session's, not yet verified, with these names. */
async function accountOfStandaloneCheck(deps: AuthDeps, authorization: string, firstName: string, lastName: string, now: Date): Promise<string> {
  const signedIn = await authenticateHeader(deps.db, deps.config.jwtSecret, authorization, now);
  const user = signedIn ? await findUserById(deps.db, signedIn.userId) : undefined;
  if (!user) throw unauthorized();
  if (user.is_identity_verified) throw conflict(server.identityAlreadyVerified);
  if (!sameNames({ first_name: firstName, last_name: lastName }, user)) throw badRequest(server.identityNamesDiffer);
  return user.id;
}

/**
 * GET /auth/user `identity_status`: approved once verified, else the state of the user's latest
 * check (pending until the provider decides, declined), unverified when they never started one.
 */
export async function identityStatusOf(db: Db, user: Pick<UserRow, 'id' | 'is_identity_verified'>): Promise<User['identity_status']> {
  if (user.is_identity_verified) return 'approved';
  const latest = await latestIdentityStatus(db, user.id);
  return latest === 'pending' || latest === 'declined' ? latest : 'unverified';
}

/**
 * Applies a (signature-checked) decision webhook once: a replayed decision id changes nothing.
 * An approval of a user's session verifies that user's identity, but only while the account still
 * carries the names the check was started with: names changed meanwhile (the profile allows it
 * until the identity is verified) were never checked, so that check counts as declined and the
 * user is asked to start a new one. The user is told by e-mail either way.
 */
export async function applyIdentityDecision(deps: AuthDeps, decision: IdentityDecisionWebhook, now = new Date()): Promise<'applied' | 'replayed'> {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const session = await lockIdentitySession(trx, decision.session_id);
    if (!session) throw notFound(server.identitySessionNotFound);
    const fresh = await recordDecision(trx, { id: decision.id, session_id: session.id, status: decision.status, received_at: now });
    if (!fresh) return { applied: false as const };
    if (session.status !== 'pending') throw conflict(server.identityAlreadyDecided);
    // The user's row locked before its names are compared: a profile change waits for this decision.
    const user = session.user_id ? await lockUser(trx, session.user_id) : undefined;
    const namesChecked = !user || sameNames(user, session);
    const status = decision.status === 'approved' && !namesChecked ? 'declined' : decision.status;
    await setIdentityStatus(trx, session.id, status, now);
    if (status === 'approved' && user) await updateUser(trx, user.id, { is_identity_verified: true }, now);
    return { applied: true as const, userId: session.user_id, namesChecked };
  });
  if (!outcome.applied) return 'replayed';
  const user = outcome.userId ? await findUserById(deps.db, outcome.userId) : undefined;
  if (user) await deps.email.send(identityDecisionMessage(user.email, user.first_name, outcome.namesChecked ? decision.status : 'namesChanged'));
  return 'applied';
}
