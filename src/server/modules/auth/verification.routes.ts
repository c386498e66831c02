import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { identity, phone } from '../../../shared/messages';
import { signedIn } from '../../plugins/auth';
import type { AuthDeps } from './auth.deps';
import { createExternalIdentitySession, createUserIdentitySession } from './identity.service';
import { sendPhoneOtp, verifyPhone } from './phone.service';
import { callSpec } from './route-spec';

/** Phone verification by SMS code and identity sessions at the provider. */
export const verificationRoutes: FastifyPluginAsyncTypebox<{ deps: AuthDeps }> = async (app, { deps }) => {
  app.route({
    ...callSpec(app, 'sendOtpPhone', 'verification', 'Send an SMS code to a phone number', true),
    handler: async (request) => {
      await sendPhoneOtp(deps, signedIn(request).userId, request.body.phone_number);
      return { success: true as const, message: phone.otpSent, data: null };
    },
  });

  app.route({
    ...callSpec(app, 'verifyPhone', 'verification', 'Verify the phone number with its SMS code', true),
    handler: async (request) => {
      await verifyPhone(deps, signedIn(request).userId, request.params.phone_number, request.body.otp, request.ip);
      return { success: true as const, message: phone.verified, data: null };
    },
  });

  app.route({
    ...callSpec(app, 'createIdentitySession', 'verification', "Start an identity check at the provider for the user's own name", true),
    handler: async (request) => {
      const verification = await createUserIdentitySession(deps, signedIn(request).userId);
      return { success: true as const, message: identity.sessionCreatedServer, data: { verification } };
    },
  });

  app.route({
    ...callSpec(
      app,
      'externalIdentitySession',
      'verification',
      "Standalone identity check (fixed access key, throttled per IP); with a bearer token, the signed-in user's own check",
      false,
    ),
    handler: async (request) => {
      const url = await createExternalIdentitySession(deps, request.body, { ip: request.ip, authorization: request.headers.authorization });
      return { success: true as const, message: identity.sessionCreatedServer, data: { verification_url: url } };
    },
  });
};
