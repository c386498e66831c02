import { sql, type Kysely } from 'kysely';

/**
 * A transfer's whole life (spec-next §C):
 * - `payouts.outcome` may be 'cancelled' (the customer cancelled it in its hold, before it was
 *   handed to the rail; refunded like a failed one);
 * - `payouts.handed_at`: when Kudi handed the payout to its rail (after PAYOUT_HOLD_S); until
 *   then it may be cancelled. A cancelled payout was never handed over;
 * - `payout_events`: the timeline of each payout (created, sent, completed, failed, cancelled,
 *   refunded), each row written in the same transaction as the change it records. Append-only:
 *   a trigger refuses UPDATE, DELETE and TRUNCATE.
 * Payouts made before this migration were with their rail from the start (handed_at = created_at);
 * their timelines are written from what the rows say.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table payouts
      drop constraint payouts_outcome_check,
      add constraint payouts_outcome_check check (outcome in ('completed', 'failed', 'cancelled')),
      add column handed_at timestamptz`.execute(db);
  await sql`update payouts set handed_at = created_at`.execute(db);
  await sql`alter table payouts add constraint payouts_cancelled_in_hold check (outcome is distinct from 'cancelled' or handed_at is null)`.execute(db);

  await db.schema
    .createTable('payout_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('transfer_id', 'bigint', (c) => c.notNull().references('payouts.transfer_id'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('created', 'sent', 'completed', 'failed', 'cancelled', 'refunded')`),
    )
    .addColumn('note', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('payout_events_transfer_idx').on('payout_events').columns(['transfer_id', 'id']).execute();

  await sql`
    create function kudi_payout_events_append_only() returns trigger
    language plpgsql as $$
    begin
      raise exception 'payout_events is append-only (% refused)', tg_op;
    end
    $$`.execute(db);
  await sql`
    create trigger payout_events_append_only before update or delete on payout_events
    for each row execute function kudi_payout_events_append_only()`.execute(db);
  await sql`
    create trigger payout_events_no_truncate before truncate on payout_events
    for each statement execute function kudi_payout_events_append_only()`.execute(db);

  // The timelines of the payouts made before: created and sent at creation, then the outcome.
  await sql`
    insert into payout_events (transfer_id, status, note, at)
    select transfer_id, e.status, e.note, e.at
    from payouts p
    cross join lateral (values
      (1, 'created', null, p.created_at),
      (2, 'sent', case when p.rail = 'nip' then 'Sent to the bank' else 'Sent by Interac e-Transfer' end, p.created_at),
      (3, p.outcome, p.failure_reason, p.settled_at),
      (4, case when p.outcome = 'failed' then 'refunded' end, 'Refunded to your wallet', p.settled_at)
    ) as e(n, status, note, at)
    where e.status is not null
    order by p.transfer_id, e.n`.execute(db);
}
