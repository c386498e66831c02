import type { FastifyInstance } from 'fastify';
import { countryRoutes } from '../countries/countries.routes';
import { accountRoutes } from './account.routes';
import type { AuthDeps } from './auth.deps';
import { pinRoutes } from './pin.routes';
import { profileRoutes } from './profile.routes';
import { sessionRoutes } from './session.routes';
import { verificationRoutes } from './verification.routes';
import { webhookRoutes } from './webhook.routes';

/** /auth/*, /countries, /external/*, /wallet/create-pin and the identity webhook. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { email, sms, identity } = app.adapters;
  const deps: AuthDeps = { db: app.db, config: app.config, email, sms, identity };
  await app.register(sessionRoutes, { deps });
  await app.register(accountRoutes, { deps });
  await app.register(profileRoutes, { deps });
  await app.register(verificationRoutes, { deps });
  await app.register(pinRoutes, { deps });
  await app.register(webhookRoutes, { deps });
  await app.register(countryRoutes);
}
