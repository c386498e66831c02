/**
 * Money between two Kudi customers: one posted ledger transfer from the sender's wallet to the
 * recipient's, in the same currency. Both see it as a WALLET TRANSACTION naming the other.
 */
import { server, transfers } from '../../../shared/messages';
import { minorToMajor } from '../../../shared/money';
import { decimalMoney, feeMinor, FREE_TABLE, walletTransferKind, type FeeTable } from '../../../shared/pricing';
import type { CadTransferReceipt, Currency, NgnTransferReceipt, Req, Res } from '../../../shared/types';
import { isEmail, isFourDigitPin } from '../../../shared/validation';
import type { Db } from '../../db/database';
import { badRequest, forbidden, notFound, unprocessable } from '../../lib/errors';
import type { Trx } from '../ledger/accounts.repository';
import type { CallerSession } from '../auth/session.service';
import type { KeyAnswerRow } from '../ledger/idempotency.repository';
import { newReference, transferLocked } from '../ledger/ledger.service';
import type { TransferRow } from '../ledger/transfers.repository';
import type { PinDeps } from '../auth/pin.service';
import { cadEquivalent, countAgainstLimits, limitContext, type LimitContext, type LimitDeps } from '../limits/limits.service';
import { notifyMoneyReceived, notifyMoneySent } from '../notifications/notify';
import { saveUserTransferRecipient } from '../recipients/recipients.repository';
import { findRecipient, lockTransferParties, type PartyAccount, type SenderRow } from './customers.repository';
import {
  activatedNairaWallet, allowNameLookup, amountMinor, nameLookupRule, pinConfirmedMovement, withinNgnLimit, type RecordAnswer,
} from './sender.service';
import type { AnswerTemplate } from './user-transfer.one-statement';
import { transferInOneStatement } from './user-transfer.batches';
import type { UserTransferOrder, UserTransferResult } from './user-transfer.types';

const RECIPIENT_FOUND = 'User found';
const DESCRIPTION = 'Wallet transfer';

/** Recipient look-ups (the app checks 500 ms after typing stops), counted per signed-in customer. */
export const recipientChecks = nameLookupRule('check-email:user', server.recipientChecksThrottled);

export type { UserTransferOrder, UserTransferResult } from './user-transfer.types';

function recipientEmail(email: string): string {
  const trimmed = email.trim();
  if (!isEmail(trimmed)) throw badRequest(transfers.invalidRecipientEmail);
  return trimmed;
}

/**
 * POST /auth/check-email/{email}: whether a transfer to this customer could go ahead (spec §7:
 * success and a message), with their name, which the transfer screen shows ('Recipient: …').
 * Only a sender who may send (verified, with a PIN) can ask, a limited number of times.
 */
export async function checkRecipient(db: Db, senderId: string, email: string, currency: Currency): Promise<Res<'checkEmail'>> {
  const address = await allowNameLookup(db, senderId, recipientChecks, () => recipientEmail(email));
  const recipient = await findRecipient(db, address, currency);
  if (!recipient) return { success: false, message: transfers.userDoesNotExist, data: null };
  if (recipient.userId === senderId) return { success: false, message: server.selfTransfer, data: null };
  if (currency === 'NGN' && !recipient.nairaActivated) return { success: false, message: server.recipientWalletNotActivated, data: null };
  return { success: true, message: RECIPIENT_FOUND, data: { name: recipient.name } };
}

/** Checks a transfer request; naira sends are capped by the NGN single-amount limit. The fee comes from `fees`. */
export function userTransferOrder(currency: Currency, body: Req<'cadWalletTransfer'>, ngnMaxKobo: bigint, fees: FeeTable = FREE_TABLE): UserTransferOrder {
  const amount = amountMinor(body.amount);
  return {
    currency,
    amount: currency === 'NGN' ? withinNgnLimit(amount, ngnMaxKobo) : amount,
    fee: feeMinor(fees[walletTransferKind(currency)], amount),
    recipientEmail: recipientEmail(body.recipient_email),
  };
}

const partyName = (party: PartyAccount) => `${party.first_name} ${party.last_name}`;

/**
 * Moves the amount from the sender's wallet to the recipient's, in the caller's transaction: one
 * statement finds the recipient and locks both accounts, the send is counted against the
 * sender's limits (403 over one), one statement records the transfer with its entries and
 * balances, and both parties' e-mails (money sent, money received) are recorded with it, and the
 * recipient saved for the sender (spec-next §E).
 * `sender` (locked by the caller) answers the naira activation check.
 */
