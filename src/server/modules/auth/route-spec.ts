import type { FastifyInstance } from 'fastify';
import { endpoints, type EndpointName } from '../../../shared/endpoints';
import { schemas } from '../../../shared/schemas';

/**
 * The method, path and schemas of a spec §7 call from src/shared, plus OpenAPI tags; guarded
 * calls also get `onRequest: app.authenticate`. Spread it into `app.route({ ...callSpec(…), handler })`.
 */
export function callSpec<N extends EndpointName>(app: FastifyInstance, name: N, tag: string, summary: string, guarded: boolean) {
  return {
    method: endpoints[name].method,
    url: endpoints[name].path,
    schema: { ...schemas[name], tags: [tag], summary, ...(guarded ? { security: [{ bearer: [] }] } : {}) },
    ...(guarded ? { onRequest: app.authenticate } : {}),
  };
}
