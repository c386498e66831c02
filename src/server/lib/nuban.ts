/**
 * Nigeria Uniform Bank Account Number (CBN NUBAN): a 9-digit serial and a check digit computed
 * over the bank code and the serial with the weights 3, 7, 3, 3, 7, 3… Deposit money banks have
 * 3-digit codes; other institutions (microfinance banks…) 6-digit ones. A 3-digit code is read
 * as '000' + code, which gives the same digit as the original 12-digit rule.
 */
const WEIGHTS = [3, 7, 3];
const BANK_CODE = /^(\d{3}|\d{6})$/;
const SERIAL = /^\d{9}$/;

export function nubanCheckDigit(bankCode: string, serial: string): number {
  if (!BANK_CODE.test(bankCode)) throw new RangeError(`A bank code has 3 or 6 digits, got "${bankCode}"`);
  if (!SERIAL.test(serial)) throw new RangeError(`A NUBAN serial has 9 digits, got "${serial}"`);
  const digits = `${bankCode.padStart(6, '0')}${serial}`;
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * WEIGHTS[i % 3], 0);
  return (10 - (sum % 10)) % 10;
}

/** The 10-digit account number of a serial at a bank. */
export const nuban = (bankCode: string, serial: string): string => `${serial}${nubanCheckDigit(bankCode, serial)}`;

export const isValidNuban = (bankCode: string, accountNumber: string): boolean =>
  /^\d{10}$/.test(accountNumber) && nuban(bankCode, accountNumber.slice(0, 9)) === accountNumber;
