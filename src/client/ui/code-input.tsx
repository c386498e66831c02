import { useEffect, useId, useImperativeHandle, useRef, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import styled from 'styled-components';
import { ErrorText, describedBy, type FieldError } from './field';

export interface CodeInputHandle {
  /** Focus box 1 (once the boxes are enabled again, if they are disabled now). */
  focusFirst(): void;
}

export interface CodeInputProps {
  /** Number of single-digit boxes. */
  length: number;
  /** The digits entered so far (always contiguous from box 1). */
  value: string;
  onChange(value: string): void;
  /** Called once each time a user edit makes the code complete (all boxes filled). */
  onComplete?(code: string): void;
  /** Group label, e.g. 'Verification code'; each box is named 'Digit i of n'. */
  label: string;
  /** Password-type boxes (PINs). */
  mask?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
  /** Marks the boxes invalid (red, aria-invalid) without a message. */
  invalid?: boolean;
  /** Inline error under the boxes (role="alert"); implies `invalid`. */
  error?: FieldError;
  ref?: Ref<CodeInputHandle>;
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const GroupLabel = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Boxes = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
`;

const Box = styled.input<{ $invalid: boolean }>`
  flex: 1 1 0;
  min-width: 0;
  max-width: 52px;
  height: 56px;
  padding: 0;
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-align: center;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};

  &:focus-visible { outline-offset: 0; border-color: ${({ theme }) => theme.colors.focus}; }
  &:disabled { color: ${({ theme }) => theme.colors.muted}; background: ${({ theme }) => theme.colors.neutralSoft}; }
`;

/**
 * One-digit boxes for OTPs and PINs: digits only, auto-advance, Backspace on an empty box
 * clears the previous one, paste fills from box 1, arrow keys move between boxes.
 */
export function CodeInput({ length, value, onChange, onComplete, label, mask = false, autoFocus = false, disabled = false, invalid = false, error, ref }: CodeInputProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const focusWhenEnabled = useRef(false);
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const digits = value.slice(0, length);
  const isInvalid = invalid || Boolean(error);

  const focusBox = (index: number) => {
    const box = inputs.current[Math.max(0, Math.min(index, length - 1))];
    box?.focus();
    box?.select();
  };

  useImperativeHandle(ref, () => ({
    focusFirst() {
      if (inputs.current[0]?.disabled) focusWhenEnabled.current = true;
      else inputs.current[0]?.focus();
    },
  }), []);

  // An effect rather than the autoFocus attribute: it runs after a dialog that closed in the same
  // commit has handed focus back to its opener, so a dialog opened from another keeps the focus here.
  useEffect(() => {
    if (autoFocus) inputs.current[0]?.focus();
  }, [autoFocus]);

  useEffect(() => {
    if (!disabled && focusWhenEnabled.current) {
      focusWhenEnabled.current = false;
      inputs.current[0]?.focus();
    }
  }, [disabled]);

  const commit = (next: string, focusIndex: number) => {
    onChange(next);
    focusBox(focusIndex);
    if (next.length === length && next !== digits) onComplete?.(next);
  };

  const removeAt = (index: number) => onChange(digits.slice(0, index) + digits.slice(index + 1));

  const fill = (text: string) => {
    const next = text.replace(/\D/g, '').slice(0, length);
    if (next) commit(next, next.length);
  };

  const handleInput = (index: number, raw: string) => {
    const current = digits[index] ?? '';
    if (/\D/.test(raw)) return; // not a digit: the controlled box keeps its value
    if (raw === '') {
      if (current) removeAt(index);
      return;
    }
    if (raw.length > 2 || (raw.length === 2 && !current)) {
      fill(raw); // autofill of the whole code into one box
      return;
    }
    // Typing into a filled box leaves both digits in it; keep the new one.
    const digit = raw.length === 2 ? (raw[0] === current ? raw[1] : raw[0]) : raw;
    const at = Math.min(index, digits.length); // no gaps: land in the first empty box
    commit(digits.slice(0, at) + digit + digits.slice(at + 1), at + 1);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (digits[index]) {
        removeAt(index);
      } else if (index > 0) {
        if (digits[index - 1]) removeAt(index - 1);
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(event.clipboardData.getData('text'));
  };

  return (
    <Root>
      <GroupLabel id={labelId}>{label}</GroupLabel>
      <Boxes role="group" aria-labelledby={labelId} aria-describedby={describedBy(error && errorId)}>
        {Array.from({ length }, (_, index) => (
          <Box
            key={index}
            ref={(element) => { inputs.current[index] = element; }}
            type={mask ? 'password' : 'text'}
            inputMode="numeric"
            autoComplete={index === 0 && !mask ? 'one-time-code' : 'off'}
            aria-label={`Digit ${index + 1} of ${length}`}
            aria-invalid={isInvalid || undefined}
            value={digits[index] ?? ''}
            disabled={disabled}
            onChange={(event) => handleInput(index, event.target.value)}
            // A digit typed over the same digit (selected on focus) changes no value, so there is no
            // onChange (React's change events skip an unchanged value); the native input event still
            // comes: move on as any typed digit does.
            onInput={(event) => {
              if (event.currentTarget.value !== '' && event.currentTarget.value === (digits[index] ?? '')) focusBox(index + 1);
            }}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={handlePaste}
            onFocus={(event) => event.target.select()}
            $invalid={isInvalid}
          />
        ))}
      </Boxes>
      {error && <ErrorText id={errorId} role="alert">{error}</ErrorText>}
    </Root>
  );
}
