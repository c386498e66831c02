import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database';
import { readRouting, type ReadRouting } from '../db/read-routing';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where reads that may lag go (db/read-routing.ts): `app.reads.forCustomer(userId)`. */
    reads: ReadRouting;
  }
}

/** Methods that write nothing of the customer's. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * app.reads, on the replica given (DATABASE_REPLICA_URL), else all on app.db. With a replica, the
 * answer to a signed-in customer's write is sent only once their read mark is recorded: a read
 * they make after it cannot reach a replica that misses the write. Failing to record it fails the
 * answer (a money call's retry under its Idempotency-Key answers the same and records it).
 */
export default fp(
  async function readRoutingPlugin(app: FastifyInstance, { replica }: { replica: Db | null }) {
    const reads = readRouting(app.db, replica, (err) => app.log.warn({ err }, 'replica cannot tell its replay position; reading on the primary'));
    app.decorate('reads', reads);
    if (!reads.replica) return;
    app.addHook('onSend', async (request, _reply, payload) => {
      const userId = request.auth?.userId;
      if (userId && !READS.has(request.method)) await reads.wrote(userId);
      return payload;
    });
  },
  { name: 'read-routing', decorators: { fastify: ['config', 'db'] } },
);
