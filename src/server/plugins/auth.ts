import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/errors';
import { authenticateHeader, type AuthContext } from '../modules/auth/session.service';

export type { AuthContext };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** onRequest: a valid, unexpired access token of a live session, else 401. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

/** Every guarded route uses `onRequest: app.authenticate`; handlers read `signedIn(request)`. */
export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
    const caller = await authenticateHeader(app.db, app.config.jwtSecret, request.headers.authorization);
    if (!caller) throw unauthorized();
    request.auth = { userId: caller.userId, sessionId: caller.sessionId, email: caller.email };
  });
});

/** The signed-in caller of a guarded route. */
export function signedIn(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
