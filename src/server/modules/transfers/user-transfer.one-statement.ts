/**
 * A user-to-user transfer in ONE statement, for the common case where nothing is in question:
 * the sender is fully verified, their PIN is right with no wrong tries counted and no lock, the
 * recipient exists and may receive the currency, the sender can cover the amount and the
 * recipient stays under the balance ceiling. The statement then writes exactly what the checked
 * path (sender.service's authorizedMovement with sendToUser) writes in that case: the transfer,
 * both balances and both entries (with the ledger's own `movement`), both parties' e-mails
 * (notifications: money sent, money received) and the sender's saved recipient (spec-next §E, the
 * same upsert as the checked path's), under the same locks taken in the same order (the sender's
 * user row, then both accounts in id order).
 *
 * A transfer with a fee (FEES_JSON) is not such a case: the checked path charges it.
 *
 * When any of those conditions does not hold, the statement writes nothing and answers no row;
 * the caller then runs the checked path, which decides and words the refusal (or counts the PIN
 * try, or resets a streak). So this is no second copy of the rules' outcomes: it only recognises
 * the case in which every rule says yes, and a case it does not recognise costs one statement.
 *
 * When the caller's session is still to be confirmed (`session`: the route checked only the
 * token), the statement also confirms it as the session check would (auth/sessions.repository
 * liveSession and sessionSeen), so that a request is one round trip; a session not live is a case
 * it does not recognise (the caller then confirms the session first: 401).
 *
 * With an Idempotency-Key (`keyed`), the same statement also records the request's answer under
 * its key (ledger/idempotency.repository keyAnswered: status 'done', the route's exact answer),
 * only when the user has no row under that key yet; a key used or still running is the usual
 * path's (replay, 409, 422, a PIN try counted), which then runs as if this statement never had.
 *
 * The sender's limits are counted by the same database function as the checked path's
 * (kudi_limit_charge, migration 0009), called only once every other check passed; the transfer
 * is written only when it counted the send. The function reads the usage in a statement of its
 * own after the sender's row is locked, so it sees every send committed before it.
 */
import { sql, type RawBuilder } from 'kysely';
import { MAX_BALANCE_MINOR } from '../../../shared/limits';
import type { Db } from '../../db/database';
import { liveSession, sessionSeen, type SessionToConfirm } from '../auth/sessions.repository';
import { keyAnswered, keyUnused, type KeyAnswerRow } from '../ledger/idempotency.repository';
import { movement, type TransferRow } from '../ledger/transfers.repository';
import { limitChargeCall } from '../limits/limits.repository';
import { hashPin } from '../auth/pin';
import { userTransferRecipientUpsert } from '../recipients/recipients.repository';
import type { TransferNotificationKind } from '../notifications/notify';
import type { UserTransferOrder, UserTransferResult } from './user-transfer.types';

/** The e-mails recorded with the transfer, as the checked path's notifyMoneySent and notifyMoneyReceived record them. */
const SENT: TransferNotificationKind = 'money_sent';
const RECEIVED: TransferNotificationKind = 'money_received';

/**
 * PostgreSQL errors after which the checked path runs instead: a figure out of range (its 422), a
 * deadlock, a unique violation (the Idempotency-Key written meanwhile by a request that was still
 * running when this statement began).
 */
const RETRY_CHECKED = new Set(['22003', '40P01', '23505']);

/**
 * The answer a keyed request records: the route's answer as JSON, in which the two values only the
 * statement knows (the recipient's name, the transfer's time as toISOString() writes it: UTC,
 * milliseconds truncated as the database drivers truncate them) are set at their paths.
 */
export interface AnswerTemplate {
  json: string;
  recipientNamePath: string[];
  createdAtPath: string[];
}

/** The key's row and the answer recorded in it, for a request with an Idempotency-Key. */
export interface KeyedAnswer {
  row: KeyAnswerRow;
  answer: AnswerTemplate;
}

/** A path as a PostgreSQL text[] literal, for jsonb_set. */
const textArray = (path: string[]) => `{${path.map((part) => `"${part.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;

/** The recorded answer: the template with the recipient's name and the transfer's time set. */
const answerJson = (answer: AnswerTemplate, transfer: RawBuilder<unknown>, recipientName: RawBuilder<unknown>) => sql`
  jsonb_set(jsonb_set(${answer.json}::jsonb,
    ${textArray(answer.recipientNamePath)}::text[], to_jsonb(${recipientName})),
    ${textArray(answer.createdAtPath)}::text[], to_jsonb(to_char(${transfer}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))`;

export interface OneStatementTransfer {
  senderId: string;
  pinSecret: string;
  pin: string;
  order: UserTransferOrder;
  reference: string;
  description: string;
  /** The send as the sender's limits count it: CAD minor units, and the limit table (limits/tiers.ts limitArray). */
  limit: { amount: bigint; array: string };
  /** With an Idempotency-Key: its row and answer, written with the transfer (nothing when the key has a row). */
  keyed?: KeyedAnswer;
  /**
   * The caller's session when it is still to be confirmed (plugins/auth app.authenticateToken):
   * the statement confirms it (sessions.repository liveSession; nothing is written when it is not
   * live) and keeps its idle clock running as the session check does (sessionSeen).
   */
  session?: SessionToConfirm;
}

