import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { CopyButton } from './copy-button';
import { Control, FieldLabel, FieldRoot, controlStyles, useFieldIds } from './field';

// A read-only textbox that wraps: a long value (a deposit e-mail, a reference) is shown whole on a
// phone instead of being cut at the field's edge. Such values have no spaces, so they may break
// anywhere; the box grows with its lines.
const Value = styled.textarea<{ $invalid: boolean }>`
  ${controlStyles}
  display: block;
  /* One line sits in the middle of the 48 px box, as in a text input: (48 - 2 border - 24 line) / 2. */
  padding-top: 11px;
  padding-bottom: 11px;
  padding-right: 52px;
  overflow: hidden;
  resize: none;
  field-sizing: content;
  line-height: ${({ theme }) => theme.lineHeights.body};
  overflow-wrap: anywhere;
`;

const Trailing = styled.div`
  position: absolute;
  top: ${({ theme }) => theme.space.xs};
  right: ${({ theme }) => theme.space.xs};
  display: flex;
`;

const sizesItself = () => typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** Where `field-sizing: content` is missing, the box takes the height of its lines (again on resize). */
function useFitToLines(value: string) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box || sizesItself()) return;
    const fitHeight = () => {
      box.style.height = 'auto';
      if (box.scrollHeight > 0) box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
    };
    fitHeight();
    window.addEventListener('resize', fitHeight);
    return () => window.removeEventListener('resize', fitHeight);
  }, [value]);
  return ref;
}

/** A read-only value with a copy button, e.g. the deposit email or an account number. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { inputId } = useFieldIds(undefined);
  const ref = useFitToLines(value);
  return (
    <FieldRoot>
      <FieldLabel htmlFor={inputId}>{label}</FieldLabel>
      <Control>
        <Value ref={ref} id={inputId} value={value} readOnly rows={1} spellCheck={false} $invalid={false} />
        <Trailing>
          <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
        </Trailing>
      </Control>
    </FieldRoot>
  );
}
