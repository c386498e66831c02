import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { API_PREFIX } from '../shared/product';
import type { Adapters } from './adapters/types';
import type { Config } from './config';
import { replicaOf, type Db } from './db/database';
import { registerDrain } from './plugins/drain';
import { registerErrorHandler } from './plugins/error-handler';
import { registerJsonBody } from './plugins/json-body';
import adaptersPlugin from './plugins/adapters';
import authPlugin from './plugins/auth';
import idempotencyPlugin from './plugins/idempotency';
import readRoutingPlugin from './plugins/read-routing';
import notificationsPlugin from './plugins/notifications';
import jobsPlugin from './plugins/jobs';
import reconcilePlugin from './plugins/reconcile';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { registerStaticClient } from './plugins/static-client';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { supportRoutes } from './modules/support/support.routes';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { billRoutes } from './modules/bills/bills.routes';
import { transferRoutes } from './modules/transfers/transfers.routes';
import { fxRoutes } from './modules/fx/fx.routes';
import { limitRoutes } from './modules/limits/limits.routes';
import { addressRoutes } from './modules/address/address.routes';
import { activityRoutes } from './modules/activity/activity.routes';
import { recipientRoutes } from './modules/recipients/recipients.routes';
import { deviceRoutes } from './modules/devices/devices.routes';
import { statementRoutes } from './modules/statements/statements.routes';
import { devRoutes } from './sim/dev.routes';
import { named } from './lib/plugin-name';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
  }
}

export interface BuildOptions {
  config: Config;
  db: Db;
  /**
   * Adapters of the outside world to use instead of the ones the config picks (plugins/adapters.ts),
   * e.g. `{ rates: fixedRateSource('1000') }` in a test.
   */
  adapters?: Partial<Adapters>;
  /** Called when the app closes (the process entry closes the database here). */
  onClose?: () => Promise<void>;
  /**
   * Fastify's schema compilers, when not its own (the test suite passes its own with a cache of
   * compiled validators and serializers shared by the apps of a worker).
   */
  schemaController?: FastifyServerOptions['schemaController'];
}

/** Fastify's default client-error answer, in the `{ success, message }` shape. */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'The request took too long to arrive']
    : error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request headers too large']
    : [400, 'Malformed request'];
  const body = JSON.stringify({ success: false, message });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

/** Builds the whole HTTP app on an open database. Tests call this with `app.inject`. */
export async function buildApp({ config, db, adapters, onClose, schemaController }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 64
      ? req.headers['x-request-id']
      : randomUUID()),
    bodyLimit: 64 * 1024,
    // Path parameters carry e-mails (up to 254 characters, more once percent-encoded).
    routerOptions: { maxParamLength: 1024 },
    // Forwarded headers are believed only behind a configured proxy, and only as far as its hops:
    // the client's address is what the trusted proxies appended, not the header's leftmost entry,
    // which the client writes itself (else it could choose its IP and slip past the per-IP throttles).
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    // Malformed URLs (bad percent-encoding) and parameters beyond maxParamLength answer in the API's
    // error shape too, without the address repeated back.
    frameworkErrors: (error, _request, reply) => {
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        void (reply as FastifyReply).code(414).send({ success: false, message: 'URL too long' });
        return;
      }
      const message = error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : error.message;
      void (reply as FastifyReply).code(400).send({ success: false, message });
    },
    // What Node's HTTP parser refuses before Fastify sees a request (headers over 16 KB, a request
    // that never finished arriving, bytes that are not HTTP) answers in the API's shape too.
    clientErrorHandler: answerClientError,
    // A closing app answers with drain.ts's 503, in the API's error shape, not Fastify's own.
    return503OnClosing: false,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
    ...(schemaController ? { schemaController } : {}),
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.decorate('db', db);
  if (onClose) app.addHook('onClose', onClose);

  registerErrorHandler(app);
  registerDrain(app);
  registerJsonBody(app);
  await registerSecurity(app);
  await registerOpenApi(app);
  await app.register(named(adaptersPlugin), { overrides: adapters });
  await app.register(named(notificationsPlugin));
  await app.register(named(jobsPlugin));
  await app.register(named(reconcilePlugin));
  await app.register(named(authPlugin));
  await app.register(named(idempotencyPlugin));
  // Reads that may lag go to the replica openDatabase opened beside db (DATABASE_REPLICA_URL), if any.
  await app.register(named(readRoutingPlugin), { replica: replicaOf(db) });

  await app.register(
    named(async function apiRoutes(api) {
      await api.register(named(healthRoutes));
      await api.register(named(supportRoutes));
      await api.register(named(authRoutes));
      await api.register(named(walletRoutes));
      for (const routes of [transferRoutes, billRoutes, fxRoutes, limitRoutes, addressRoutes, activityRoutes, deviceRoutes, statementRoutes, recipientRoutes]) await api.register(named(routes));
      if (config.simulators) await api.register(named(devRoutes), { prefix: '/dev' });
    }),
    { prefix: API_PREFIX },
  );

  await registerStaticClient(app, config.publicDir);
  return app;
}
