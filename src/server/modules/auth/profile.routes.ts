import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { answers, help, profile, server } from '../../../shared/messages';
import { signedIn } from '../../plugins/auth';
import type { AuthDeps } from './auth.deps';
import { contactUs, currentUser, updateProfile, updateTimezone } from './profile.service';
import { callSpec } from './route-spec';

/** The signed-in user's own profile, time zone and support messages. */
export const profileRoutes: FastifyPluginAsyncTypebox<{ deps: AuthDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.route({
    ...callSpec(app, 'user', 'profile', 'The signed-in user', true),
    handler: async (request) => ({ success: true as const, message: answers.user, data: await currentUser(db, signedIn(request).userId) }),
  });

  app.route({
    ...callSpec(app, 'updateTimezone', 'profile', "Store the device's IANA time zone", true),
    handler: async (request) => {
      await updateTimezone(db, signedIn(request).userId, request.body.timezone);
      return { success: true as const, message: server.timezoneUpdated, data: null };
    },
  });

  app.route({
    ...callSpec(app, 'updateProfile', 'profile', 'Update the profile (names and nationality fixed once fully verified)', true),
    handler: async (request) => {
      await updateProfile(db, signedIn(request).userId, request.body);
      return { success: true as const, message: profile.updated, data: null };
    },
  });

  app.route({
    ...callSpec(app, 'contactUs', 'profile', 'Send a message to support', true),
    handler: async (request) => {
      await contactUs(deps, signedIn(request).userId, request.body);
      return { success: true as const, message: help.sent, data: null };
    },
  });
};
