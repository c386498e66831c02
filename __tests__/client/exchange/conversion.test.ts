import {
  conversionError,
  conversionSides,
  creditFor,
  exactTarget,
  exceedsBalance,
} from '../../../src/client/features/exchange/conversion';
import { convert, formatMinor, parseAmount } from '../../../src/shared/money';
import type { Currency } from '../../../src/shared/types';
import { RATES } from '../../support/wallet-backend';

const RATE = '1,039.50';

describe('exchange arithmetic', () => {
  test('a typed source gives the target the server credits, rounded down; a typed target the source it takes, rounded up', () => {
    expect(conversionSides({ from: 'CAD', driver: 'from', amount: '0.01' }, RATE)).toEqual({ from: '0.01', to: '10.39' });
    expect(conversionSides({ from: 'NGN', driver: 'from', amount: '10.40' }, RATE)).toEqual({ from: '10.40', to: '0.01' });
    expect(conversionSides({ from: 'CAD', driver: 'to', amount: '10.40' }, RATE)).toEqual({ from: '0.02', to: '10.40' });
    expect(conversionSides({ from: 'NGN', driver: 'to', amount: '1' }, RATE)).toEqual({ from: '1039.50', to: '1' });
  });

  test('nothing is computed without a rate or a readable amount', () => {
    expect(conversionSides({ from: 'CAD', driver: 'from', amount: '5' }, undefined)).toEqual({ from: '5', to: '' });
    expect(conversionSides({ from: 'CAD', driver: 'from', amount: 'abc' }, RATE)).toEqual({ from: 'abc', to: '' });
    expect(conversionSides({ from: 'CAD', driver: 'to', amount: '1.234' }, RATE)).toEqual({ from: '', to: '1.234' });
  });

  test('checks in the spec order: a number, the wallet, above 0, within the balance', () => {
    expect(conversionError('abc', 'CAD', undefined)).toBe('Please enter a valid amount');
    expect(conversionError('0', 'CAD', undefined)).toBe('Wallet information not available');
    expect(conversionError('0', 'CAD', 10)).toBe('Please enter an amount greater than 0');
    expect(conversionError('10.01', 'CAD', 10)).toBe('Insufficient CAD balance. Available: 10.00 CAD');
    expect(conversionError('10', 'CAD', 10)).toBeNull();
    expect(conversionError('1', 'NGN', 0)).toBe('Insufficient NGN balance. Available: 0.00 NGN');
  });

  test('the live warning looks only at valid amounts above a known balance', () => {
    expect(exceedsBalance('10.01', 10)).toBe(true);
    expect(exceedsBalance('10', 10)).toBe(false);
    expect(exceedsBalance('abc', 10)).toBe(false);
    expect(exceedsBalance('10.01', undefined)).toBe(false);
  });

  test('a typed target that the source it takes cannot give exactly is replaced by the exact credit', () => {
    // 1000 NGN takes 0.97 CAD, which the server credits as 1,008.31 NGN.
    expect(exactTarget({ from: 'CAD', driver: 'to', amount: '1000' }, RATES.CAD_TO_NGN)).toBe('1008.31');
    expect(creditFor('CAD', 97n, RATES.CAD_TO_NGN)).toBe(100831n);
    expect(exactTarget({ from: 'CAD', driver: 'to', amount: '1008.31' }, RATES.CAD_TO_NGN)).toBeNull();
    expect(exactTarget({ from: 'CAD', driver: 'to', amount: '10.39' }, RATES.CAD_TO_NGN)).toBeNull();
    expect(exactTarget({ from: 'NGN', driver: 'to', amount: '1' }, RATES.NGN_TO_CAD)).toBeNull();
    // Nothing to do when the source drives, without a quote, or without a readable amount.
    expect(exactTarget({ from: 'CAD', driver: 'from', amount: '1000' }, RATES.CAD_TO_NGN)).toBeNull();
    expect(exactTarget({ from: 'CAD', driver: 'to', amount: '1000' }, undefined)).toBeNull();
    expect(exactTarget({ from: 'CAD', driver: 'to', amount: '1.234' }, RATES.CAD_TO_NGN)).toBeNull();
  });

  test.each([
    ['CAD', 'CAD_TO_NGN'],
    ['NGN', 'NGN_TO_CAD'],
  ] as const)('from %s, every target from 0.01 to 300.00: the pair shown is exactly what the server credits', (from: Currency, direction) => {
    const rate = RATES[direction];
    const minor = (text: string) => {
      const parsed = parseAmount(text);
      if (!parsed.ok) throw new Error(text);
      return parsed.minor;
    };
    const wrong: string[] = [];
    for (let typed = 1n; typed <= 30000n; typed += 1n) {
      const form = { from, driver: 'to' as const, amount: formatMinor(typed, { withCommas: false }) };
      const source = conversionSides(form, rate).from;
      const target = exactTarget(form, rate) ?? form.amount;
      const shown = conversionSides({ ...form, amount: target }, rate);
      // The same source is sent, and the server's own function credits exactly the target shown,
      // which is at least what was typed and stays as it is.
      const exact =
        shown.from === source &&
        convert(minor(shown.from), rate, direction) === minor(target) &&
        minor(target) >= typed &&
        exactTarget({ ...form, amount: target }, rate) === null;
      if (!exact) wrong.push(`${form.amount} → send ${shown.from}, shown ${target}`);
    }
    expect(wrong).toEqual([]);
  });
});
