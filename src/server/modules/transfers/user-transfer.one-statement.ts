/**
 * A user-to-user transfer in ONE statement, for the common case where nothing is in question:
 * the sender is fully verified, their PIN is right with no wrong tries counted and no lock, the
 * recipient exists and may receive the currency, the sender can cover the amount and the
 * recipient stays under the balance ceiling. The statement then writes exactly what the checked
 * path (sender.service's authorizedMovement with sendToUser) writes in that case: the transfer,
 * both balances and both entries (with the ledger's own `movements`), both parties' e-mails
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
 *
 * The statement takes a BATCH of such transfers (user-transfer.batches.ts gathers the ones that
 * arrive together) and does each as it would alone, one after another in the batch's order: each
 * request is one row of its input; the checks of a row that read no balance are made for each row
 * at once, then a recursive part (`run`) takes the rows in order on the balances the rows before
 * left (the sender covers the amount, the recipient stays under the ceiling) and calls the limit
 * function for each row that passed, whose own statements see the sends it counted for the rows
 * before. A row refused writes nothing of itself while the others go ahead. Every account is then
 * updated once by the sum of its movements, and each entry carries the balance after it in that
 * order (ledger/transfers.repository movements). All of a batch's senders' user rows are locked
 * first, then all their accounts, each in id order, so two batches (or a batch and the checked
 * path) take them in one order. A batch of one is the single transfer.
 */
import { sql } from 'kysely';
import { MAX_BALANCE_MINOR } from '../../../shared/limits';
import type { Db } from '../../db/database';
import { liveSession, sessionColumnValues, sessionSeen, type SessionColumns, type SessionToConfirm } from '../auth/sessions.repository';
import { keyAnswered, keyColumnValues, keyUnused, type KeyAnswerRow, type KeyColumns } from '../ledger/idempotency.repository';
import { movements, type TransferRow } from '../ledger/transfers.repository';
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
export const RETRY_CHECKED = new Set(['22003', '40P01', '23505']);

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

/**
 * Which statement a transfer needs: with or without a key, with or without a session to confirm.
 * Only transfers of one shape share a batch.
 */
export const statementShape = (t: OneStatementTransfer): string => `${t.keyed ? 'keyed' : 'plain'}:${t.session ? 'session' : 'confirmed'}`;

/** The columns of a request (a row of the statement's input). */
const R = {
  key: { userId: sql`r.key_user`, key: sql`r.key`, requestHash: sql`r.request_hash`, claim: sql`r.claim`, status: sql`r.status` } satisfies KeyColumns,
  session: {
    sessionId: sql`r.session_id`, userId: sql`r.session_owner`, jti: sql`r.jti`, at: sql`r.at`,
    idleAfter: sql`r.idle_after`, madeAfter: sql`r.made_after`, seenBefore: sql`r.seen_before`,
  } satisfies SessionColumns,
};

/**
 * The input row's columns with their types: the request's own, its key's row and answer template
 * (with a key), its session's (with a session to confirm). The values come from inputRow,
 * keyColumnValues and sessionColumnValues, whose names these must be (checked by the compiler).
 */
const COLUMNS = {
  i: 'int', sender_id: 'uuid', pin_hash: 'text', currency: 'text', amount: 'bigint', email: 'text', reference: 'text',
  description: 'text', limit_amount: 'bigint', limit_array: 'text',
};
const KEY_COLUMNS = {
  ...({ key_user: 'uuid', key: 'text', request_hash: 'text', claim: 'uuid', status: 'int' } satisfies Record<keyof ReturnType<typeof keyColumnValues>, string>),
  answer: 'text', name_path: 'text', at_path: 'text',
};
const SESSION_COLUMNS = {
  session_id: 'uuid', session_owner: 'uuid', jti: 'text', at: 'timestamptz', idle_after: 'timestamptz', made_after: 'timestamptz',
  seen_before: 'timestamptz',
} satisfies Record<keyof ReturnType<typeof sessionColumnValues>, string>;

/** A column definition list for jsonb_to_record. */
const columnList = (...parts: Record<string, string>[]) =>
  parts.flatMap((part) => Object.entries(part).map(([name, type]) => `${name} ${type}`)).join(', ');

