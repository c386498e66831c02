import type { FastifyInstance } from 'fastify';
import { DRAINING_MESSAGE } from '../lib/errors';

/** How long a drain lets requests already running finish before it closes their connections. */
export const DRAIN_TIMEOUT_MS = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Drains and closes the app (SIGTERM): from now on every request, GET /api/health too, is answered
     * 503 `{ success: false, message: DRAINING_MESSAGE }` with `Connection: close` (a load balancer
     * stops sending); then the app closes: the background jobs stop (their preClose hooks), the port
     * stops accepting, requests already running finish (those still running after `timeoutMs` lose
     * their connection), and the onClose hooks close the database.
     */
    drain(timeoutMs?: number): Promise<void>;
    /** True once drain() was called. */
    readonly draining: boolean;
  }
}

/** Adds `app.drain()`; register before any route so that its hook answers every route. */
export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  let drained: Promise<void> | null = null;
  app.decorate('draining', {
    getter: () => draining,
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!draining) return;
    // JSON.stringify, not the route's serializer: the 503 of a route (health's) may have another shape.
    await reply.code(503).header('connection', 'close').serializer(JSON.stringify).send({ success: false, message: DRAINING_MESSAGE });
  });
  // A request that was running when the drain began ends its connection with its answer.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
  app.decorate('drain', (timeoutMs: number = DRAIN_TIMEOUT_MS) => {
    draining = true;
    drained ??= (async () => {
      const cut = setTimeout(() => app.server.closeAllConnections(), timeoutMs);
      cut.unref();
      try {
        await app.close();
      } finally {
        clearTimeout(cut);
      }
    })();
    return drained;
  });
}
