import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { answers, devices } from '../../../shared/messages';
import { signedIn } from '../../plugins/auth';
import { callSpec } from '../auth/route-spec';
import { listDevices, revokeDevice, revokeOtherDevices } from './devices.service';

/** Devices (spec-next §E): the signed-in sessions, signing one out, signing out all the others. */
export const deviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;

  app.route({
    ...callSpec(app, 'sessions', 'devices', 'The devices signed in to this account (live sessions): device, IP, when signed in and last used, which is this one', true),
    handler: async (request) => ({ success: true as const, message: answers.devices, data: await listDevices(db, signedIn(request)) }),
  });

  app.route({
    ...callSpec(app, 'revokeSession', 'devices', "Sign one of the customer's devices out (its token is refused from its next call, its refresh fails); this device's own id signs it out", true),
    handler: async (request) => {
      await revokeDevice(db, signedIn(request), request.params.id);
      return { success: true as const, message: devices.signedOut, data: { id: request.params.id } };
    },
  });

  app.route({
    ...callSpec(app, 'revokeOtherSessions', 'devices', 'Sign out every other device of the customer; this one stays signed in', true),
    handler: async (request) => {
      const revoked = await revokeOtherDevices(db, signedIn(request));
      return { success: true as const, message: devices.othersSignedOut(revoked), data: { revoked } };
    },
  });
};
