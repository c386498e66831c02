import type { FastifyInstance } from 'fastify';
import { endpoints, type EndpointName } from '../../../shared/endpoints';
import { schemas } from '../../../shared/schemas';

/** An OpenAPI security requirement list; `[]` is a public call, `{}` inside a list makes the token optional. */
type Security = Array<Record<string, string[]>>;

/** A signed-in call: `app.authenticate` checks the bearer token first (the scheme is declared in plugins/openapi.ts). */
const SIGNED_IN: Security = [{ bearer: [] }];

/**
 * Unguarded calls whose handler reads the bearer token itself (guarded = false below, so no
 * `app.authenticate`): refresh needs one (expired is fine); sign-in and password reset take an
 * optional one (a live session of the same user makes them a password check / an in-session change);
 * the standalone identity check takes an optional one (then it is that user's own check).
 */
const TOKEN_READ_BY_HANDLER: Partial<Record<EndpointName, Security>> = {
  refreshToken: [{ bearer: [] }],
  login: [{}, { bearer: [] }],
  resetPassword: [{}, { bearer: [] }],
  externalIdentitySession: [{}, { bearer: [] }],
};

/**
 * The method, path and schemas of a spec §7 call from src/shared, plus its OpenAPI metadata
 * (tag, summary, operationId = the endpoint's name, security); guarded calls also get
 * `onRequest: app.authenticate`. Spread it into `app.route({ ...callSpec(…), handler })`.
 */
export function callSpec<N extends EndpointName>(app: FastifyInstance, name: N, tag: string, summary: string, guarded: boolean) {
  const security: Security = guarded ? SIGNED_IN : (TOKEN_READ_BY_HANDLER[name] ?? []);
  return {
    method: endpoints[name].method,
    url: endpoints[name].path,
    schema: { ...schemas[name], tags: [tag], summary, operationId: name, security },
    ...(guarded ? { onRequest: app.authenticate } : {}),
  };
}
