import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { Control, ErrorText, FieldLabel, FieldRoot, Hint, controlStyles, describedBy, isInvalid, useFieldIds, type FieldError } from './field';
import { ChevronDownIcon } from './icons';

export interface SelectFieldProps extends ComponentPropsWithRef<'select'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldError;
  /** The native `<option>`s. */
  children: ReactNode;
}

const Select = styled.select<{ $invalid: boolean }>`
  ${controlStyles}
  appearance: none;
  /* The chevron (20 px, 8 px from the edge) and a small gap: a narrow select (e.g. 'NGN' on a phone) keeps its text. */
  padding-right: 32px;
  cursor: pointer;
`;

const Chevron = styled.span`
  position: absolute;
  right: ${({ theme }) => theme.space.sm};
  display: flex;
  color: ${({ theme }) => theme.colors.muted};
  pointer-events: none;
`;

/** Native select with label, hint and inline error (same contract as TextField). */
export function SelectField({
  label,
  hint,
  error,
  id,
  className,
  children,
  'aria-describedby': extraDescription,
  'aria-invalid': markedInvalid,
  ...selectProps
}: SelectFieldProps) {
  const invalid = isInvalid(error, markedInvalid);
  const ids = useFieldIds(id);
  return (
    <FieldRoot className={className}>
      <FieldLabel htmlFor={ids.inputId}>{label}</FieldLabel>
      <Control>
        <Select
          {...selectProps}
          id={ids.inputId}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(hint ? ids.hintId : undefined, error && ids.errorId, extraDescription)}
          $invalid={invalid}
        >
          {children}
        </Select>
        <Chevron><ChevronDownIcon /></Chevron>
      </Control>
      {hint && <Hint id={ids.hintId}>{hint}</Hint>}
      {error && <ErrorText id={ids.errorId} role="alert">{error}</ErrorText>}
    </FieldRoot>
  );
}
