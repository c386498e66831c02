import max from 'libphonenumber-js/max/metadata';
import min from 'libphonenumber-js/min/metadata';
import { phoneDigits, phoneRules } from '../../src/shared/phone';

// Both sides bind the `max` metadata (src/client/ui/phone-field.tsx, src/server/lib/phone.ts).
const phone = phoneRules(max);

describe('phone rules', () => {
  describe('Nigeria', () => {
    it.each([
      ['with its trunk 0', '08012345678'],
      ['with its trunk 0, spaced', '0801 234 5678'],
      ['with its trunk 0, dashed', '0801-234-5678'],
      ['without the trunk 0', '8012345678'],
      ['with the dial code, no +', '2348012345678'],
    ])('a national number %s is +234 and the number without its 0', (_case, input) => {
      expect(phone.toE164(input, 'NG')).toBe('+2348012345678');
      expect(phone.isValid(input, 'NG')).toBe(true);
    });

    it.each([
      ['+2348012345678'],
      ['+234 801 234 5678'],
      ['+234 (0) 801 234 5678'],
      // The bug of issue 16: the trunk 0 kept after the dial code. It reads as the same number.
      ['+23408012345678'],
      ['+234 0801 234 5678'],
    ])('%s is +2348012345678, with or without a default country', (input) => {
      expect(phone.toE164(input)).toBe('+2348012345678');
      expect(phone.toE164(input, 'NG')).toBe('+2348012345678');
      expect(phone.toE164(input, 'CA')).toBe('+2348012345678');
    });

    it('other mobile ranges', () => {
      expect(phone.toE164('0703 123 4567', 'NG')).toBe('+2347031234567');
      expect(phone.toE164('0901 234 5678', 'NG')).toBe('+2349012345678');
      expect(phone.toE164('0813 555 0000', 'ng')).toBe('+2348135550000');
    });
  });

  describe('Canada', () => {
    it.each([['4165550123'], ['416-555-0123'], ['(416) 555-0123'], ['1 416 555 0123'], ['+1 416 555 0123'], ['+14165550123']])(
      '%s is +14165550123',
      (input) => {
        expect(phone.toE164(input, 'CA')).toBe('+14165550123');
      },
    );

    it('an international number stands on its own', () => {
      expect(phone.toE164('+1 613 555 0199')).toBe('+16135550199');
      expect(phone.toE164('+1 613 555 0199', 'NG')).toBe('+16135550199');
    });
  });

  describe('impossible numbers', () => {
    it.each<[string, string, string | undefined]>([
      ['too short for Nigeria', '0801 234 567', 'NG'],
      ['too long for Nigeria', '0801 234 56789', 'NG'],
      ['too short after +234', '+234 801 234', undefined],
      ['too long after +234', '+234 801 234 56789', undefined],
      ['too short for Canada', '416 555 012', 'CA'],
      ['too long for Canada', '416 555 01234', 'CA'],
      ['+1 and seven digits', '+1234567', undefined],
      ['a national number without a country', '08012345678', undefined],
      ['the dial code without +, no country', '2348012345678', undefined],
      ['no such dial code', '+999 1234 5678', undefined],
      ['letters', '+1416555abcd', undefined],
      ['letters, national', '0801 ABC 5678', 'NG'],
      ['empty', '', 'NG'],
      ['only a +', '+', undefined],
      ['an unknown country', '8012345678', 'XX'],
    ])('%s: %p is refused', (_case, input, country) => {
      expect(phone.toE164(input, country)).toBeNull();
      expect(phone.isValid(input, country)).toBe(false);
    });
  });

  describe('as the customer types', () => {
    const typed = (text: string, country?: string) => [...text].map((_, i) => phone.formatAsYouType(text.slice(0, i + 1), country));

    it("shows Nigeria's national format with the trunk 0", () => {
      expect(phone.formatAsYouType('08012345678', 'NG')).toBe('0801 234 5678');
      expect(typed('08012345678', 'NG').slice(3)).toEqual(['0801', '0801 2', '0801 23', '0801 234', '0801 234 5', '0801 234 56', '0801 234 567', '0801 234 5678']);
    });

    it('shows the international format of a number typed with its dial code', () => {
      expect(phone.formatAsYouType('+2348012345678', 'NG')).toBe('+234 801 234 5678');
      expect(phone.formatAsYouType('+2348012345678')).toBe('+234 801 234 5678');
      expect(phone.formatAsYouType('+23480123')).toBe('+234 801 23');
    });

    it("shows Canada's format", () => {
      expect(phone.formatAsYouType('4165550123', 'CA')).toBe('(416) 555-0123');
      expect(phone.formatAsYouType('+14165550123')).toBe('+1 416 555 0123');
    });

    it('keeps only digits and a leading +: typed spaces, dashes and brackets are replaced by the format', () => {
      expect(phone.formatAsYouType('0801-234 5678', 'NG')).toBe('0801 234 5678');
      expect(phone.formatAsYouType('(416)5550123', 'CA')).toBe('(416) 555-0123');
      expect(phone.formatAsYouType('0801 abc', 'NG')).toBe('0801');
      expect(phone.formatAsYouType('', 'NG')).toBe('');
    });

    it('formats what it can without a country, and a national number of an unknown country not at all', () => {
      expect(phone.formatAsYouType('8012345678')).toBe('8012345678');
      expect(phone.formatAsYouType('8012345678', 'XX')).toBe('8012345678');
    });

    it('what it shows reads as the same number', () => {
      expect(phone.toE164(phone.formatAsYouType('08012345678', 'NG'), 'NG')).toBe('+2348012345678');
      expect(phone.toE164(phone.formatAsYouType('4165550123', 'CA'), 'CA')).toBe('+14165550123');
    });
  });
});

it('why not the smaller `min` metadata in the browser: it checks lengths only, so it takes a Nigerian mobile number with a digit too many', () => {
  // The server (max) refuses it: with min, the field would say nothing and the server refuse it after Send OTP.
  expect(phoneRules(min).isValid('0801 234 56789', 'NG')).toBe(true);
  expect(phoneRules(max).isValid('0801 234 56789', 'NG')).toBe(false);
});

it('phoneDigits keeps digits and a leading +', () => {
  expect(phoneDigits(' +234 (0) 801-234 ')).toBe('+2340801234');
  expect(phoneDigits('0801 234')).toBe('0801234');
  expect(phoneDigits('1+2')).toBe('12');
});
