import { sql, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import type { TransactionType } from '../../../shared/types';
import type { Db } from '../../db/database';
import type { Trx } from './accounts.repository';
import type { PayoutOutcome, PayoutRail } from '../transfers/transfers.tables';
import type { LedgerTransfersTable, Provider, TransferMetadata } from './ledger.tables';

export type TransferRow = Selectable<LedgerTransfersTable>;
export type NewTransfer = Omit<Insertable<LedgerTransfersTable>, 'metadata' | 'status' | 'posted_at' | 'voided_at'> & {
  status: 'pending' | 'posted';
  metadata: TransferMetadata;
};

export async function insertTransfer(trx: Trx, values: NewTransfer): Promise<TransferRow> {
  return trx
    .insertInto('ledger_transfers')
    .values({
      ...values,
      metadata: JSON.stringify(values.metadata),
      posted_at: values.status === 'posted' ? sql<Date>`now()` : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The money of transfers moving, as SQL common table expressions (`mv`, `m`, `e`): for each row
 * of `transfers` (a relation with the columns id, debit_account_id, credit_account_id, amount and
 * released), the debit account's balance goes down by the amount (and its reservation by
 * `released`, when the transfer had reserved it) and the credit account's goes up; each entry is
 * written with its account's balance after it, as if the transfers had moved one by one in the
 * order of their ids, debit first (as the order of the entries' ids). An account in several
 * transfers is updated once, by their sum.
 */
export function movements(transfers: RawBuilder<unknown>) {
  // One update for all accounts (one result relation: its check constraints are read once per
  // statement, not once per account).
  return sql`
    mv as (
      select x.id as transfer_id, x.debit_account_id as id, -x.amount as delta, x.released from ${transfers} x
      union all
      select x.id, x.credit_account_id, x.amount, 0::bigint from ${transfers} x
    ),
    m as (
      update ledger_accounts a set balance = a.balance + s.delta, pending_debits = a.pending_debits - s.released
      from (select id, sum(delta)::bigint as delta, sum(released)::bigint as released from mv group by id) s
      where a.id = s.id
      returning a.id, a.balance
    ),
    e as (
      insert into ledger_entries (transfer_id, account_id, amount, balance_after)
      -- The balance after each entry: the account's final balance less the entries after it.
      select mv.transfer_id, mv.id, mv.delta,
        m.balance - coalesce(sum(mv.delta) over (partition by mv.id order by mv.transfer_id rows between 1 following and unbounded following), 0)::bigint
      from mv join m using (id)
      order by mv.transfer_id, mv.delta
      returning id
    )`;
}

/**
 * One transfer's money moving (movements, for one transfer): `debit`, `credit` and `transferId`
 * are values or SQL naming them (e.g. a column of an earlier CTE).
 */
export function movement(
  amount: bigint,
  debit: bigint | RawBuilder<unknown>,
  credit: bigint | RawBuilder<unknown>,
  releasesReservation: boolean,
  transferId: RawBuilder<unknown>,
) {
  const released = releasesReservation ? amount : 0n;
  return movements(sql`(select ${transferId}::bigint as id, ${debit}::bigint as debit_account_id, ${credit}::bigint as credit_account_id,
    ${amount}::bigint as amount, ${released}::bigint as released)`);
}

/**
 * Records a posted transfer and moves its money in ONE statement: the transfer row, both
 * balances and both entries (each with its account's balance after it). The caller holds the
 * locks of both accounts.
 */
export async function insertPostedTransfer(trx: Trx, values: Omit<NewTransfer, 'status'>): Promise<TransferRow> {
  const result = await sql<TransferRow>`
    with t as (
      insert into ledger_transfers
        (reference, debit_account_id, credit_account_id, amount, currency, kind, status, linked_id, provider, external_ref, metadata, posted_at)
      values (
        ${values.reference}, ${values.debit_account_id}, ${values.credit_account_id}, ${values.amount}, ${values.currency}, ${values.kind},
        'posted', ${values.linked_id ?? null}, ${values.provider ?? null}, ${values.external_ref ?? null}, ${JSON.stringify(values.metadata)}, now()
      )
      returning *
    ),
    ${movement(values.amount, values.debit_account_id, values.credit_account_id, false, sql`(select id from t)`)}
    select * from t`.execute(trx);
  const row = result.rows[0];
  if (!row) throw new Error('The posted transfer was not recorded');
  return row;
}

/** Moves the money of a recorded (pending) transfer in one statement: both balances and both entries. */
export async function postMovement(trx: Trx, row: Pick<TransferRow, 'id' | 'amount' | 'debit_account_id' | 'credit_account_id'>, releasesReservation: boolean): Promise<void> {
  await sql`
    with ${movement(row.amount, row.debit_account_id, row.credit_account_id, releasesReservation, sql`${row.id}::bigint`)}
    select 1`.execute(trx);
}

export async function findByExternalRef(trx: Trx, provider: Provider, externalRef: string): Promise<TransferRow | undefined> {
  return trx
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('provider', '=', provider)
    .where('external_ref', '=', externalRef)
    .executeTakeFirst();
}

export async function lockTransfer(trx: Trx, id: bigint): Promise<TransferRow | undefined> {
  return trx.selectFrom('ledger_transfers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The pending fee transfers of a transfer (kind 'fee', linked to it), in id order. */
export async function pendingFeesOf(trx: Trx, id: bigint): Promise<bigint[]> {
  const rows = await trx
    .selectFrom('ledger_transfers')
    .select('id')
    .where('linked_id', '=', id)
    .where('kind', '=', 'fee')
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function settleTransfer(trx: Trx, id: bigint, status: 'posted' | 'voided'): Promise<TransferRow> {
  return trx
    .updateTable('ledger_transfers')
    .set(status === 'posted' ? { status, posted_at: sql<Date>`now()` } : { status, voided_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The payout a history line belongs to: its own, or the one its fee is the fee of (none: nulls). */
export interface HistoryPayoutColumns {
  payout_id: bigint | null;
  payout_outcome: PayoutOutcome | null;
  payout_handed_at: Date | null;
  payout_rail: PayoutRail | null;
  payout_destination: string | null;
}

export type HistoryRow = TransferRow & HistoryPayoutColumns & { transaction_type: TransactionType };

/**
 * The transfers of a customer account as history lines: each with its history type, decided here
 * once so that the filter and the rows agree (user-to-user transfers are WALLET TRANSACTION;
 * otherwise money in is a DEPOSIT and money out a WITHDRAWAL, so a conversion is a WITHDRAWAL of
 * the source currency and a DEPOSIT of the target one), and its payout: the transfer's own, or for
 * a fee the transfer it is the fee of. `rows` takes the chosen transfers (`base`: the account's; or
 * `transfers` narrowed to ids known to be the account's); the payouts are joined to those only, by
 * their primary key, so a page costs a few index look-ups whatever the number of payouts.
 * ledger/history.repository.ts chooses a page's lines by the same types (its index branches).
 */
function historyLines(db: Db | Trx, accountId: bigint) {
  const transactionType = sql<TransactionType>`case
    when t.kind = 'wallet_transfer' then 'WALLET TRANSACTION'
    when t.credit_account_id = ${accountId} then 'DEPOSIT'
    else 'WITHDRAWAL' end`;
  const transfers = db.selectFrom('ledger_transfers as t');
  const base = transfers.where((eb) => eb.or([eb('t.debit_account_id', '=', accountId), eb('t.credit_account_id', '=', accountId)]));
  const rows = (picked: typeof base) =>
    db
      .selectFrom(picked.selectAll('t').select(transactionType.as('transaction_type')).as('t'))
      .leftJoin('payouts as p', (join) => join.onRef('p.transfer_id', '=', sql<bigint>`case when t.kind = 'fee' then t.linked_id else t.id end`))
      .selectAll('t')
      .select([
        'p.transfer_id as payout_id',
        'p.outcome as payout_outcome',
        'p.handed_at as payout_handed_at',
        'p.rail as payout_rail',
        'p.destination as payout_destination',
      ]);
  return { base, transfers, rows };
}

/**
 * The history lines of a customer account among the transfers whose ids `ids` selects (SQL of
 * ids of this account's transfers only), newest first: each read by its primary key.
 */
export async function historyLinesAmong(db: Db | Trx, accountId: bigint, ids: RawBuilder<unknown>): Promise<HistoryRow[]> {
  const lines = historyLines(db, accountId);
  return lines.rows(lines.transfers.where(sql<boolean>`t.id in (${ids})`)).orderBy('t.id', 'desc').execute();
}

/** One transfer of a customer account as its history line (undefined: not a transfer of this account). */
export async function accountHistoryLine(db: Db | Trx, accountId: bigint, reference: string): Promise<HistoryRow | undefined> {
  const lines = historyLines(db, accountId);
  return lines.rows(lines.base.where('t.reference', '=', reference)).executeTakeFirst();
}

/** The customer's account a transfer with this reference moves money in or out of (undefined: none of theirs). */
export async function customerAccountOf(db: Db | Trx, userId: string, reference: string): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as a', (join) =>
      join.on((eb) => eb.or([eb('a.id', '=', eb.ref('t.debit_account_id')), eb('a.id', '=', eb.ref('t.credit_account_id'))])),
    )
    .select('a.id')
    .where('t.reference', '=', reference)
    .where('a.user_id', '=', userId)
    .executeTakeFirst();
  return row?.id;
}
