import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { emailVerification, forgotPassword as forgotMessages, profile, resend, signUp as signUpMessages } from '../../../shared/messages';
import type { AuthDeps } from './auth.deps';
import { forgotPassword, resendOtp, resetPassword, signUp, verifyEmail, verifyResetOtp } from './account.service';
import { callSpec } from './route-spec';

/** Sign-up, e-mail verification, codes and password reset. */
export const accountRoutes: FastifyPluginAsyncTypebox<{ deps: AuthDeps }> = async (app, { deps }) => {
  app.route({
    ...callSpec(app, 'signUp', 'account', 'Create an account and its wallets; sends an e-mail code', false),
    handler: async (request) => {
      await signUp(deps, request.body);
      return { success: true as const, message: signUpMessages.success, data: null };
    },
  });

  app.route({
    ...callSpec(app, 'verifyEmail', 'account', 'Verify the e-mail with its 6-digit code', false),
    handler: async (request) => {
      const { choosePassword } = await verifyEmail(deps, request.params.email, request.body.otp, request.ip);
      return { success: true as const, message: emailVerification.success, data: choosePassword ? { choose_password: true as const } : null };
    },
  });

  app.route({
    ...callSpec(app, 'resendOtp', 'account', 'Send a new code (e-mail verification or a pending reset)', false),
    handler: async (request) => {
      await resendOtp(deps, request.params.email);
      return { success: true as const, message: resend.success, data: null };
    },
  });

  app.route({
    ...callSpec(app, 'forgotPassword', 'account', 'Send a reset code (same answer for unknown addresses)', false),
    handler: async (request) => {
      await forgotPassword(deps, request.body.email);
      return { success: true as const, message: forgotMessages.emailSent, data: null };
    },
  });

  app.route({
    ...callSpec(app, 'verifyOtp', 'account', 'Check the reset code; allows one reset within 10 minutes', false),
    handler: async (request) => {
      await verifyResetOtp(deps, request.params.email, request.body.otp, request.ip);
      return { success: true as const, message: forgotMessages.codeVerified, data: null };
    },
  });

  app.route({
    ...callSpec(app, 'resetPassword', 'account', 'New password with a reset grant, or in a session after a fresh password check', false),
    handler: async (request) => {
      const { new_password: newPassword, confirm_password: confirmation } = request.body;
      const allowedBy = await resetPassword(deps, {
        email: request.params.email,
        newPassword,
        confirmation,
        authorization: request.headers.authorization,
        ip: request.ip,
      });
      // The profile's change keeps the customer signed in: spec §8's profile text, not the reset's 'please login'.
      return { success: true as const, message: allowedBy === 'session' ? profile.passwordChanged : forgotMessages.resetSuccess, data: null };
    },
  });
};