export async function sendToUser(
  trx: Trx,
  senderId: string,
  order: UserTransferOrder,
  sender: SenderRow | null,
  limits: LimitContext,
): Promise<UserTransferResult> {
  const parties = await lockTransferParties(trx, senderId, order.recipientEmail, order.currency);
  const to = parties.find((party) => party.is_recipient);
  if (!to) throw notFound(transfers.userDoesNotExist);
  if (to.user_id === senderId) throw badRequest(server.selfTransfer);
  if (order.currency === 'NGN') {
    if (!sender) await activatedNairaWallet(trx, senderId);
    else if (!sender.naira_activated) throw forbidden(server.walletNotActivated);
    // Naira is received only in an activated naira wallet (spec §2), as check-email answers.
    if (!to.naira_activated) throw unprocessable(server.recipientWalletNotActivated);
  }
  const from = parties.find((party) => party.user_id === senderId);
  if (!from) throw new Error(`Customer ${senderId} has no ${order.currency} account`);
  await countAgainstLimits(trx, limits, senderId, order.currency, order.amount);
  const recipientName = partyName(to);
  const row = await transferLocked(
    trx,
    {
      debit: from.id,
      credit: to.id,
      amount: order.amount,
      // Moved to the fees account after the movement, the fees account locked last (ledger.service).
      fee: order.fee,
      currency: order.currency,
      kind: 'wallet_transfer',
      metadata: { sender_name: partyName(from), recipient_name: recipientName, description: DESCRIPTION },
      // 'Insufficient CAD balance' / 'Insufficient NGN balance' (spec §5, user transfer).
      insufficientFunds: transfers.insufficientWalletBalance,
    },
    new Map(parties.map((party) => [party.id, party])),
  );
  await notifyMoneySent(trx, row.id);
  await notifyMoneyReceived(trx, row.id);
  // A user transfer completes at once: its recipient is saved for the sender (spec-next §E).
  await saveUserTransferRecipient(trx, row.id);
  return { row, recipientName, fee: order.fee };
}

/** The order of a request, or null when it is invalid (the checked path then words the refusal in its turn). */
function validOrder(currency: Currency, body: Req<'cadWalletTransfer'>, config: TransferDeps['config']): UserTransferOrder | null {
  try {
    return userTransferOrder(currency, body, config.ngnMaxSingleKobo, config.fees);
  } catch {
    return null;
  }
}

type TransferDeps = PinDeps & LimitDeps & { config: { ngnMaxSingleKobo: bigint; fees: FeeTable } };

/** What else oneStatementUserTransfer may be given: see transferInOneStatement. */
export interface OneStatementOptions {
  /** The sender's limit context, when the caller has it already. */
  limits?: LimitContext;
  /** An Idempotency-Key's row, and the route's answer to record under it. */
  keyed?: { row: KeyAnswerRow; answer: (result: UserTransferResult) => unknown };
  /** The caller's session when it is still to be confirmed. */
  session?: CallerSession;
}

/**
 * The transfer in one statement when the request is one that statement recognises (valid order
 * without a fee, 4-digit PIN) and every check passes; null otherwise, nothing written (the checked
 * path decides). A transfer with a fee always takes the checked path, which charges it.
 */
export async function oneStatementUserTransfer(
  deps: TransferDeps,
  userId: string,
  currency: Currency,
  body: Req<'cadWalletTransfer'>,
  { limits, keyed, session }: OneStatementOptions = {},
): Promise<UserTransferResult | null> {
  const pin = body.transaction_pin;
  const order = isFourDigitPin(pin) ? validOrder(currency, body, deps.config) : null;
  if (!order || order.fee !== 0n) return null;
  const reference = newReference();
  const template = keyed ? answerTemplate(keyed.answer, order, reference) : null;
  if (keyed && !template) return null;
  const context = limits ?? (await limitContext(deps, currency));
  return transferInOneStatement(deps.db, {
    senderId: userId,
    pinSecret: deps.config.pinSecret,
    pin,
    order,
    reference,
    description: DESCRIPTION,
    limit: { amount: cadEquivalent(context, currency, order.amount), array: context.array },
    ...(keyed && template ? { keyed: { row: keyed.row, answer: template } } : {}),
    ...(session ? { session: session.toConfirm } : {}),
  });
}

/**
 * The answer `answer` gives for the transfer the statement is about to write, as the JSON the
 * statement records under the key: built by the route's own answer function, from what is known
 * before the statement runs (amount, reference, fee), with stand-ins for the two values only the
 * statement knows (the recipient's name, the transfer's time), whose paths the statement sets.
 * Null (so the checked path runs) when the answer reads anything else of the transfer, or uses a
 * stand-in other than as a whole value exactly once.
 */
