import {
  conversionError,
  conversionSides,
  exceedsBalance,
} from '../../../src/client/features/exchange/conversion';

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
});
