import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { randomBytes, randomInt } from 'node:crypto';
import { endpoints } from '../../shared/endpoints';
import { server } from '../../shared/messages';
import { API_PREFIX } from '../../shared/product';
import { Ok, responses, schemas } from '../../shared/schemas';
import type { Currency } from '../../shared/types';
import { validateAmount } from '../../shared/validation';
import type { Db } from '../db/database';
import { ApiError, badRequest, conflict, notFound } from '../lib/errors';
import { SIGNATURE_HEADER, signWebhook } from '../lib/webhook-signature';
import { findUserByEmail, type UserRow } from '../modules/auth/users.repository';
import { findCadWallet, findNairaWallet } from '../modules/ledger/wallets.repository';
import { WEBHOOK_PATHS } from '../modules/wallet/deposit-webhooks.schemas';

/** The sending bank of simulated NIP credits (a fictitious commercial bank). */
const SIM_SENDER_BANK = { name: 'Simulated Commercial Bank', code: '999' };

const randomDigits = (length: number) => Array.from({ length }, () => randomInt(10)).join('');

/** Interac reference numbers look like 'CA7F3A9C01BE'. */
const interacReference = () => `CA${randomBytes(5).toString('hex').toUpperCase()}`;

/** A NIP session id: sender bank code (6), yymmddHHmmss (12), 12 random digits. */
function nipSessionId(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(2, 14);
  return `${SIM_SENDER_BANK.code.padStart(6, '0')}${stamp}${randomDigits(12)}`;
}

interface Webhook {
  path: string;
  payload: { reference: string } & Record<string, string>;
}

/**
 * What the rail would post for a deposit to this customer's wallet in this currency. The sender
 * is the customer themself (e-Transfers must come from an account in the same name).
 */
async function depositWebhook(db: Db, user: UserRow, currency: Currency, amountMinor: bigint): Promise<Webhook> {
  const sender = `${user.first_name} ${user.last_name}`;
  if (currency === 'CAD') {
    const wallet = await findCadWallet(db, user.id);
    if (!wallet) throw notFound(server.notFound);
    return {
      path: WEBHOOK_PATHS.interac,
      payload: { reference: interacReference(), deposit_email: wallet.deposit_email, amount_minor: String(amountMinor), sender_name: sender },
    };
  }
  const wallet = await findNairaWallet(db, user.id);
  if (!wallet?.account_number) throw conflict(server.walletNotActivated);
  return {
    path: WEBHOOK_PATHS.bank,
    payload: {
      reference: nipSessionId(),
      account_number: wallet.account_number,
      amount_minor: String(amountMinor),
      sender_name: sender,
      sender_bank: SIM_SENDER_BANK.name,
      sender_account_number: randomDigits(10),
    },
  };
}

/**
 * POST /dev/deposits { email, currency, amount }: money arrives for the customer with this
 * sign-in e-mail, through the real signed webhook route (injected into this app).
 */
export async function depositRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const schema = {
    tags: ['simulators'],
    summary: 'Simulate a deposit to a customer: posts the signed rail webhook',
    body: schemas.devDeposit.body,
    response: responses(Ok(Type.Object({ reference: Type.String() }))),
  };

  // Mounted under /dev by dev.routes.ts.
  api.post(endpoints.devDeposit.path.replace(/^\/dev/, ''), { schema }, async (request) => {
    const amount = validateAmount(request.body.amount);
    if (!amount.ok) throw badRequest(amount.message);
    const user = await findUserByEmail(app.db, request.body.email);
    if (!user) throw notFound('No customer with this e-mail');
    const webhook = await depositWebhook(app.db, user, request.body.currency, amount.minor);
    const rawBody = JSON.stringify(webhook.payload);
    const response = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}${webhook.path}`,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(app.config.webhookSecret, rawBody) },
      payload: rawBody,
    });
    if (response.statusCode !== 200) throw new ApiError(response.statusCode, response.json<{ message: string }>().message);
    return { success: true as const, message: server.depositReceived, data: { reference: webhook.payload.reference } };
  });
}
