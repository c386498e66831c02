/**
 * Money arriving from outside rails: an Interac e-Transfer to a customer's deposit e-mail, or a
 * NIP credit to a customer's virtual account. Each rail reference is credited exactly once.
 */
import type { Static } from '@sinclair/typebox';
import { server } from '../../../shared/messages';
import { MAX_AMOUNT_MINOR } from '../../../shared/limits';
import type { Currency } from '../../../shared/types';
import { badRequest, notFound } from '../../lib/errors';
import { customerAccount, systemAccountId, type Trx } from '../ledger/accounts.repository';
import type { Provider, TransferMetadata } from '../ledger/ledger.tables';
import { transfer, type TransferRow } from '../ledger/ledger.service';
import { userIdByAccountNumber, userIdByDepositEmail } from '../ledger/wallets.repository';
import { notifyMoneyReceived } from '../notifications/notify';
import type { BankCredit, InteracCredit } from './deposit-webhooks.schemas';

interface Deposit {
  userId: string;
  currency: Currency;
  amountMinor: string;
  provider: Provider;
  reference: string;
  metadata: TransferMetadata;
}

function depositAmount(amountMinor: string): bigint {
  const amount = BigInt(amountMinor);
  if (amount <= 0n) throw badRequest(server.amountNotPositive);
  if (amount > MAX_AMOUNT_MINOR) throw badRequest(server.amountTooLarge);
  return amount;
}

/**
 * Deposits clearing (money now held at the rail) → the customer's wallet, and the customer's
 * 'money received' e-mail recorded with it (once per transfer: a replay records nothing).
 */
async function creditDeposit(trx: Trx, deposit: Deposit): Promise<TransferRow> {
  const amount = depositAmount(deposit.amountMinor);
  const wallet = await customerAccount(trx, deposit.userId, deposit.currency);
  const row = await transfer(trx, {
    debit: await systemAccountId(trx, 'deposits_clearing', deposit.currency),
    credit: wallet.id,
    amount,
    currency: deposit.currency,
    kind: 'deposit',
    metadata: deposit.metadata,
    external: { provider: deposit.provider, ref: deposit.reference },
  });
  await notifyMoneyReceived(trx, row.id);
  return row;
}

export async function receiveInteracCredit(trx: Trx, credit: Static<typeof InteracCredit>): Promise<TransferRow> {
  const userId = await userIdByDepositEmail(trx, credit.deposit_email);
  if (!userId) throw notFound('Unknown deposit e-mail');
  return creditDeposit(trx, {
    userId,
    currency: 'CAD',
    amountMinor: credit.amount_minor,
    provider: 'interac',
    reference: credit.reference,
    metadata: { sender_name: credit.sender_name, description: 'Interac e-Transfer' },
  });
}

export async function receiveBankCredit(trx: Trx, credit: Static<typeof BankCredit>): Promise<TransferRow> {
  const userId = await userIdByAccountNumber(trx, credit.account_number);
  if (!userId) throw notFound('Unknown account number');
  return creditDeposit(trx, {
    userId,
    currency: 'NGN',
    amountMinor: credit.amount_minor,
    provider: 'nip',
    reference: credit.reference,
    metadata: {
      sender_name: credit.sender_name,
      bank_name: credit.sender_bank,
      account_number: credit.sender_account_number,
      description: credit.narration || 'Bank transfer',
    },
  });
}
