import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ping } from '../../db/database';

const Health = Type.Object({ status: Type.Literal('ok'), db: Type.Literal('ok') });
const Unhealthy = Type.Object({ status: Type.Literal('error'), db: Type.Literal('error') });

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Liveness with a real database query', response: { 200: Health, 503: Unhealthy } } },
    async (request, reply) => {
      try {
        await ping(app.db);
        return { status: 'ok' as const, db: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error', db: 'error' });
      }
    },
  );
}
