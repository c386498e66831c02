/**
 * A phone number field that shows the country's format while the customer types ('0801 234 5678',
 * '+234 801 234 5678', '(416) 555-0123'). Not exported from the kit's index: the phone metadata
 * stays in the lazy chunks of the screens that ask for a number, out of the initial JavaScript.
 *
 * The metadata is libphonenumber's `max` set, the server's: the `min` set (half the size) checks
 * lengths only, so the field would take numbers the server then refuses, such as a Nigerian
 * mobile number with a digit too many ('0801 234 56789').
 */
import metadata from 'libphonenumber-js/max/metadata';
import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { phoneDigits, phoneRules } from '../../shared/phone';
import { TextField, type TextFieldProps } from './text-field';

/** The browser's phone rules: src/shared/phone.ts with the server's metadata. */
export const phone = phoneRules(metadata);

export interface PhoneFieldProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'ref'> {
  /** ISO 3166 alpha-2 code of the country whose format is shown; a number typed with '+' shows the international one. */
  country?: string;
  /** The text shown (formatted); `phone.toE164(value, country)` is the number. */
  value: string;
  onValueChange(value: string): void;
}

const MEANINGFUL = /[\d+]/;

/** How many digits (and '+') `text` holds. */
const countMeaningful = (text: string): number => [...text].filter((ch) => MEANINGFUL.test(ch)).length;

/** The position in `text` just after its `count`-th digit. */
function positionAfter(text: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (MEANINGFUL.test(text[i]) && (seen += 1) === count) return i + 1;
  }
  return text.length;
}

export function PhoneField({ country, value, onValueChange, ...props }: PhoneFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  /** Digits before the caret once the formatted text renders: the caret stays after the same digit. */
  const caret = useRef<number | null>(null);
  const shown = phone.formatAsYouType(value, country);

  useLayoutEffect(() => {
    const element = input.current;
    const count = caret.current;
    caret.current = null;
    if (!element || count === null || element.ownerDocument.activeElement !== element) return;
    const at = positionAfter(element.value, count);
    if (element.selectionStart !== at || element.selectionEnd !== at) element.setSelectionRange(at, at);
  });

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    let text = event.target.value;
    let at = event.target.selectionStart ?? text.length;
    // Deleting a space, dash or bracket alone deletes the digit beside it: else the format puts it back.
    if (text.length < shown.length && phoneDigits(text) === phoneDigits(shown)) {
      const forward = (event.nativeEvent as InputEvent).inputType === 'deleteContentForward';
      let index = -1;
      if (forward) {
        for (let i = at; i < text.length && index < 0; i += 1) if (MEANINGFUL.test(text[i])) index = i;
      } else {
        for (let i = at - 1; i >= 0 && index < 0; i -= 1) if (MEANINGFUL.test(text[i])) index = i;
      }
      if (index >= 0) {
        text = text.slice(0, index) + text.slice(index + 1);
        at = index;
      }
    }
    caret.current = countMeaningful(text.slice(0, at));
    onValueChange(phone.formatAsYouType(text, country));
  };

  return <TextField {...props} ref={input} type="tel" inputMode="tel" value={shown} onChange={change} />;
}
