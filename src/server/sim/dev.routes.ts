import type { FastifyInstance } from 'fastify';
import { addressSimRoutes } from './address.routes';
import { depositRoutes } from './deposits.routes';
import { identitySimRoutes } from './identity.routes';
import { outboxRoutes } from './outbox.routes';
import { payoutSimRoutes } from './payouts.routes';
import { named } from '../lib/plugin-name';

/** /dev/* routes of the simulated world; registered only while simulators are on. */
export async function devRoutes(app: FastifyInstance): Promise<void> {
  await app.register(named(outboxRoutes));
  await app.register(named(depositRoutes));
  await app.register(named(identitySimRoutes));
  await app.register(named(payoutSimRoutes));
  await app.register(named(addressSimRoutes));
}
