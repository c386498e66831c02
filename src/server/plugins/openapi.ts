import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { endpoints, type EndpointName } from '../../shared/endpoints';
import { API_PREFIX, PRODUCT_NAME } from '../../shared/product';
import { ErrorResponse } from '../../shared/schemas';
import { SIGNATURE_HEADER } from '../lib/webhook-signature';

/** Webhooks from the outside world live under this path (identity, deposits, payouts). */
const WEBHOOK_PREFIX = `${API_PREFIX}/webhooks/`;

type Security = Array<Record<string, string[]>>;

interface DocumentedSchema extends FastifySchema {
  summary?: string;
  operationId?: string;
  security?: Security;
  hide?: boolean;
}

const methodsOf = (route: RouteOptions): string[] => ([] as string[]).concat(route.method);

/** `GET /api/wallet/cad-wallet` → 'cadWallet': the endpoint's name in src/shared/endpoints.ts. */
const endpointNameByRoute = new Map<string, EndpointName>(
  Object.entries(endpoints).map(([name, { method, path }]) => [`${method} ${API_PREFIX}${path}`, name as EndpointName]),
);

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The operationId of a route without one of its own: its endpoint's name, else the method and
 * the path after /api in camel case, a `:param` as `By<Param>`:
 * `POST /api/webhooks/identity` → 'postWebhooksIdentity', `GET /api/dev/identity/:sessionId` → 'getDevIdentityBySessionId'.
 */
function operationIdOf(method: string, url: string): string {
  const name = endpointNameByRoute.get(`${method} ${url}`);
  if (name) return name;
  const words = url
    .slice(url.startsWith(`${API_PREFIX}/`) ? API_PREFIX.length : 0)
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', ...segment.slice(1).split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return method.toLowerCase() + words.map(pascal).join('');
}

const hasAnswerIn4xx = (response: unknown): boolean =>
  typeof response === 'object' && response !== null && Object.keys(response).some((code) => /^4(\d\d|xx)$/i.test(code));

/**
 * Completes each route's documentation without touching the route itself (a copy of its schema):
 * - operationId: see operationIdOf;
 * - security, when the route declares none: bearer when `app.authenticate` guards it, the
 *   webhook signature under /api/webhooks/, otherwise public (`[]`);
 * - a 400 in the error shape when no 4xx is documented: every route refuses a NUL character or a lone surrogate in
 *   its path, query or body (plugins/security.ts), even those that otherwise always answer 2xx/5xx.
 */
function documentRoute(app: FastifyInstance, route: RouteOptions, schema: DocumentedSchema | undefined, url: string): DocumentedSchema | undefined {
  if (!schema || schema.hide) return schema;
  const hooks = ([] as unknown[]).concat(route.onRequest ?? []);
  const security: Security =
    schema.security ?? (hooks.includes(app.authenticate) ? [{ bearer: [] }] : url.startsWith(WEBHOOK_PREFIX) ? [{ webhookSignature: [] }] : []);
  const response = schema.response as Record<string, unknown> | undefined;
  return {
    ...schema,
    operationId: schema.operationId ?? operationIdOf(methodsOf(route)[0], url),
    security,
    ...(hasAnswerIn4xx(response) ? {} : { response: { ...response, 400: { ...ErrorResponse, description: 'A NUL character or an unpaired surrogate in the path, query or body' } } }),
  };
}

/** OpenAPI document built from the TypeBox route schemas; UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1.0.0',
        description: 'The calls of spec §7.',
        // package.json's "UNLICENSED": proprietary, no licence granted; the link says what that means.
        license: { name: 'UNLICENSED (proprietary)', url: 'https://docs.npmjs.com/cli/configuring-npm/package-json#license' },
      },
      // Paths keep their /api prefix (API_PREFIX): the API and this document share one origin.
      servers: [{ url: '/', description: `This origin; every path starts with ${API_PREFIX}` }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access token of a live session (POST /api/auth/login), refreshed by GET /api/auth/refresh-token/{email}',
          },
          webhookSignature: {
            type: 'apiKey',
            in: 'header',
            name: SIGNATURE_HEADER,
            description: 'Webhooks: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the webhook secret>`',
          },
        },
      },
    },
    transform: ({ schema, url, route }) => ({ schema: documentRoute(app, route, schema as DocumentedSchema | undefined, url) as FastifySchema, url }),
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });
}
