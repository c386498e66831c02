import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { transfers } from '../../../shared/messages';
import { signedIn } from '../../plugins/auth';
import { callSpec } from '../auth/route-spec';
import { bankList } from './banks';
import { nameInquiry } from './name-inquiry.service';
import { payoutWebhookRoutes } from './payout-webhook.routes';
import { bankOrder, interacOrder, sendInterac, sendToBank } from './payouts.service';
import { pinConfirmedMovement } from './sender.service';
import { cadTransferReceipt, checkRecipient, confirmedUserTransfer, ngnTransferReceipt } from './user-transfer.service';

/**
 * Sending money: to other Kudi customers, by Interac e-Transfer, to Nigerian bank accounts; the
 * bank list and name enquiry; and the payout rails' webhook. Every money call needs a verified
 * sender with the right PIN, runs in one transaction and honours Idempotency-Key
 * (pinConfirmedMovement).
 */
export const transferRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ngnMaxSingleKobo, payoutSettleMs } = app.config;

  app.route({
    ...callSpec(app, 'checkEmail', 'transfers', 'Whether a Kudi customer with this e-mail can receive a transfer (and their name)', true),
    handler: async (request) =>
      checkRecipient(app.db, signedIn(request).userId, request.params.email, request.query.currency_type),
  });

  app.route({
    ...callSpec(app, 'cadWalletTransfer', 'transfers', 'Send CAD to another Kudi customer', true),
    handler: async (request, reply) =>
      confirmedUserTransfer(app, request, reply, 'CAD', (result) => ({
        success: 'true' as const,
        message: transfers.completed,
        data: cadTransferReceipt(result),
      })),
  });

  app.route({
    ...callSpec(app, 'ngnWalletTransfer', 'transfers', 'Send NGN to another Kudi customer', true),
    handler: async (request, reply) =>
      confirmedUserTransfer(app, request, reply, 'NGN', (result) => ({
        success: true as const,
        message: transfers.completed,
        data: ngnTransferReceipt(result),
      })),
  });

  app.route({
    ...callSpec(app, 'cadWithdrawal', 'transfers', 'Send CAD by Interac e-Transfer (funds reserved, settled by the rail)', true),
    handler: async (request, reply) => {
      const { userId } = signedIn(request);
      return pinConfirmedMovement(
        app, request, reply, request.body.transaction_pin,
        () => interacOrder(request.body),
        async (trx, order) => ({
          success: 'true' as const,
          message: transfers.completed,
          data: await sendInterac(trx, userId, order, payoutSettleMs),
        }),
      );
    },
  });

  app.route({
    ...callSpec(app, 'ngnWithdrawal', 'transfers', 'Send NGN to a Nigerian bank account (funds reserved, settled by the rail)', true),
    handler: async (request, reply) => {
      const { userId } = signedIn(request);
      return pinConfirmedMovement(
        app, request, reply, request.body.transaction_pin,
        () => bankOrder(request.body, ngnMaxSingleKobo),
        async (trx, order) => ({
          success: 'true' as const,
          message: transfers.completed,
          data: await sendToBank(trx, userId, order, payoutSettleMs),
        }),
      );
    },
  });

  app.route({
    ...callSpec(app, 'ngnBanks', 'transfers', 'Nigerian banks naira can be sent to', true),
    handler: async () => ({ success: true as const, data: { bankList: bankList() } }),
  });

  app.route({
    ...callSpec(app, 'nameInquiry', 'transfers', 'The name on a Nigerian bank account (code 00 when found)', true),
    handler: async (request) => nameInquiry(app.db, signedIn(request).userId, request.params),
  });

  await app.register(payoutWebhookRoutes);
};
