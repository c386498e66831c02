import { sql, type Kysely } from 'kysely';

/**
 * Payouts to outside rails (Interac e-Transfer, NIP). Each one holds a pending ledger transfer
 * (the reserved funds) until its rail reports the outcome through the signed payout webhook.
 * `settle_after` is when the payout may next be claimed for settlement: a claim pushes it forward
 * (a lease), so a payout whose settlement was interrupted is picked up again, by any process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payouts')
    .addColumn('transfer_id', 'bigint', (c) => c.primaryKey().references('ledger_transfers.id'))
    // The transfer's public reference: what the rail is given and echoes in its webhook.
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('rail', 'text', (c) => c.notNull().check(sql`rail in ('interac', 'nip')`))
    // Interac: the recipient's e-mail; NIP: the 10-digit account number.
    .addColumn('destination', 'text', (c) => c.notNull())
    // NIP only: the recipient bank's code (bank list).
    .addColumn('bank_code', 'text')
    .addColumn('settle_after', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('outcome', 'text', (c) => c.check(sql`outcome in ('completed', 'failed')`))
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .addCheckConstraint('payouts_bank_code', sql`(rail = 'nip') = (bank_code is not null)`)
    .addCheckConstraint('payouts_settled', sql`(outcome is null) = (settled_at is null)`)
    .execute();
  // The settlement job's scan: unsettled payouts by due time.
  await db.schema
    .createIndex('payouts_due_idx')
    .on('payouts')
    .column('settle_after')
    .where(sql.ref('settled_at'), 'is', null)
    .execute();
}
