import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { answers, transfers } from '../../../shared/messages';
import { callerSession, signedIn } from '../../plugins/auth';
import { callSpec } from '../auth/route-spec';
import { limitContext } from '../limits/limits.service';
import { bankList } from './banks';
import { nameInquiry } from './name-inquiry.service';
import { payoutWebhookRoutes } from './payout-webhook.routes';
import { bankOrder, interacOrder, sendInterac, sendToBank } from './payouts.service';
import { pinConfirmedMovement } from './sender.service';
import {
  cadTransferAnswer, checkRecipient, confirmedUserTransfer, keyedUserTransferInOneStatement, ngnTransferAnswer,
} from './user-transfer.service';
import { named } from '../../lib/plugin-name';

/** The transaction PIN of a money call's body: another PIN under a used Idempotency-Key is a counted PIN try. */
const transactionPin = (body: { transaction_pin: string }) => body.transaction_pin;
/**
 * A payout's answer (spec §7: success the string 'true', the receipt as data). A payout is answered
 * while its rail has still to settle it (pending), so it says it is on its way, never 'Transaction
 * completed successfully!' (spec-next §C; a client shows the server's message first, spec §8).
 */
const payoutAnswer = <T>(data: T) => ({ success: 'true' as const, message: transfers.onItsWayServer, data });

/** Route config of a PIN-confirmed money call: it honours Idempotency-Key (plugins/idempotency.ts). */
const pinConfirmedMoney = { idempotent: { pin: transactionPin } };

/**
 * Sending money: to other Kudi customers, by Interac e-Transfer, to Nigerian bank accounts; the
 * bank list and name enquiry; and the payout rails' webhook. Every money call needs a verified
 * sender with the right PIN, runs in one transaction (pinConfirmedMovement) and honours
 * Idempotency-Key (route config `idempotent`, plugins/idempotency.ts).
 */
export const transferRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ngnMaxSingleKobo, fees } = app.config;
  const deps = { db: app.db, config: app.config, rates: app.adapters.rates };
  /**
   * User transfers check the token at once and confirm the session in their one statement (or
   * before anything else when it writes nothing): one round trip per request (plugins/auth).
   */
  const sessionInStatement = { onRequest: app.authenticateToken };

  app.route({
    ...callSpec(app, 'checkEmail', 'transfers', 'Whether a Kudi customer with this e-mail can receive a transfer (and their name)', true),
    handler: async (request) =>
      checkRecipient(app.db, signedIn(request).userId, request.params.email, request.query.currency_type),
  });

  app.route({
    ...callSpec(app, 'cadWalletTransfer', 'transfers', 'Send CAD to another Kudi customer', true),
    ...sessionInStatement,
    config: pinConfirmedMoney,
    handler: async (request) => {
      const input = { userId: signedIn(request).userId, currency: 'CAD' as const, body: request.body, session: callerSession(app, request) };
      return request.idempotency.run(
        (record) => confirmedUserTransfer(deps, input, cadTransferAnswer, record),
        (key) => keyedUserTransferInOneStatement(deps, input, cadTransferAnswer, key),
      );
    },
  });

  app.route({
    ...callSpec(app, 'ngnWalletTransfer', 'transfers', 'Send NGN to another Kudi customer', true),
    ...sessionInStatement,
    config: pinConfirmedMoney,
    handler: async (request) => {
      const input = { userId: signedIn(request).userId, currency: 'NGN' as const, body: request.body, session: callerSession(app, request) };
      return request.idempotency.run(
        (record) => confirmedUserTransfer(deps, input, ngnTransferAnswer, record),
        (key) => keyedUserTransferInOneStatement(deps, input, ngnTransferAnswer, key),
      );
    },
  });

  app.route({
    ...callSpec(app, 'cadWithdrawal', 'transfers', 'Send CAD by Interac e-Transfer (funds reserved, settled by the rail)', true),
    config: pinConfirmedMoney,
    handler: async (request) => {
      const { userId } = signedIn(request);
      const { body } = request;
      const limits = await limitContext(deps, 'CAD');
      return request.idempotency.run((record) =>
        pinConfirmedMovement(
          deps, userId, body.transaction_pin,
          () => interacOrder(body, fees),
          async (trx, order) => payoutAnswer(await sendInterac(trx, userId, order, app.config, limits)),
          record,
        ),
      );
    },
  });

  app.route({
    ...callSpec(app, 'ngnWithdrawal', 'transfers', 'Send NGN to a Nigerian bank account (funds reserved, settled by the rail)', true),
    config: pinConfirmedMoney,
    handler: async (request) => {
      const { userId } = signedIn(request);
      const { body } = request;
      const limits = await limitContext(deps, 'NGN');
      return request.idempotency.run((record) =>
        pinConfirmedMovement(
          deps, userId, body.transaction_pin,
          () => bankOrder(body, ngnMaxSingleKobo, fees),
          async (trx, order) => payoutAnswer(await sendToBank(trx, userId, order, app.config, limits)),
          record,
        ),
      );
    },
  });
  app.route({
    ...callSpec(app, 'ngnBanks', 'transfers', 'Nigerian banks naira can be sent to', true),
    handler: async () => ({ success: true as const, message: answers.banks, data: { bankList: bankList() } }),
  });

  app.route({
    ...callSpec(app, 'nameInquiry', 'transfers', 'The name on a Nigerian bank account (code 00 when found)', true),
    handler: async (request) => nameInquiry(app.db, signedIn(request).userId, request.params, request.query),
  });

  await app.register(named(payoutWebhookRoutes));
};
