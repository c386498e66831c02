import { sql, type Kysely } from 'kysely';

const CURRENCIES = sql`('CAD', 'NGN')`;
const SYSTEM_CODES = ['deposits_clearing', 'payouts_clearing', 'fx_liquidity', 'bills_clearing', 'fees'];

/**
 * The double-entry ledger and the wallets built on it.
 *
 * Signs: an account's balance is credits minus debits. A customer wallet is what the house owes
 * its customer, so it is positive; system accounts mirror money held outside (a deposit debits
 * deposits_clearing and credits the wallet), so they usually go negative. Every transfer debits
 * one account and credits another by the same amount, so the balances of a currency sum to zero.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ${CURRENCIES}`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('customer', 'system')`))
    .addColumn('code', 'text')
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('restrict'))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    // Funds reserved by pending (two-phase) transfers debiting this account.
    .addColumn('pending_debits', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`pending_debits >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ledger_accounts_owner', sql`(kind = 'customer') = (user_id is not null) and (kind = 'system') = (code is not null)`)
    // The database itself refuses any write that would overdraw a customer wallet.
    .addCheckConstraint('ledger_accounts_customer_available', sql`kind <> 'customer' or balance - pending_debits >= 0`)
    .addUniqueConstraint('ledger_accounts_user_currency', ['user_id', 'currency'])
    .addUniqueConstraint('ledger_accounts_code_currency', ['code', 'currency'])
    .execute();
  await db
    .insertInto('ledger_accounts' as never)
    .values(SYSTEM_CODES.flatMap((code) => ['CAD', 'NGN'].map((currency) => ({ kind: 'system', code, currency }))) as never)
    .execute();

  await db.schema
    .createTable('ledger_transfers')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    // The public id of the movement (history, receipts).
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('debit_account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('credit_account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ${CURRENCIES}`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'posted', 'voided')`))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('deposit', 'withdrawal', 'wallet_transfer', 'conversion', 'bill')`),
    )
    // The other leg of a conversion.
    .addColumn('linked_id', 'bigint', (c) => c.references('ledger_transfers.id'))
    // The rail's own reference (Interac, NIP): a rail's retry can never move money twice.
    .addColumn('provider', 'text')
    .addColumn('external_ref', 'text')
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('posted_at', 'timestamptz')
    .addColumn('voided_at', 'timestamptz')
    .addCheckConstraint('ledger_transfers_two_accounts', sql`debit_account_id <> credit_account_id`)
    .addCheckConstraint('ledger_transfers_external', sql`(provider is null) = (external_ref is null)`)
    .addCheckConstraint(
      'ledger_transfers_status_times',
      sql`(status = 'posted') = (posted_at is not null) and (status = 'voided') = (voided_at is not null)`,
    )
    .addUniqueConstraint('ledger_transfers_provider_ref', ['provider', 'external_ref'])
    .execute();
  await db.schema.createIndex('ledger_transfers_debit_idx').on('ledger_transfers').columns(['debit_account_id', 'id']).execute();
  await db.schema.createIndex('ledger_transfers_credit_idx').on('ledger_transfers').columns(['credit_account_id', 'id']).execute();

  // One entry per account a posted transfer moved, with that account's balance after it.
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('transfer_id', 'bigint', (c) => c.notNull().references('ledger_transfers.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('ledger_entries_transfer_account', ['transfer_id', 'account_id'])
    .execute();
  await db.schema.createIndex('ledger_entries_account_idx').on('ledger_entries').columns(['account_id', 'id']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    // Identifies the request now running under this key; only it may record the answer.
    .addColumn('claim', 'uuid', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('in_progress', 'done')`))
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('cad_wallets')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('restrict'))
    .addColumn('deposit_email', 'text', (c) => c.notNull().unique())
    .addColumn('security_question', 'text', (c) => c.notNull())
    .addColumn('security_answer', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('naira_wallets')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('restrict'))
    .addColumn('is_wallet_activated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('bank_name', 'text')
    .addColumn('bank_code', 'text')
    .addColumn('account_name', 'text')
    .addColumn('account_number', 'text', (c) => c.unique().check(sql`account_number ~ '^[0-9]{10}$'`))
    .addColumn('tx_ref', 'text', (c) => c.unique())
    // Never the BVN/NIN themselves: a keyed hash and the last 4 digits.
    .addColumn('bvn_hash', 'text')
    .addColumn('bvn_last4', 'text')
    .addColumn('nin_hash', 'text')
    .addColumn('gender', 'text', (c) => c.check(sql`gender in ('male', 'female')`))
    .addColumn('activated_at', 'timestamptz')
    .addCheckConstraint(
      'naira_wallets_activation',
      sql`is_wallet_activated = (account_number is not null and bank_name is not null and account_name is not null and tx_ref is not null and bvn_hash is not null and activated_at is not null)`,
    )
    .execute();

  // Serial numbers of the simulated partner bank's virtual accounts (sim/partner-bank.ts).
  await sql`create sequence sim_partner_account_serial start with 100000001 maxvalue 999999999`.execute(db);
}
