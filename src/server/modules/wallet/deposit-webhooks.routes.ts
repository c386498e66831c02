import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { server } from '../../../shared/messages';
import { OkMessage, responses } from '../../../shared/schemas';
import { acceptSignedJsonOnly } from '../../lib/webhook-signature';
import { WEBHOOK_TOLERANCE_MS } from '../auth/rules';
import { BankCredit, InteracCredit, WEBHOOK_PATHS } from './deposit-webhooks.schemas';
import { receiveBankCredit, receiveInteracCredit } from './deposits.service';

const received = { success: true as const, message: server.depositReceived, data: null };

/**
 * Deposit notifications from the rails: signed JSON only (acceptSignedJsonOnly). A
 * replayed notification answers 200 again and moves nothing (the rail's reference is recorded once).
 */
export async function depositWebhookRoutes(app: FastifyInstance): Promise<void> {
  acceptSignedJsonOnly(app, app.config.webhookSecret, WEBHOOK_TOLERANCE_MS);
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const schema = { tags: ['webhooks'], response: responses(OkMessage) };

  api.post(WEBHOOK_PATHS.interac, { schema: { ...schema, body: InteracCredit, summary: 'Money arrived by Interac e-Transfer at a CAD deposit address' } }, async (request) => {
    await app.db.transaction().execute((trx) => receiveInteracCredit(trx, request.body));
    return received;
  });

  api.post(WEBHOOK_PATHS.bank, { schema: { ...schema, body: BankCredit, summary: 'Money arrived by NIP transfer at an NGN virtual account' } }, async (request) => {
    await app.db.transaction().execute((trx) => receiveBankCredit(trx, request.body));
    return received;
  });
}
