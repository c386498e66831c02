import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database';
import { readRouting, type ReadRouting } from '../db/read-routing';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where reads that may lag go (db/read-routing.ts): `app.reads.read(userId, (db) => …)`. */
    reads: ReadRouting;
  }
}

/** Methods that write nothing of the customer's. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * app.reads, on the replica given (DATABASE_REPLICA_URL), else all on app.db. With a replica, the
 * answer to a signed-in customer's write is sent only once their read mark is recorded: a read
 * they make after it cannot reach a replica that misses the write. An error answer records none
 * (it tells of no write). Failing to record it fails a keyed call's answer (its retry under the
 * same Idempotency-Key answers the same and records it); an unkeyed call's answer goes out as it
 * is (a retry would do it again: its reads may then lag behind it for a moment, never its balance).
 */
export default fp(
  async function readRoutingPlugin(app: FastifyInstance, { replica }: { replica: Db | null }) {
    const reads = readRouting(app.db, replica, (err) => app.log.warn({ err }, 'the replica did not answer; reading on the primary for a few seconds'));
    app.decorate('reads', reads);
    if (!reads.replica) return;
    app.addHook('onSend', async (request, reply, payload) => {
      const userId = request.auth?.userId;
      // The error handler's own answer passes here too: it must not fail a second time.
      if (!userId || READS.has(request.method) || reply.statusCode >= 400) return payload;
      try {
        await reads.wrote(userId);
      } catch (err) {
        if (request.headers['idempotency-key'] !== undefined) throw err;
        request.log.warn({ err }, 'read mark not recorded; the answer of an unkeyed write goes out as it is');
      }
      return payload;
    });
  },
  { name: 'read-routing', decorators: { fastify: ['config', 'db'] } },
);
