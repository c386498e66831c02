/**
 * NIP name enquiry: who holds an account number at a bank. Kudi's own virtual accounts resolve
 * to their owners; accounts at other banks come from a seeded directory (data/name-directory.json),
 * as there is no live NIP connection yet.
 */
import { answers, server } from '../../../shared/messages';
import type { NameInquiry, Params, Query } from '../../../shared/types';
import { isNgnAccountNumber } from '../../../shared/validation';
import directory from '../../data/name-directory.json';
import type { Db } from '../../db/database';
import { maskAccountNumber } from '../../lib/account-number';
import { badRequest } from '../../lib/errors';
import type { Trx } from '../ledger/accounts.repository';
import { bankByNibssCode, isAccountNumberOf, isPartnerBank, type BankRecord } from './banks';
import { virtualAccountName } from './customers.repository';
import { savedBankAccount } from '../recipients/recipients.service';
import { allowNameLookup, nameLookupRule } from './sender.service';

interface DirectoryEntry {
  bankCode: string;
  accountNumber: string;
  accountName: string;
}

const DIRECTORY: readonly DirectoryEntry[] = directory;

export const UNKNOWN_BANK = 'Please choose a bank from the list';
export const ACCOUNT_NUMBER_DIGITS = 'Account number must be 10 digits';
const SENDER_ACCOUNT_DIGITS = 'Sender account number must be 10 digits';

/** Name inquiries, counted per signed-in customer like the recipient check. */
export const nameInquiries = nameLookupRule('name-inquiry:user', server.nameInquiriesThrottled);

/**
 * NIP response codes, the spec's contract (code '00' means success): '07' a number the bank could
 * not have issued (its check digit is wrong for the bank), '25' an account the bank does not know.
 * The message says which; the app shows it under the account number.
 */
const notFound = (code: '07' | '25', message: string): NameInquiry => ({ success: false, code, customer: null, message, data: null });

/** The holder's name of an account at a bank, or undefined when the bank has no such account. */
export async function accountHolderName(db: Db | Trx, bank: BankRecord, accountNumber: string): Promise<string | undefined> {
  if (isPartnerBank(bank)) return virtualAccountName(db, accountNumber);
  return DIRECTORY.find((entry) => entry.bankCode === bank.bankCode && entry.accountNumber === accountNumber)?.accountName;
}

/**
 * GET /wallet/get_name_inquiry/…: only a customer who may send asks, a limited number of times
 * (allowNameLookup: 403, 429); malformed parameters are refused (400) and not counted; an account the bank could
 * not have issued or does not know answers 200 with a non-'00' code and a message saying which.
 * With `recipient_id` (spec-next §E) the check runs on that saved recipient's account, which the
 * path names by its masked (or full) number and bank (recipients.service savedBankAccount: 404,
 * 400); the answer shows the number masked.
 */
export async function nameInquiry(db: Db, userId: string, params: Params<'nameInquiry'>, query: Query<'nameInquiry'> = {}): Promise<NameInquiry> {
  const recipientId = query?.recipient_id;
  const bank = await allowNameLookup(db, userId, nameInquiries, () => {
    const named = bankByNibssCode(params.nibssBankCode);
    if (!named) throw badRequest(UNKNOWN_BANK);
    // A saved recipient's account is named by its masked number; it is read once counted.
    if (!recipientId && !isNgnAccountNumber(params.accountNumber)) throw badRequest(ACCOUNT_NUMBER_DIGITS);
    if (!isNgnAccountNumber(params.senderAccountNumber)) throw badRequest(SENDER_ACCOUNT_DIGITS);
    return named;
  });
  const saved = recipientId
    ? await savedBankAccount(db, userId, recipientId, { accountNumber: params.accountNumber, bankCode: bank.bankCode })
    : null;
  const accountNumber = saved?.accountNumber ?? params.accountNumber;
  if (!isNgnAccountNumber(accountNumber)) throw badRequest(ACCOUNT_NUMBER_DIGITS);
  if (!isAccountNumberOf(bank, accountNumber)) return notFound('07', server.invalidAccountNumber);
  const name = await accountHolderName(db, bank, accountNumber);
  if (!name) return notFound('25', server.accountNotFound);
  const number = saved ? (maskAccountNumber(accountNumber) ?? '') : accountNumber;
  const customer = { account: { name, number } };
  return { success: true, code: '00', customer, message: answers.accountFound, data: customer };
}
