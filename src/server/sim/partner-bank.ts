import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { nuban } from '../lib/nuban';
import type { PartnerBank } from '../adapters/types';
import type { Trx } from '../modules/ledger/accounts.repository';

/** The simulated partner bank: a fictitious microfinance bank with a 6-digit NIBSS code. */
export const SIM_PARTNER_BANK = { name: 'Kudi Partner Microfinance Bank', code: '090999' } as const;

/** 9-digit NUBAN serials without a leading zero. */
const SERIAL_MIN = 100_000_000;
const SERIAL_END = 1_000_000_000;
/** Payouts to numbers ending in 0000 fail at the simulated rail (payout-rail.ts): never issue one. */
const RESERVED_ENDING = /0000$/;
/** Advisory-lock class of a candidate account number (with the serial as the object id). */
const ACCOUNT_LOCK_CLASS = 90999;
const MAX_TRIES = 20;

/**
 * A random unused account number. Numbers are drawn at random, not counted up, so knowing one
 * customer's number says nothing about another's (name enquiry cannot list customers). A
 * candidate is locked for the rest of the transaction before it is checked, so two activations
 * at once never take the same one (the unique index backs this up).
 */
async function unusedAccountNumber(trx: Trx): Promise<string> {
  for (let attempt = 0; attempt < MAX_TRIES; attempt += 1) {
    const serial = randomInt(SERIAL_MIN, SERIAL_END);
    const accountNumber = nuban(SIM_PARTNER_BANK.code, String(serial));
    if (RESERVED_ENDING.test(accountNumber)) continue;
    await sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK_CLASS}::int, ${serial}::int)`.execute(trx);
    const taken = await trx.selectFrom('naira_wallets').select('user_id').where('account_number', '=', accountNumber).executeTakeFirst();
    if (!taken) return accountNumber;
  }
  throw new Error('No unused virtual account number found');
}

/** Opens accounts with random, unique numbers (valid NUBANs of the partner bank). */
export const simulatedPartnerBank: PartnerBank = {
  async openVirtualAccount(trx, holder) {
    return {
      bankName: SIM_PARTNER_BANK.name,
      bankCode: SIM_PARTNER_BANK.code,
      accountNumber: await unusedAccountNumber(trx),
      accountName: holder.accountName,
      reference: `KPMFB-${randomBytes(6).toString('hex').toUpperCase()}`,
    };
  },
};
