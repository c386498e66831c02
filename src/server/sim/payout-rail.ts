/**
 * The simulated payout rails (Interac e-Transfer and NIP). A job claims the payouts that are due
 * (rows, not process memory: any process may run it, and payouts pending at a restart are settled
 * after it). A payout whose hold is over (PAYOUT_HOLD_S) and that was not handed over yet is
 * handed to its rail first, Kudi's side (payouts.service handOverPayout: a cancelled one is left
 * alone), and comes due again PAYOUT_SETTLE_MS later; a handed-over one is settled: the rail
 * decides its outcome and reports it through the signed payout webhook, as a real rail would. Most payouts complete; these fail, so the refund path can be seen:
 * - Interac: the recipient e-mail's local part ends in 'fail' (jane.fail@example.com), unless it
 *   is a Kudi deposit address;
 * - NIP: the account number ends in '0000'.
 * A payout to a Kudi virtual account (the simulated partner bank) credits that wallet through the
 * bank-credit webhook, and fails when no activated wallet has that number. Likewise an Interac
 * e-Transfer to a Kudi deposit e-mail autodeposits into that customer's CAD wallet through the
 * Interac-credit webhook, and fails when no customer has that address. Either credit is made
 * once (its rail reference is recorded), before the payout settles; a wallet that cannot take it
 * fails the payout, so the sender is refunded and no money vanishes.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API_PREFIX } from '../../shared/product';
import type { BackgroundJob } from '../adapters/types';
import { SIGNATURE_HEADER, signWebhook } from '../lib/webhook-signature';
import { PAYOUT_WEBHOOK_PATH } from '../modules/transfers/payout-webhook.schemas';
import { claimDuePayouts, releaseClaims, retryPayoutLater, type PayoutRow } from '../modules/transfers/payouts.repository';
import { handOverPayout } from '../modules/transfers/payouts.service';
import { WEBHOOK_PATHS } from '../modules/wallet/deposit-webhooks.schemas';
import { isKudiDepositEmail } from '../modules/ledger/customer-wallets';
import { SIM_PARTNER_BANK } from './partner-bank';
import { pollingJob } from '../lib/polling-job';

const POLL_INTERVAL_MS = 300;
const BATCH = 25;
/** NIP narrations are short. */
const NARRATION_MAX = 100;

const FAILING_INTERAC_EMAIL = /fail@[^@]+$/i;
const FAILING_ACCOUNT_NUMBER = /0000$/;

type Outcome = { status: 'completed' } | { status: 'failed'; reason: string };
const completed: Outcome = { status: 'completed' };
const failed = (reason: string): Outcome => ({ status: 'failed', reason });

/** Posts a signed JSON webhook to this app, as the outside world would. */
function deliver(app: FastifyInstance, path: string, payload: object): Promise<LightMyRequestResponse> {
  const body = JSON.stringify(payload);
  return app.inject({
    method: 'POST',
    url: `${API_PREFIX}${path}`,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(app.config.webhookSecret, body) },
    payload: body,
  });
}

/** The amount and sender of a payout, as the Interac credit to a Kudi deposit e-mail carries them. */
async function interacCreditOf(app: FastifyInstance, payout: PayoutRow) {
  const row = await app.db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as a', 'a.id', 't.debit_account_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['t.amount', 'u.first_name', 'u.last_name'])
    .where('t.id', '=', payout.transfer_id)
    .executeTakeFirstOrThrow();
  return {
    reference: `${payout.reference}-ETR`,
    deposit_email: payout.destination,
    amount_minor: row.amount.toString(),
    sender_name: `${row.first_name} ${row.last_name}`,
  };
}

/** The amount, sender and narration of a payout, as the NIP credit to the recipient carries them. */
async function nipCreditOf(app: FastifyInstance, payout: PayoutRow) {
  const row = await app.db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as a', 'a.id', 't.debit_account_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('naira_wallets as w', 'w.user_id', 'a.user_id')
    .select(['t.amount', 't.metadata', 'u.first_name', 'u.last_name', 'w.account_number'])
    .where('t.id', '=', payout.transfer_id)
    .executeTakeFirstOrThrow();
  if (!row.account_number) throw new Error(`The sender of payout ${payout.reference} has no virtual account`);
  return {
    reference: `${payout.reference}-NIP`,
    account_number: payout.destination,
    amount_minor: row.amount.toString(),
    sender_name: `${row.first_name} ${row.last_name}`,
    sender_bank: SIM_PARTNER_BANK.name,
    sender_account_number: row.account_number,
    narration: row.metadata.description?.slice(0, NARRATION_MAX),
  };
}

/**
 * The outcome of a credit webhook to a Kudi wallet: completed when credited (or already credited
 * under the same reference), failed when there is no such wallet or it refuses the credit.
 */
