import { createHmac } from 'node:crypto';
import { nairaWallet as nairaMessages, server } from '../../../shared/messages';
import { DEFAULT_GENDER } from '../../../shared/limits';
import { minorToMajor } from '../../../shared/money';
import type { CadWallet, NairaWallet, Req } from '../../../shared/types';
import { isBvn, isNin } from '../../../shared/validation';
import type { PartnerBank } from '../../adapters/types';
import type { Db } from '../../db/database';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { available, type Trx } from '../ledger/accounts.repository';
import { findCadWallet, findNairaWallet, holderName, lockNairaWallet, updateNairaWallet } from '../ledger/wallets.repository';

const INVALID_NIN = 'Please enter a valid NIN: digits only, at most 11';
const walletMissing = () => notFound(server.notFound);

/** Balances shown to the customer are what they can spend: reserved payout funds are excluded. */
export async function cadWalletView(db: Db, userId: string): Promise<CadWallet> {
  const wallet = await findCadWallet(db, userId);
  if (!wallet) throw walletMissing();
  return {
    balance: minorToMajor(available(wallet)),
    email: wallet.deposit_email,
    security_question: wallet.security_question,
    security_answer: wallet.security_answer,
  };
}

export async function nairaWalletView(db: Db, userId: string): Promise<NairaWallet> {
  const wallet = await findNairaWallet(db, userId);
  if (!wallet) throw walletMissing();
  return {
    balance: minorToMajor(available(wallet)),
    is_wallet_activated: wallet.is_wallet_activated,
    bank_name: wallet.bank_name,
    account_name: wallet.account_name,
    account_number: wallet.account_number,
    tx_ref: wallet.tx_ref,
  };
}

/** BVN and NIN are kept only as a keyed hash bound to the customer (and the BVN's last 4 digits). */
const identityHash = (secret: string, kind: 'bvn' | 'nin', userId: string, value: string) =>
  createHmac('sha256', secret).update(`${kind}:${userId}:${value}`).digest('base64url');

/**
 * Activates the naira wallet: opens a virtual account at the partner bank in the customer's
 * name. The wallet row is locked, so two activations at once open one account.
 */
export async function activateNairaWallet(
  trx: Trx,
  deps: { partnerBank: PartnerBank; secret: string },
  userId: string,
  body: Req<'activateNairaWallet'>,
): Promise<void> {
  if (!isBvn(body.bvn)) throw badRequest(nairaMessages.invalidBvn);
  if (!isNin(body.NIN)) throw badRequest(INVALID_NIN);
  const wallet = await lockNairaWallet(trx, userId);
  if (!wallet) throw walletMissing();
  if (wallet.is_wallet_activated) throw conflict(server.walletAlreadyActivated);
  const accountName = await holderName(trx, userId);
  const account = await deps.partnerBank.openVirtualAccount(trx, { userId, accountName });
  await updateNairaWallet(trx, userId, {
    is_wallet_activated: true,
    bank_name: account.bankName,
    bank_code: account.bankCode,
    account_name: account.accountName,
    account_number: account.accountNumber,
    tx_ref: account.reference,
    bvn_hash: identityHash(deps.secret, 'bvn', userId, body.bvn),
    bvn_last4: body.bvn.slice(-4),
    nin_hash: body.NIN ? identityHash(deps.secret, 'nin', userId, body.NIN) : null,
    gender: body.gender ?? DEFAULT_GENDER,
    activated_at: new Date(),
  });
}