/** A request as its input row (JSON; bigints as text, which PostgreSQL reads into its columns' types). */
function inputRow(t: OneStatementTransfer, pinHash: string, i: number) {
  const { keyed, session } = t;
  const own = {
    i,
    sender_id: t.senderId,
    pin_hash: pinHash,
    currency: t.order.currency,
    amount: t.order.amount.toString(),
    email: t.order.recipientEmail.toLowerCase(),
    reference: t.reference,
    description: t.description,
    limit_amount: t.limit.amount.toString(),
    limit_array: t.limit.array,
  } satisfies Record<keyof typeof COLUMNS, unknown>;
  const key = keyed && {
    ...keyColumnValues(keyed.row),
    answer: keyed.answer.json,
    name_path: textArray(keyed.answer.recipientNamePath),
    at_path: textArray(keyed.answer.createdAtPath),
  } satisfies Record<keyof typeof KEY_COLUMNS, unknown>;
  return { ...own, ...key, ...(session ? sessionColumnValues(session) : {}) };
}

/** The recorded answer: the request's template with the recipient's name and the transfer's time set. */
const answerJson = sql`
  jsonb_set(jsonb_set(r.answer::jsonb,
    r.name_path::text[], to_jsonb(done.recipient_name)),
    r.at_path::text[], to_jsonb(to_char(done.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))`;

type Row = TransferRow & { i: number; recipient_name: string };

/**
 * Runs a batch of transfers of one shape (statementShape) as one statement (its own transaction),
 * and answers each one's outcome, in their order: the transfer as written, or null when it is not
 * a case the statement recognises (nothing of it was written: the checked path decides). Two
 * transfers of a batch may share customers, but not a sender's Idempotency-Key; none has a fee
 * (user-transfer.batches.ts keeps to both, and to the one shape). Throws what PostgreSQL throws
 * (nothing was written then).
 */
