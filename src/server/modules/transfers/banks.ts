/**
 * Nigerian banks a customer can send naira to (data/ngn-banks.json, sources in data/README.md)
 * and the partner bank that issues Kudi's virtual accounts, so customers can pay each other's.
 */
import type { Bank } from '../../../shared/types';
import { isNgnAccountNumber } from '../../../shared/validation';
import bankData from '../../data/ngn-banks.json';
import { isValidNuban } from '../../lib/nuban';
import { SIM_PARTNER_BANK } from '../../sim/partner-bank';

export interface BankRecord extends Bank {
  category: string;
  /** Account numbers are the holder's phone number: there is no NUBAN check digit. */
  phoneAccounts?: boolean;
}

const NIGERIAN_BANKS: readonly BankRecord[] = bankData;

/** There is no live partner bank yet: Kudi's virtual accounts are the simulator's. */
const PARTNER_BANK: BankRecord = {
  bankName: SIM_PARTNER_BANK.name,
  bankCode: SIM_PARTNER_BANK.code,
  nibssBankCode: SIM_PARTNER_BANK.code,
  category: 'microfinance',
};

const BANKS: readonly BankRecord[] = [...NIGERIAN_BANKS, PARTNER_BANK].sort((a, b) => a.bankName.localeCompare(b.bankName));

/** The list the app shows (spec §3 bank list entry), by name. */
export const bankList = (): Bank[] => BANKS.map(({ bankName, bankCode, nibssBankCode }) => ({ bankName, bankCode, nibssBankCode }));

export const bankByCode = (bankCode: string): BankRecord | undefined => BANKS.find((bank) => bank.bankCode === bankCode);

export const bankByNibssCode = (nibssBankCode: string): BankRecord | undefined =>
  BANKS.find((bank) => bank.nibssBankCode === nibssBankCode);

/**
 * The bank a payout names by either of its list codes: its bankCode or its nibssBankCode (name
 * inquiry uses the NIBSS code, so a client may send either). No code of one bank is a code of
 * another (the bank list test checks it).
 */
export const bankByEitherCode = (code: string): BankRecord | undefined => bankByCode(code) ?? bankByNibssCode(code);

export const isPartnerBank = (bank: BankRecord): boolean => bank.bankCode === PARTNER_BANK.bankCode;

/** NUBAN's bank code: 3- and 6-digit codes as they are; a 5-digit CBN code of an OFI takes a leading 9 (CBN, 2020). */
const nubanBankCode = (bankCode: string): string => (bankCode.length === 5 ? `9${bankCode}` : bankCode);

/** A 10-digit account number this bank could have issued (its NUBAN check digit is right). */
export function isAccountNumberOf(bank: BankRecord, accountNumber: string): boolean {
  if (!isNgnAccountNumber(accountNumber)) return false;
  return bank.phoneAccounts === true || isValidNuban(nubanBankCode(bank.bankCode), accountNumber);
}
