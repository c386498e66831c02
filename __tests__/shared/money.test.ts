import fc from 'fast-check';
import { convert, formatMajor, formatMinor, formatRate, minorToMajor, parseAmount, parseRate } from '../../src/shared/money';

describe('parseAmount reads major units exactly into minor units', () => {
  it.each([
    ['12.5', 1250n],
    [12.5, 1250n],
    ['0.01', 1n],
    ['.5', 50n],
    ['5.', 500n],
    ['007.10', 710n],
    ['1.500', 150n],
    [0.3, 30n],
    [1000, 100000n],
  ])('%p → %p', (input, minor) => {
    expect(parseAmount(input)).toEqual({ ok: true, minor });
  });

  it('keeps huge amounts exact', () => {
    expect(parseAmount('12345678901234567890.12')).toEqual({ ok: true, minor: 1234567890123456789012n });
  });

  it('refuses more than 2 decimals, including float noise like 0.1 + 0.2', () => {
    expect(parseAmount('1.234')).toEqual({ ok: false, reason: 'too_many_decimals' });
    expect(parseAmount(0.1 + 0.2)).toEqual({ ok: false, reason: 'too_many_decimals' });
    expect(parseAmount(1.005)).toEqual({ ok: false, reason: 'too_many_decimals' });
  });

  it.each(['', '.', '-', 'abc', '1e3', '1E3', '1,000', ' 5', '+5', '1.2.3', '0x10', 'Infinity', 'NaN'])(
    'refuses %p as invalid',
    (input) => {
      expect(parseAmount(input)).toEqual({ ok: false, reason: 'invalid' });
    },
  );

  it.each([NaN, Infinity, -Infinity, 1e21, 1e-7])('refuses the number %p as invalid', (input) => {
    expect(parseAmount(input)).toEqual({ ok: false, reason: 'invalid' });
  });

  it.each(['0', '0.00', '-5', '-0', 0, -0, -12.5])('refuses %p as not positive', (input) => {
    expect(parseAmount(input)).toEqual({ ok: false, reason: 'not_positive' });
  });

  it('round-trips every minor amount through its formatted text', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 20n }), (minor) => {
        expect(parseAmount(formatMinor(minor, { withCommas: false }))).toEqual({ ok: true, minor });
      }),
    );
  });
});

describe('formatting amounts', () => {
  it('formats minor units with 2 decimals and optional commas', () => {
    expect(formatMinor(123450n)).toBe('1,234.50');
    expect(formatMinor(123450n, { withCommas: false })).toBe('1234.50');
    expect(formatMinor(0n)).toBe('0.00');
    expect(formatMinor(5n)).toBe('0.05');
    expect(formatMinor(-100000001n)).toBe('-1,000,000.01');
    expect(formatMinor(123456789012345678901n)).toBe('1,234,567,890,123,456,789.01');
  });

  it('turns minor units into the API number', () => {
    expect(minorToMajor(123450n)).toBe(1234.5);
    expect(minorToMajor(30n)).toBe(0.3);
    expect(minorToMajor(-1n)).toBe(-0.01);
  });

  it('formats major-unit numbers from the API', () => {
    expect(formatMajor(1234.5)).toBe('1,234.50');
    expect(formatMajor(1234.5, { withCommas: false })).toBe('1234.50');
    expect(formatMajor(-1234567)).toBe('-1,234,567.00');
    expect(formatMajor(0)).toBe('0.00');
  });
});

describe('rates', () => {
  it('formats with thousands commas, keeping the decimals', () => {
    expect(formatRate('1050.25')).toBe('1,050.25');
    expect(formatRate(1050.25)).toBe('1,050.25');
    expect(formatRate('1,050.250000')).toBe('1,050.250000');
    expect(formatRate('999')).toBe('999');
    expect(formatRate('1234567.5')).toBe('1,234,567.5');
    expect(() => formatRate('abc')).toThrow(RangeError);
  });

  it('parses a rate string with commas into a number', () => {
    expect(parseRate('1,050.25')).toBe(1050.25);
    expect(parseRate('0.00095')).toBe(0.00095);
    expect(parseRate('1e3')).toBeNaN();
    expect(parseRate('')).toBeNaN();
  });
});

describe('convert: exact, in the house’s favour', () => {
  it('multiplies CAD to NGN by the rate', () => {
    expect(convert(10000n, '1,050.25', 'CAD_TO_NGN')).toBe(10502500n);
    // 0.01 CAD × 1050.255 = 10.50255 NGN → floor 1050 kobo
    expect(convert(1n, '1050.255', 'CAD_TO_NGN')).toBe(1050n);
    expect(convert(1n, '1050.255', 'CAD_TO_NGN', 'up')).toBe(1051n);
  });

  it('divides NGN to CAD by the rate and rounds down', () => {
    // 1,000 NGN / 1,050.25 = 0.95215… CAD
    expect(convert(100000n, '1,050.25', 'NGN_TO_CAD')).toBe(95n);
    expect(convert(100000n, '1,050.25', 'NGN_TO_CAD', 'up')).toBe(96n);
    expect(convert(105025n, '1050.25', 'NGN_TO_CAD')).toBe(100n);
    expect(convert(105025n, '1050.25', 'NGN_TO_CAD', 'up')).toBe(100n);
  });

  it('never gives more than the exact value, and at most one minor unit less', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 1, max: 10_000_000_000 }), (minor, rateMicro) => {
        const rate = formatMinor(BigInt(rateMicro), { withCommas: false }); // 2-decimal rate string
        const cents = BigInt(rateMicro);
        const down = convert(minor, rate, 'CAD_TO_NGN');
        expect(down * 100n <= minor * cents).toBe(true);
        expect((down + 1n) * 100n > minor * cents).toBe(true);
        const back = convert(minor, rate, 'NGN_TO_CAD');
        expect(back * cents <= minor * 100n).toBe(true);
        expect((back + 1n) * cents > minor * 100n).toBe(true);
      }),
    );
  });

  it('refuses a zero or malformed rate', () => {
    expect(() => convert(100n, '0', 'NGN_TO_CAD')).toThrow(RangeError);
    expect(() => convert(100n, '1e3', 'CAD_TO_NGN')).toThrow(RangeError);
  });
});
