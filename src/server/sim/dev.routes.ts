import type { FastifyInstance } from 'fastify';
import { addressSimRoutes } from './address.routes';
import { depositRoutes } from './deposits.routes';
import { identitySimRoutes } from './identity.routes';
import { outboxRoutes } from './outbox.routes';
import { payoutSimRoutes } from './payouts.routes';

/** /dev/* routes of the simulated world; registered only while simulators are on. */
export async function devRoutes(app: FastifyInstance): Promise<void> {
  await app.register(outboxRoutes);
  await app.register(depositRoutes);
  await app.register(identitySimRoutes);
  await app.register(payoutSimRoutes);
  await app.register(addressSimRoutes);
}