type Row = TransferRow & { recipient_name: string };

/**
 * Runs the transfer as one statement (its own transaction); answers its result, or null when the
 * case is not one it recognises (nothing was written: the checked path decides).
 */
export async function transferInOneStatement(db: Db, transfer: OneStatementTransfer): Promise<UserTransferResult | null> {
  const { currency, amount, recipientEmail, fee } = transfer.order;
  // A fee is the checked path's to charge (ledger.service): a transfer with one is no case of this statement.
  if (fee !== 0n) return null;
  const pinHash = hashPin(transfer.pinSecret, transfer.senderId, transfer.pin);
  const ngn = currency === 'NGN';
  const { keyed, session } = transfer;
  let rows: Row[];
  try {
    ({ rows } = await sql<Row>`
      with sender as materialized (
        select u.id from users u
        where u.id = ${transfer.senderId}::uuid
          and u.is_email_verified and u.is_phone_verified and u.is_identity_verified
          and u.pin_hash = ${pinHash} and u.pin_failed_count = 0 and u.pin_locked_until is null
          ${keyed ? sql`and ${keyUnused(keyed.row)}` : sql``}
          ${session ? sql`and ${liveSession(session)}` : sql``}
        for no key update of u
      ),
      parties as materialized (
        select a.id, a.user_id, a.kind, a.balance, a.pending_debits, u.first_name || ' ' || u.last_name as name,
          -- Read for naira only (the AND stops at false): a CAD transfer asks nothing of the naira wallets.
          ${ngn}::boolean and exists (select 1 from naira_wallets w where w.user_id = a.user_id and w.is_wallet_activated) as naira_activated
        from ledger_accounts a join users u on u.id = a.user_id
        where a.currency = ${currency}
          and a.user_id = any(array[
            (select id from sender),
            (select r.id from users r where r.email_lower = ${recipientEmail.toLowerCase()} and r.is_email_verified)
          ])
        order by a.id
        for update of a
      ),
      checked as (
        select d.id as debit, c.id as credit, d.user_id as sender_id, c.user_id as recipient_id, d.name as sender_name, c.name as recipient_name
        from parties d join parties c on c.user_id <> d.user_id
        where d.user_id = ${transfer.senderId}::uuid
          and d.kind = 'customer' and c.kind = 'customer'
          and d.balance - d.pending_debits >= ${amount}::bigint
          and c.balance + ${amount}::bigint <= ${MAX_BALANCE_MINOR}::bigint
          and (not ${ngn}::boolean or (d.naira_activated and c.naira_activated))
      ),
      counted as materialized (
        select l.outcome from checked, ${limitChargeCall(sql`checked.sender_id`, transfer.limit.amount, transfer.limit.array)} l
      ),
      t as (
        insert into ledger_transfers (reference, debit_account_id, credit_account_id, amount, currency, kind, status, metadata, posted_at)
        select ${transfer.reference}, debit, credit, ${amount}::bigint, ${currency}, 'wallet_transfer', 'posted',
          jsonb_build_object('sender_name', sender_name, 'recipient_name', recipient_name, 'description', ${transfer.description}::text), now()
        from checked
        where exists (select 1 from counted where outcome = 'ok')
        returning *
      ),
      ${movement(amount, sql`(select debit_account_id from t)`, sql`(select credit_account_id from t)`, false, sql`(select id from t)`)},
      -- No ON CONFLICT: the dedupe keys name the transfer this statement writes, so none exists yet
      -- (a conflict would be a unique violation: nothing written, the checked path runs).
      notified as (
        insert into notifications (user_id, kind, dedupe_key, payload)
        select n.user_id, n.kind, n.kind || ':' || t.id, jsonb_build_object('transfer_id', t.id::text)
        from t, checked, lateral (values (checked.sender_id, ${SENT}::text), (checked.recipient_id, ${RECEIVED}::text)) n(user_id, kind)
      ),
      saved as (${userTransferRecipientUpsert(sql`t`)})
      ${keyed ? sql`, ${keyAnswered('keyed', keyed.row, sql`t, checked`, answerJson(keyed.answer, sql`t`, sql`checked.recipient_name`))}` : sql``}
      ${session ? sql`, seen as (${sessionSeen(session, sql`exists (select 1 from t)`)})` : sql``}
      select t.*, (select recipient_name from checked) as recipient_name from t`.execute(db));
  } catch (err) {
    if (RETRY_CHECKED.has((err as { code?: string }).code ?? '')) return null;
    throw err;
  }
  const row = rows[0];
  if (!row) return null;
  const { recipient_name: recipientName, ...written } = row;
  return { row: written, recipientName, fee: 0n };
}
