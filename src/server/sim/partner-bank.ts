import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { nuban } from '../lib/nuban';
import type { PartnerBank } from '../modules/wallet/partner-bank';

/** The simulated partner bank: a fictitious microfinance bank with a 6-digit NIBSS code. */
export const SIM_PARTNER_BANK = { name: 'Kudi Partner Microfinance Bank', code: '090999' } as const;

/** Opens accounts numbered from a database sequence, so they are unique across API processes. */
export const simulatedPartnerBank: PartnerBank = {
  async openVirtualAccount(trx, holder) {
    const { rows } = await sql<{ serial: string }>`select nextval('sim_partner_account_serial')::text as serial`.execute(trx);
    return {
      bankName: SIM_PARTNER_BANK.name,
      bankCode: SIM_PARTNER_BANK.code,
      accountNumber: nuban(SIM_PARTNER_BANK.code, rows[0].serial.padStart(9, '0')),
      accountName: holder.accountName,
      reference: `KPMFB-${randomBytes(6).toString('hex').toUpperCase()}`,
    };
  },
};