export async function transfersInOneStatement(db: Db, transfers: OneStatementTransfer[]): Promise<(UserTransferResult | null)[]> {
  const first = transfers[0];
  if (!first) return [];
  const keyed = first.keyed !== undefined;
  const session = first.session !== undefined;
  const input = JSON.stringify(transfers.map((t, i) => inputRow(t, hashPin(t.pinSecret, t.senderId, t.pin), i)));
  const types = columnList(COLUMNS, ...(keyed ? [KEY_COLUMNS] : []), ...(session ? [SESSION_COLUMNS] : []));
  const { rows } = await sql<Row>`
    with recursive r as materialized (
      -- Each request's object out of an array (which the planner counts as a few rows, as a batch
      -- mostly is: so each customer's rows are read by their keys, not by a scan of the table).
      select r.* from unnest(array(select jsonb_array_elements(${input}::jsonb))) e, jsonb_to_record(e) as r(${sql.raw(types)})
    ),
    sender as materialized (
      select r.i, u.id from r join users u on u.id = r.sender_id
      where u.is_email_verified and u.is_phone_verified and u.is_identity_verified
        and u.pin_hash = r.pin_hash and u.pin_failed_count = 0 and u.pin_locked_until is null
        ${keyed ? sql`and ${keyUnused(R.key)}` : sql``}
        ${session ? sql`and ${liveSession(R.session)}` : sql``}
      order by u.id
      for no key update of u
    ),
    recipient as materialized (
      select r.i, u.id from r join sender s using (i) join users u on u.email_lower = r.email and u.is_email_verified
    ),
    parties as materialized (
      select a.id, a.user_id, a.currency, a.kind, a.balance, a.pending_debits, u.first_name || ' ' || u.last_name as name,
        -- Read for naira only (the AND stops at false): a CAD transfer asks nothing of the naira wallets.
        a.currency = 'NGN' and exists (select 1 from naira_wallets w where w.user_id = a.user_id and w.is_wallet_activated) as naira_activated
      from ledger_accounts a join users u on u.id = a.user_id
      where (a.user_id, a.currency) in (
        select s.id, r.currency from sender s join r using (i)
        union all
        select c.id, r.currency from recipient c join r using (i))
      order by a.id
      for update of a
    ),
    -- The transfers whose parties may send and receive it, numbered in the batch's order.
    candidate as materialized (
      select row_number() over (order by r.i) as n, r.i, r.amount, r.limit_amount, r.limit_array,
        d.id as debit, c.id as credit, d.pending_debits, d.user_id as sender_id, c.user_id as recipient_id,
        d.name as sender_name, c.name as recipient_name
      from r join sender s using (i) join recipient rc using (i),
        -- Each party looked up for its own row (a join of the two parties' lists would pair every account with every other).
        lateral (select * from parties p where p.user_id = s.id and p.currency = r.currency and p.kind = 'customer' offset 0) d,
        lateral (select * from parties p where p.user_id = rc.id and p.currency = r.currency and p.kind = 'customer' offset 0) c
      where c.user_id <> d.user_id
        and (r.currency <> 'NGN' or (d.naira_activated and c.naira_activated))
    ),
    -- One by one in that order, each on the balances the ones before it left: the sender covers the
    -- amount, the recipient stays under the ceiling, and only then are the sender's limits counted.
    run (n, i, balances, moved) as (
      select 0::bigint, null::int, (select jsonb_object_agg(p.id::text, p.balance) from parties p), false
      union all
      select q.n, q.i,
        case when x.moved then p.balances || jsonb_build_object(q.debit::text, x.debit_before - q.amount, q.credit::text, x.credit_before + q.amount)
          else p.balances end,
        x.moved
      from run p join candidate q on q.n = p.n + 1,
      lateral (
        select b.debit_before, b.credit_before,
          case when b.debit_before - q.pending_debits >= q.amount and b.credit_before + q.amount <= ${MAX_BALANCE_MINOR}::bigint
            then coalesce((select l.outcome = 'ok' from ${limitChargeCall(sql`q.sender_id`, sql`q.limit_amount`, sql`q.limit_array`)} l), false)
            else false end as moved
        from (select (p.balances->>q.debit::text)::bigint as debit_before, (p.balances->>q.credit::text)::bigint as credit_before) b
      ) x
    ),
    t as (
      insert into ledger_transfers (reference, debit_account_id, credit_account_id, amount, currency, kind, status, metadata, posted_at)
      select r.reference, q.debit, q.credit, r.amount, r.currency, 'wallet_transfer', 'posted',
        jsonb_build_object('sender_name', q.sender_name, 'recipient_name', q.recipient_name, 'description', r.description), now()
      from run x join candidate q using (i) join r using (i)
      where x.moved
      order by r.i
      returning *
    ),
    -- The written transfers with their requests.
    done as (
      select r.i, t.id, t.created_at, q.sender_id, q.recipient_id, q.recipient_name
      from t join r on r.reference = t.reference join candidate q on q.i = r.i
    ),
    ${movements(sql`(select id, debit_account_id, credit_account_id, amount, 0::bigint as released from t)`)},
    -- No ON CONFLICT: the dedupe keys name the transfers this statement writes, so none exists yet
    -- (a conflict would be a unique violation: nothing written, the checked path runs).
    notified as (
      insert into notifications (user_id, kind, dedupe_key, payload)
      select n.user_id, n.kind, n.kind || ':' || done.id, jsonb_build_object('transfer_id', done.id::text)
      from done, lateral (values (done.sender_id, ${SENT}::text), (done.recipient_id, ${RECEIVED}::text)) n(user_id, kind)
    ),
    saved as (${userTransferRecipientUpsert(sql`t`)})
    ${keyed ? sql`, ${keyAnswered('keyed', R.key, sql`done join r using (i)`, answerJson)}` : sql``}
    ${session ? sql`, seen as (${sessionSeen(R.session, sql`done join r using (i)`)})` : sql``}
    select done.i, done.recipient_name, t.* from done join t using (id)`.execute(db);
  const outcomes: (UserTransferResult | null)[] = transfers.map(() => null);
  for (const { i, recipient_name: recipientName, ...written } of rows) {
    outcomes[i] = { row: written, recipientName, fee: 0n };
  }
  return outcomes;
}