function answerTemplate(answer: (result: UserTransferResult) => unknown, order: UserTransferOrder, reference: string): AnswerTemplate | null {
  const stand = `stand-in:${newReference()}`;
  const name = `${stand}:recipient_name`;
  const at = `${stand}:created_at`;
  const createdAt = new Date(0);
  createdAt.toISOString = () => at;
  const known: Partial<TransferRow> = { amount: order.amount, reference, created_at: createdAt };
  const row = new Proxy(known, {
    get(target, field) {
      if (typeof field === 'string' && !(field in target)) throw new UnknownBeforeWriting(field);
      return Reflect.get(target, field);
    },
  }) as TransferRow;
  let json: string;
  try {
    json = JSON.stringify(answer({ row, recipientName: name, fee: order.fee }));
  } catch (err) {
    if (err instanceof UnknownBeforeWriting) return null;
    throw err;
  }
  const paths = new Map<string, string[][]>([[name, []], [at, []]]);
  const walk = (value: unknown, path: string[]) => {
    if (typeof value === 'string') paths.get(value)?.push(path);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
  };
  const parsed: unknown = JSON.parse(json);
  walk(parsed, []);
  const [namePaths, atPaths] = [paths.get(name)!, paths.get(at)!];
  if (namePaths.length !== 1 || atPaths.length !== 1 || json.split(stand).length !== 3) return null;
  return { json, recipientNamePath: namePaths[0], createdAtPath: atPaths[0] };
}

/** A transfer's field an answer read that is known only once the transfer is written. */
class UnknownBeforeWriting extends Error {
  constructor(field: string) {
    super(`The answer reads the transfer's ${field}, known only once it is written`);
  }
}

/**
 * A user-to-user transfer as its route hands it over: who sends, in which currency, the request's
 * body, and the caller's session when the transfer's statement is to confirm it (then `confirm`
 * runs before anything else when that statement wrote nothing).
 */
export interface UserTransferInput {
  userId: string;
  currency: Currency;
  body: Req<'cadWalletTransfer'>;
  session?: CallerSession;
}

/**
 * POST /wallet/cad-wallet-transfer and /wallet/ngn-wallet-transfer: a PIN-confirmed transfer to
 * another customer, answered by `answer`. When there is no answer to record with the money
 * (`record` null: no Idempotency-Key), a request whose every check passes is done in one statement
 * (oneStatementUserTransfer); any other goes the checked way (pinConfirmedMovement: the sender's
 * checks, the PIN with its lockout, the movement, the answer recorded in its transaction). A keyed
 * request gets here after its own one statement (keyedUserTransferInOneStatement) wrote nothing.
 */
export async function confirmedUserTransfer<T>(
  deps: TransferDeps,
  { userId, currency, body, session }: UserTransferInput,
  answer: (result: UserTransferResult) => T,
  record: RecordAnswer<T>,
): Promise<T> {
  const limits = await limitContext(deps, currency);
  if (!record) {
    const done = await oneStatementUserTransfer(deps, userId, currency, body, { limits, session });
    if (done) return answer(done);
  }
  await session?.confirm();
  return pinConfirmedMovement(
    deps, userId, body.transaction_pin,
    () => userTransferOrder(currency, body, deps.config.ngnMaxSingleKobo, deps.config.fees),
    async (trx, order, sender) => answer(await sendToUser(trx, userId, order, sender, limits)),
    record,
  );
}

/**
 * A keyed request's try in one statement (plugins/idempotency.ts OneStatement): the transfer as
 * oneStatementUserTransfer writes it, with the key's `row` and the answer `answer` gives for it,
 * which it answers; null when nothing was written (the key's usual path then runs).
 */
export async function keyedUserTransferInOneStatement<T>(
  deps: TransferDeps,
  { userId, currency, body, session }: UserTransferInput,
  answer: (result: UserTransferResult) => T,
  row: KeyAnswerRow,
): Promise<T | null> {
  const done = await oneStatementUserTransfer(deps, userId, currency, body, { keyed: { row, answer }, session });
  return done && answer(done);
}

/** POST /wallet/cad-wallet-transfer's answer (spec §7: success is the string 'true'). */
export const cadTransferAnswer = (result: UserTransferResult) => ({
  success: 'true' as const,
  message: transfers.completed,
  data: cadTransferReceipt(result),
});

/** POST /wallet/ngn-wallet-transfer's answer (spec §7: success is the boolean true). */
export const ngnTransferAnswer = (result: UserTransferResult) => ({
  success: true as const,
  message: transfers.completed,
  data: ngnTransferReceipt(result),
});

export const cadTransferReceipt = ({ row, recipientName, fee }: UserTransferResult): CadTransferReceipt => ({
  amount: minorToMajor(row.amount),
  recipient_name: recipientName,
  transaction_reference: row.reference,
  created_at: row.created_at.toISOString(),
  fee: decimalMoney(fee),
});

export const ngnTransferReceipt = ({ row, recipientName, fee }: UserTransferResult): NgnTransferReceipt => ({
  amount: minorToMajor(row.amount),
  sent_to: recipientName,
  tx_ref: row.reference,
  created_at: row.created_at.toISOString(),
  fee: decimalMoney(fee),
});
