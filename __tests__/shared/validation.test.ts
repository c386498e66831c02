import {
  ageOn,
  billDescriptionOk,
  digitsOnly,
  isAtLeast18,
  isBvn,
  isEmail,
  isFourDigitPin,
  isNgnAccountNumber,
  isNin,
  isSixDigitCode,
  isStrongPassword,
  latestAllowedDob,
  parseServerDate,
  passwordChecks,
  toServerDate,
  validateAmount,
} from '../../src/shared/validation';

describe('password rule: 8+ characters, one uppercase, one of !@#$%^&*', () => {
  it('reports each checklist item', () => {
    expect(passwordChecks('abc')).toEqual({ length: false, uppercase: false, special: false });
    expect(passwordChecks('abcdefgH')).toEqual({ length: true, uppercase: true, special: false });
    expect(passwordChecks('abcdefg^')).toEqual({ length: true, uppercase: false, special: true });
  });

  it.each(['Password!', 'ABCDEFG*', 'xxxxxxX&', 'Aaaaaaa^'])('accepts %p', (pw) => expect(isStrongPassword(pw)).toBe(true));
  it.each(['Passw!', 'password!', 'Password1', 'Password-', 'Password?'])('refuses %p', (pw) =>
    expect(isStrongPassword(pw)).toBe(false),
  );
});

describe('codes and numbers', () => {
  it('6-digit codes', () => {
    expect(isSixDigitCode('012345')).toBe(true);
    expect(isSixDigitCode('12345')).toBe(false);
    expect(isSixDigitCode('1234567')).toBe(false);
    expect(isSixDigitCode('12345a')).toBe(false);
  });

  it('4-digit PINs', () => {
    expect(isFourDigitPin('0000')).toBe(true);
    expect(isFourDigitPin('123')).toBe(false);
    expect(isFourDigitPin('12 4')).toBe(false);
    expect(isFourDigitPin('١٢٣٤')).toBe(false);
  });

  it('BVN is exactly 11 digits; NIN is optional and digits only, at most 11', () => {
    expect(isBvn('12345678901')).toBe(true);
    expect(isBvn('1234567890')).toBe(false);
    expect(isNin('')).toBe(true);
    expect(isNin(undefined)).toBe(true);
    expect(isNin('12345678901')).toBe(true);
    expect(isNin('1234a678901')).toBe(false);
    expect(isNin('123')).toBe(true);
    expect(isNin('123456789012')).toBe(false);
    expect(isNin(' 123')).toBe(false);
  });

  it('NGN account numbers have 10 digits', () => {
    expect(isNgnAccountNumber('0123456789')).toBe(true);
    expect(isNgnAccountNumber('012345678')).toBe(false);
  });

  it('digitsOnly strips and caps', () => {
    expect(digitsOnly('+1 (234) 567-89')).toBe('123456789');
    expect(digitsOnly('123-456-789-012-3', 11)).toBe('12345678901');
  });

  it('emails need a local part, a domain and a dot', () => {
    expect(isEmail('a+b@x.com')).toBe(true);
    expect(isEmail('a@x')).toBe(false);
    expect(isEmail('a b@x.com')).toBe(false);
    expect(isEmail(`${'a'.repeat(250)}@x.com`)).toBe(false);
  });

  it('bill description has 5 to 20 characters', () => {
    expect(billDescriptionOk('Fees')).toBe(false);
    expect(billDescriptionOk('Fees!')).toBe(true);
    expect(billDescriptionOk('x'.repeat(20))).toBe(true);
    expect(billDescriptionOk('x'.repeat(21))).toBe(false);
    expect(billDescriptionOk('  abcd  ')).toBe(false);
    // Characters as a reader counts them: an emoji (two UTF-16 units), an accented letter written
    // as a letter and a combining mark, a thumbs-up with its skin tone: one each.
    expect(billDescriptionOk('😀😀😀')).toBe(false);
    expect(billDescriptionOk('😀'.repeat(5))).toBe(true);
    expect(billDescriptionOk('😀'.repeat(20))).toBe(true);
    expect(billDescriptionOk('😀'.repeat(21))).toBe(false);
    expect(billDescriptionOk('Ọ́'.repeat(20))).toBe(true);
    expect(billDescriptionOk('👍🏽'.repeat(20))).toBe(true);
    expect(billDescriptionOk('👍🏽'.repeat(4))).toBe(false);
  });
});

