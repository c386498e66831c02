import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/errors';
import type { SessionToConfirm } from '../modules/auth/sessions.repository';
import {
  authenticateHeader, confirmSession, sessionToConfirm, tokenCaller, type AuthContext, type CallerSession,
} from '../modules/auth/session.service';

export type { AuthContext, SessionToConfirm };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /**
     * A route guarded by `app.authenticateToken`: the token's session, until it is confirmed live
     * (by the request's own statement, or by confirmCallerSession); null once confirmed.
     */
    sessionToConfirm: SessionToConfirm | null;
  }
  interface FastifyInstance {
    /** onRequest: a valid, unexpired access token of a live session, else 401. */
    authenticate(request: FastifyRequest): Promise<void>;
    /**
     * onRequest of a money route that confirms the session in its own statement (one round trip
     * instead of two): the token now (else 401), the session later, and always before the request
     * writes anything or is answered otherwise (confirmCallerSession; the error handler too).
     */
    authenticateToken(request: FastifyRequest): Promise<void>;
  }
}

/**
 * Every guarded route uses `onRequest: app.authenticate` (or, for a money statement that checks
 * the session itself, `app.authenticateToken`); handlers read `signedIn(request)`.
 */
export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionToConfirm', null);
  app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
    const caller = await authenticateHeader(app.db, app.config.jwtSecret, request.headers.authorization);
    if (!caller) throw unauthorized();
    request.auth = { userId: caller.userId, sessionId: caller.sessionId, email: caller.email };
  });
  app.decorate('authenticateToken', async function authenticateToken(request: FastifyRequest) {
    const now = new Date();
    const caller = tokenCaller(app.config.jwtSecret, request.headers.authorization, now);
    if (!caller) throw unauthorized();
    request.auth = { userId: caller.userId, sessionId: caller.sessionId, email: caller.email };
    request.sessionToConfirm = sessionToConfirm(caller, now);
  });
});

/**
 * Confirms the caller's session if it is still to be confirmed (a route guarded by
 * `app.authenticateToken` whose statement did not): 401 when it is not live, as `authenticate`.
 */
export async function confirmCallerSession(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const pending = request.sessionToConfirm;
  if (!pending) return;
  const live = await confirmSession(app.db, pending);
  request.sessionToConfirm = null;
  if (!live) throw unauthorized();
}

/**
 * The caller's session as a money statement takes it (app.authenticateToken): to confirm in the
 * statement, and `confirm` before anything else when the statement did not run or wrote nothing.
 * Undefined when the session is confirmed already (app.authenticate).
 */
export function callerSession(app: FastifyInstance, request: FastifyRequest): CallerSession | undefined {
  const toConfirm = request.sessionToConfirm;
  return toConfirm ? { toConfirm, confirm: () => confirmCallerSession(app, request) } : undefined;
}

/** The signed-in caller of a guarded route. */
export function signedIn(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
