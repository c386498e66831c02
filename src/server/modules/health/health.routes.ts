import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { answers } from '../../../shared/messages';
import { ErrorResponse } from '../../../shared/schemas';
import { isDatabaseUnavailable, ping } from '../../db/database';

/** The API's { success, message } shape, with the fields load balancers and scripts read. */
const Health = Type.Object({ success: Type.Literal(true), message: Type.String(), status: Type.Literal('ok'), db: Type.Literal('ok') });
const Unhealthy = Type.Object({ success: Type.Literal(false), message: Type.String(), status: Type.Literal('error'), db: Type.Literal('error') });
/** 503: the database is unreachable, or the process drains (plugins/drain.ts: the API's error shape). */
const Unavailable = Type.Union([Unhealthy, ErrorResponse]);

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Liveness with a real database query; 503 while the process drains', response: { 200: Health, 503: Unavailable } } },
    async (request, reply) => {
      try {
        await ping(app.db);
        return { success: true as const, message: answers.healthy, status: 'ok' as const, db: 'ok' as const };
      } catch (err) {
        // The database away (restarting, its pooler) is what this 503 reports: a warning, as the
        // 503s of other requests then (error-handler.ts); anything else is an error of ours.
        if (isDatabaseUnavailable(err)) request.log.warn({ err }, 'health check: database unreachable');
        else request.log.error({ err }, 'health check failed');
        return reply.status(503).send({ success: false, message: answers.databaseDown, status: 'error', db: 'error' });
      }
    },
  );
}