describe('validateAmount answers the message to show', () => {
  it('accepts a valid amount', () => expect(validateAmount('10.50')).toEqual({ ok: true, minor: 1050n }));
  it.each([
    ['abc', 'Please enter a valid amount'],
    ['1e3', 'Please enter a valid amount'],
    ['0', 'Please enter an amount greater than 0'],
    [-3, 'Please enter an amount greater than 0'],
    ['1.234', 'Amount can have at most 2 decimal places'],
    ['1000000000.01', 'Amount cannot be more than 1,000,000,000.00'],
  ])('%p → %p', (input, message) => expect(validateAmount(input)).toEqual({ ok: false, message }));
  it('accepts the largest amount', () => expect(validateAmount('1000000000')).toEqual({ ok: true, minor: 100_000_000_000n }));
});

describe('age', () => {
  const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);

  it('counts completed years', () => {
    expect(ageOn(day(2000, 6, 15), day(2018, 6, 14))).toBe(17);
    expect(ageOn(day(2000, 6, 15), day(2018, 6, 15))).toBe(18);
    expect(ageOn(day(2000, 2, 29), day(2018, 2, 28))).toBe(17);
    expect(ageOn(day(2000, 2, 29), day(2018, 3, 1))).toBe(18);
  });

  it('requires 18 years', () => {
    expect(isAtLeast18(day(2000, 6, 15), day(2018, 6, 14))).toBe(false);
    expect(isAtLeast18(day(2000, 6, 15), day(2018, 6, 15))).toBe(true);
  });

  it('the date picker maximum is 18 years ago today, and is itself allowed', () => {
    expect(latestAllowedDob(day(2025, 3, 10))).toEqual(day(2007, 3, 10));
    expect(latestAllowedDob(day(2024, 2, 29))).toEqual(day(2006, 2, 28));
    for (const today of [day(2025, 3, 10), day(2024, 2, 29), day(2025, 12, 31)]) {
      const latest = latestAllowedDob(today);
      expect(isAtLeast18(latest, today)).toBe(true);
      expect(isAtLeast18(new Date(latest.getFullYear(), latest.getMonth(), latest.getDate() + 1), today)).toBe(false);
    }
  });
});

describe('server dates are dd/MM/yyyy', () => {
  it('writes them from a Date or a YYYY-MM-DD string', () => {
    expect(toServerDate(new Date(2000, 0, 5))).toBe('05/01/2000');
    expect(toServerDate('1999-12-31')).toBe('31/12/1999');
    expect(() => toServerDate('2000-02-31')).toThrow(RangeError);
    expect(() => toServerDate('31/12/1999')).toThrow(RangeError);
  });

  it('reads them back, refusing impossible dates', () => {
    expect(parseServerDate('05/01/2000')).toEqual(new Date(2000, 0, 5));
    expect(parseServerDate('29/02/2000')).toEqual(new Date(2000, 1, 29));
    expect(parseServerDate('29/02/1900')).toBeNull();
    expect(parseServerDate('31/02/2000')).toBeNull();
    expect(parseServerDate('00/01/2000')).toBeNull();
    expect(parseServerDate('01/13/2000')).toBeNull();
    expect(parseServerDate('1/1/2000')).toBeNull();
    expect(parseServerDate('2000-01-01')).toBeNull();
  });

  it('round-trips', () => {
    expect(toServerDate(parseServerDate('07/08/0050') as Date)).toBe('07/08/0050');
  });
});
