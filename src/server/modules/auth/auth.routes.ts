import type { FastifyInstance } from 'fastify';
import { countryRoutes } from '../countries/countries.routes';
import { accountRoutes } from './account.routes';
import type { AuthDeps } from './auth.deps';
import { pinRoutes } from './pin.routes';
import { profileRoutes } from './profile.routes';
import { sessionRoutes } from './session.routes';
import { verificationRoutes } from './verification.routes';
import { webhookRoutes } from './webhook.routes';
import { named } from '../../lib/plugin-name';

/** /auth/*, /countries, /external/*, /wallet/create-pin and the identity webhook. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { email, sms, identity } = app.adapters;
  const deps: AuthDeps = { db: app.db, config: app.config, email, sms, identity };
  await app.register(named(sessionRoutes), { deps });
  await app.register(named(accountRoutes), { deps });
  await app.register(named(profileRoutes), { deps });
  await app.register(named(verificationRoutes), { deps });
  await app.register(named(pinRoutes), { deps });
  await app.register(named(webhookRoutes), { deps });
  await app.register(named(countryRoutes));
}
