import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { answers, login as loginMessages, server } from '../../../shared/messages';
import { signedIn } from '../../plugins/auth';
import type { AuthDeps } from './auth.deps';
import { callSpec } from './route-spec';
import { login, logout, refreshToken } from './session.service';

/** Sign in (also the in-session password check), token refresh and sign out. */
export const sessionRoutes: FastifyPluginAsyncTypebox<{ deps: AuthDeps }> = async (app, { deps }) => {
  const { db, config } = deps;

  app.route({
    ...callSpec(app, 'login', 'session', 'Sign in with e-mail and password (throttled); in a session, a password check', false),
    handler: async (request) => {
      const { email, password } = request.body;
      const data = await login({ db, config }, { email, password, ip: request.ip, authorization: request.headers.authorization, userAgent: request.headers['user-agent'] });
      return { success: true as const, message: loginMessages.success, data };
    },
  });

  app.route({
    ...callSpec(app, 'refreshToken', 'session', 'Rotate the access token of a live session (Bearer token required, expired is fine)', false),
    handler: async (request) => {
      const token = await refreshToken(db, config.jwtSecret, request.headers.authorization, request.params.email);
      return { success: true as const, message: answers.tokenRefreshed, data: { token } };
    },
  });

  app.route({
    ...callSpec(app, 'logout', 'session', 'Revoke the current session', true),
    handler: async (request) => {
      await logout(db, signedIn(request).sessionId);
      return { success: true as const, message: server.loggedOut, data: null };
    },
  });
};
