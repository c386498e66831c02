import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '../../../shared/endpoints';
import { answers, exchange, nairaWallet } from '../../../shared/messages';
import { minorToMajor } from '../../../shared/money';
import { schemas } from '../../../shared/schemas';
import type { ConversionReceipt } from '../../../shared/types';
import { signedIn } from '../../plugins/auth';
import { quote } from '../fx/quotes';
import type { Trx } from '../ledger/accounts.repository';
import { pinConfirmedMovement, requireVerifiedSender } from '../transfers/sender.service';
import { conversionOrder, convertAtQuote, convertCurrency } from './conversion.service';
import { depositWebhookRoutes } from './deposit-webhooks.routes';
import { historyPage, transactionHistory } from './history.service';
import { activateNairaWallet, cadWalletView, nairaWalletView } from './wallets.service';
import { named } from '../../lib/plugin-name';

/** The signed-in customer; every wallet query is scoped to them. */
const customerId = (request: FastifyRequest): string => signedIn(request).userId;

/** /wallet/*: balances, deposit details, naira activation, rates, limit, conversion, history; and the deposit webhooks. */
export async function walletRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { rates, partnerBank } = app.adapters;
  const guarded = { onRequest: app.authenticate };
  const docs = { tags: ['wallet'], security: [{ bearer: [] }] };

  api.get(endpoints.cadWallet.path, { ...guarded, schema: { ...docs, ...schemas.cadWallet, summary: 'The CAD wallet: balance and Interac deposit details' } }, async (request) => ({
    success: true as const,
    message: answers.cadWallet,
    data: await cadWalletView(app.db, customerId(request)),
  }));

  api.get(endpoints.nairaWallet.path, { ...guarded, schema: { ...docs, ...schemas.nairaWallet, summary: 'The NGN wallet: balance and virtual account, once activated' } }, async (request) => ({
    success: true as const,
    message: answers.nairaWallet,
    data: await nairaWalletView(app.db, customerId(request)),
  }));

  api.post(
    endpoints.activateNairaWallet.path,
    { ...guarded, schema: { ...docs, ...schemas.activateNairaWallet, summary: 'Open the NGN virtual account (fully verified customer with a PIN)' } },
    async (request) => {
      const userId = customerId(request);
      // Only a fully verified customer with a PIN opens a bank account in their (then fixed)
      // legal name (spec §6: everything beyond /dashboard, /profile and /about needs it).
      await requireVerifiedSender(app.db, userId);
      const deps = { partnerBank, secret: app.config.otpSecret };
      await app.db.transaction().execute((trx) => activateNairaWallet(trx, deps, userId, request.body));
      // The spec's client reads success as the string 'true' here (§7).
      return { success: 'true' as const, message: nairaWallet.activated, data: null };
    },
  );

  api.get(endpoints.getRates.path, { ...guarded, schema: { ...docs, ...schemas.getRates, summary: 'The exchange rate between two currencies, margin included' } }, async (request) => {
    const { from_currency, to_currency, actual_rate } = await quote(
      rates,
      app.config.fxMarginBps,
      request.query.from_currency,
      request.query.to_currency,
    );
    return { success: true as const, message: answers.rate, data: { from_currency, to_currency, actual_rate } };
  });

  api.get(endpoints.ngnLimit.path, { ...guarded, schema: { ...docs, ...schemas.ngnLimit, summary: 'The largest single NGN payout' } }, async () => ({
    success: true as const,
    message: answers.ngnLimit,
    data: minorToMajor(app.config.ngnMaxSingleKobo),
  }));

  api.post(
    endpoints.currencyConversion.path,
    // Idempotency-Key (plugins/idempotency.ts); the transaction PIN, when the body carries one, is
    // part of the request only as a keyed tag (another PIN under a used key is a counted PIN try).
    {
      ...guarded,
      config: { idempotent: { pin: (body: { transaction_pin?: string }) => body.transaction_pin } },
      schema: { ...docs, ...schemas.currencyConversion, summary: 'Convert between the CAD and NGN wallets at the quoted rate, or at a held quote (quote_id)' },
    },
    async (request) => {
      const userId = customerId(request);
      const { body } = request;
      // The sender checks of every money movement (spec §6), before the order as transfers do.
      await requireVerifiedSender(app.db, userId);
      const order = conversionOrder(body);
      const quoteId = body.quote_id;
      // spec-next §A: with a quote, its rate and amounts (or its 400/409), whatever the rate is now.
      let move: (trx: Trx) => Promise<ConversionReceipt>;
      if (quoteId !== undefined) move = (trx) => convertAtQuote(trx, userId, order, quoteId);
      else {
        const rate = await quote(rates, app.config.fxMarginBps, order.from, order.to);
        move = (trx) => convertCurrency(trx, userId, order, rate);
      }
      const convert = async (trx: Trx) => ({ success: true as const, message: exchange.successServer, data: await move(trx) });
      // spec §7's conversion carries no PIN: it converts as it always has.
      if (body.transaction_pin === undefined) return request.idempotency.transaction(convert);
      // With one (the web app's review → PIN step), it is checked as every send's PIN is, in the
      // conversion's own transaction: a wrong PIN is counted and moves nothing, five lock PIN use.
      const pin = body.transaction_pin;
      return request.idempotency.run((record) =>
        pinConfirmedMovement({ db: app.db, config: app.config }, userId, pin, () => order, convert, record),
      );
    },
  );

  api.get(endpoints.transactions.path, { ...guarded, schema: { ...docs, ...schemas.transactions, summary: 'Transaction history of a wallet, filtered by type, one page at a time' } }, async (request) => {
    const { currency, transaction_type, page } = request.query;
    const userId = customerId(request);
    // From the read replica once it has replayed the customer's own last write (app.reads).
    const history = await app.reads.read(userId, (db) => transactionHistory({ db, writer: app.db, checkpointEvery: app.config.historyCheckpointEvery }, userId, {
      currency,
      // An empty transaction_type is 'All Types', as an omitted one.
      type: transaction_type || undefined,
      page: historyPage(page),
    }));
    return { success: true as const, message: answers.history, ...history };
  });

  await app.register(named(depositWebhookRoutes));
}
