import { isValidNuban, nuban, nubanCheckDigit } from '../../../src/server/lib/nuban';

describe('NUBAN check digit (CBN algorithm)', () => {
  it('matches the CBN examples for First Bank (011)', () => {
    expect(nubanCheckDigit('011', '000001457')).toBe(9);
    expect(nuban('011', '000001457')).toBe('0000014579');
    expect(nubanCheckDigit('011', '000000022')).toBe(0);
  });

  it('weights a 6-digit institution code over all 15 digits', () => {
    // 0*3+9*7+0*3 + 9*3+9*7+9*3 + 1*3+2*7+3*3 + 4*3+5*7+6*3 + 7*3+8*7+9*3 = 375 → 10 - 5 = 5
    expect(nubanCheckDigit('090999', '123456789')).toBe(5);
  });

  it('reads a 3-digit bank code as 000 + code', () => {
    expect(nubanCheckDigit('058', '123456789')).toBe(nubanCheckDigit('000058', '123456789'));
  });

  it('accepts a valid account number and refuses any single changed digit', () => {
    const account = nuban('090999', '100000001');
    expect(isValidNuban('090999', account)).toBe(true);
    for (let i = 0; i < 10; i += 1) {
      const digit = (Number(account[i]) + 1) % 10;
      expect(isValidNuban('090999', `${account.slice(0, i)}${digit}${account.slice(i + 1)}`)).toBe(false);
    }
  });

  it('refuses malformed input', () => {
    expect(isValidNuban('090999', '12345')).toBe(false);
    expect(() => nubanCheckDigit('12', '123456789')).toThrow('A bank code has 3 or 6 digits, got "12"');
    expect(() => nubanCheckDigit('058', '1234')).toThrow('A NUBAN serial has 9 digits, got "1234"');
  });
});
