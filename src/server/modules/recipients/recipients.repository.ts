/**
 * SQL of saved recipients (migration 0013). A recipient is saved (or updated) by the statement
 * that completes its send, in that send's transaction: a user transfer as it is written (the
 * checked path, and inside the one statement of user-transfer.one-statement.ts, from the same SQL
 * here), a payout when the rail's 'completed' is applied. A repeat send to the same destination
 * updates the row: its latest name and e-mail, and last_used_at (never moved back by an older
 * send completing later).
 *
 * Locks: the upsert may lock the sender's own recipient row, after everything else its send
 * locked; only that sender's sends touch it, each last, so it closes no wait cycle.
 */
import { sql, type RawBuilder, type Selectable } from 'kysely';
import { RECIPIENTS_MAX } from '../../../shared/limits';
import type { Db } from '../../db/database';
import type { Trx } from '../ledger/accounts.repository';
import type { RecipientsTable } from './recipients.tables';

export type RecipientRow = Selectable<RecipientsTable>;

/** The latest send's value of a column, unless the row already holds a later send's. */
const latest = (column: string) =>
  sql`${sql.ref(column)} = case when excluded.last_used_at >= recipients.last_used_at then excluded.${sql.ref(column)} else recipients.${sql.ref(column)} end`;

/**
 * `insert into recipients … <source> on conflict … do update`: `source` selects, in this order,
 * user_id, kind, destination, name, email, bank_code, bank_name, account_number, last_used_at.
 */
function upsert(source: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`insert into recipients (user_id, kind, destination, name, email, bank_code, bank_name, account_number, last_used_at)
    ${source}
    on conflict (user_id, kind, destination) do update set
      ${latest('name')}, ${latest('email')}, ${latest('bank_name')},
      last_used_at = greatest(recipients.last_used_at, excluded.last_used_at)`;
}

/**
 * The recipient of the user-to-user transfers in `transfers` (a relation with ledger_transfers'
 * columns: the table filtered to one transfer, or a data-modifying CTE's rows), saved for their
 * sender: kind 'kudi_user', keyed by the recipient's id, with the name the transfer carries and the
 * recipient's e-mail. The one-statement transfer runs it as one of its CTEs, the checked path
 * through saveUserTransferRecipient: both write the same row.
 */
export function userTransferRecipientUpsert(transfers: RawBuilder<unknown>): RawBuilder<unknown> {
  // One row per sender and recipient (an upsert may not write a row twice), from their latest transfer.
  return upsert(sql`
    select distinct on (d.user_id, c.user_id)
      d.user_id, 'kudi_user', c.user_id::text, coalesce(tr.metadata->>'recipient_name', u.first_name || ' ' || u.last_name),
      u.email, null, null, null, tr.created_at
    from ${transfers} tr
    join ledger_accounts d on d.id = tr.debit_account_id
    join ledger_accounts c on c.id = tr.credit_account_id
    join users u on u.id = c.user_id
    where tr.kind = 'wallet_transfer' and d.user_id is not null and d.user_id <> c.user_id
    order by d.user_id, c.user_id, tr.id desc`);
}

/** The checked path's save of a user transfer's recipient, in its transaction. */
export async function saveUserTransferRecipient(trx: Trx, transferId: bigint): Promise<void> {
  await userTransferRecipientUpsert(sql`(select * from ledger_transfers where id = ${transferId})`).execute(trx);
}

/**
 * The recipient of a payout, saved for its sender when the payout completes (in the transaction
 * applying the rail's outcome): an Interac e-Transfer's name and e-mail (keyed by the e-mail in
 * lower case), a NIP payout's verified holder, bank and account (keyed by bank code and number).
 */
export async function savePayoutRecipient(trx: Trx, transferId: bigint): Promise<void> {
  await upsert(sql`
    select a.user_id,
      case p.rail when 'interac' then 'interac' else 'ngn_bank' end,
      case p.rail when 'interac' then lower(p.destination) else p.bank_code || ':' || p.destination end,
      coalesce(t.metadata->>'recipient_name', p.destination),
      case p.rail when 'interac' then p.destination end,
      case p.rail when 'nip' then p.bank_code end,
      case p.rail when 'nip' then t.metadata->>'bank_name' end,
      case p.rail when 'nip' then p.destination end,
      t.created_at
    from payouts p
    join ledger_transfers t on t.id = p.transfer_id
    join ledger_accounts a on a.id = t.debit_account_id
    where p.transfer_id = ${transferId} and a.user_id is not null`).execute(trx);
}

/** A customer's recipients, newest first (at most RECIPIENTS_MAX). */
export async function recipientsOf(db: Db, userId: string): Promise<RecipientRow[]> {
  return db
    .selectFrom('recipients')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('last_used_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(RECIPIENTS_MAX)
    .execute();
}

/** One of the customer's recipients (undefined: none with this id is theirs). `id` must be a UUID. */
export async function recipientOf(db: Db | Trx, userId: string, id: string): Promise<RecipientRow | undefined> {
  return db.selectFrom('recipients').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Deletes one of the customer's recipients; false when none with this id is theirs. `id` must be a UUID. */
export async function deleteRecipientOf(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('recipients').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