function creditOutcome(response: LightMyRequestResponse, notFoundReason: string): Outcome {
  if (response.statusCode === 200) return completed;
  if (response.statusCode === 404) return failed(notFoundReason);
  // The wallet cannot take it (e.g. its balance ceiling): refused, so the sender is refunded.
  if (response.statusCode === 422) return failed('The recipient account cannot receive this amount');
  throw new Error(`credit webhook answered ${response.statusCode}: ${response.body}`);
}

/** The partner bank credits the Kudi wallet with that virtual account (replays are no-ops). */
async function creditVirtualAccount(app: FastifyInstance, payout: PayoutRow): Promise<Outcome> {
  return creditOutcome(await deliver(app, WEBHOOK_PATHS.bank, await nipCreditOf(app, payout)), 'Account not found');
}

/** Interac autodeposits into the Kudi customer with that deposit e-mail (replays are no-ops). */
async function creditDepositEmail(app: FastifyInstance, payout: PayoutRow): Promise<Outcome> {
  return creditOutcome(await deliver(app, WEBHOOK_PATHS.interac, await interacCreditOf(app, payout)), 'No Kudi customer has this deposit e-mail');
}

async function outcomeOf(app: FastifyInstance, payout: PayoutRow): Promise<Outcome> {
  if (payout.rail === 'interac') {
    // A Kudi deposit address is credited whatever its random tag spells (one may end in 'fail').
    if (isKudiDepositEmail(payout.destination)) return creditDepositEmail(app, payout);
    return FAILING_INTERAC_EMAIL.test(payout.destination) ? failed("The recipient's bank declined the e-Transfer") : completed;
  }
  if (FAILING_ACCOUNT_NUMBER.test(payout.destination)) return failed('The beneficiary bank declined the transfer');
  return payout.bank_code === SIM_PARTNER_BANK.code ? creditVirtualAccount(app, payout) : completed;
}

async function settle(app: FastifyInstance, payout: PayoutRow): Promise<void> {
  const response = await deliver(app, PAYOUT_WEBHOOK_PATH, { reference: payout.reference, ...(await outcomeOf(app, payout)) });
  if (response.statusCode !== 200) throw new Error(`payout webhook answered ${response.statusCode}: ${response.body}`);
}

/**
 * A claimed payout: handed to its rail if it was not (then settled at once only when the rail
 * takes no time, PAYOUT_SETTLE_MS = 0), else settled. True when it settled.
 */
async function advance(app: FastifyInstance, claimed: PayoutRow): Promise<boolean> {
  let payout: PayoutRow | undefined = claimed;
  if (!claimed.handed_at) {
    const settleMs = app.config.payoutSettleMs;
    payout = await app.db.transaction().execute((trx) => handOverPayout(trx, claimed.transfer_id, settleMs));
    if (!payout || settleMs > 0) return false;
  }
  await settle(app, payout);
  return true;
}

/**
 * One settlement pass: hands over or settles every payout that is due, a batch at a time; answers
 * how many settled. A payout whose settlement fails is logged and retried after the lease, then after
 * twice as long each time (payouts.repository retryPayoutLater). When
 * `stopping()` turns true (the app is closing: its webhooks answer 503 from then on), the pass
 * ends and hands back what it claimed and did not settle, due at once for the next process.
 */
export async function settleDuePayouts(app: FastifyInstance, stopping: () => boolean = () => false): Promise<number> {
  let settled = 0;
  for (;;) {
    if (stopping()) return settled;
    // A claimed payout whose settlement did not finish comes due again after the lease (PAYOUT_LEASE_MS).
    const due = await claimDuePayouts(app.db, BATCH, app.config.payoutLeaseMs);
    for (const [index, payout] of due.entries()) {
      if (stopping()) {
        await releaseClaims(app.db, due.slice(index).map((p) => p.transfer_id));
        return settled;
      }
      try {
        if (await advance(app, payout)) settled += 1;
      } catch (err) {
        if (stopping()) {
          await releaseClaims(app.db, due.slice(index).map((p) => p.transfer_id));
          return settled;
        }
        app.log.warn({ err, reference: payout.reference }, 'payout settlement failed; it will be retried');
        // Due again after the lease, then twice as long each time; the error shows in `npm run jobs`.
        await retryPayoutLater(app.db, payout.transfer_id, app.config.payoutLeaseMs, err instanceof Error ? err.message : String(err));
      }
    }
    if (due.length < BATCH) return settled;
  }
}

/** Runs settlement passes every few hundred milliseconds, one at a time, without keeping the process alive. */
export function payoutRailJob(app: FastifyInstance, intervalMs = POLL_INTERVAL_MS): BackgroundJob {
  return pollingJob(app, 'payout settlement', (stopping) => settleDuePayouts(app, stopping), intervalMs);
}
