import { sql, type Kysely } from 'kysely';

/**
 * A transfer moves money between two accounts of ITS currency, and the database now refuses any
 * other: each account is known by (id, currency), and a transfer's debit and credit accounts are
 * foreign keys over (account id, the transfer's currency). A CAD transfer against an NGN account
 * fails with a foreign-key violation, whichever code writes it. The composite keys replace the
 * single-column ones (they also require the account to exist), so a transfer's insert checks two
 * keys, as before. Existing rows are checked when the keys are added: a mismatch stops the migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ledger_accounts').addUniqueConstraint('ledger_accounts_id_currency', ['id', 'currency']).execute();
  await sql`
    alter table ledger_transfers
      drop constraint ledger_transfers_debit_account_id_fkey,
      drop constraint ledger_transfers_credit_account_id_fkey,
      add constraint ledger_transfers_debit_account_currency_fkey
        foreign key (debit_account_id, currency) references ledger_accounts (id, currency),
      add constraint ledger_transfers_credit_account_currency_fkey
        foreign key (credit_account_id, currency) references ledger_accounts (id, currency)`.execute(db);
}
