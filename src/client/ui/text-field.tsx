import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Control, ErrorText, FieldLabel, FieldRoot, Hint, controlStyles, describedBy, isInvalid, useFieldIds, type FieldError } from './field';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'children'> {
  label: ReactNode;
  /** Help text under the field (linked with aria-describedby). */
  hint?: ReactNode;
  /** Inline error under the field: role="alert", aria-invalid, aria-describedby. */
  error?: FieldError;
  /** Element placed inside the field at its end, e.g. a CopyButton. */
  trailing?: ReactNode;
  /** Text joined to the field's start, e.g. a phone number's dial code; it also describes the field. */
  leading?: ReactNode;
}

const Input = styled.input<{ $invalid: boolean; $trailing: boolean; $leading: boolean }>`
  ${controlStyles}
  ${({ $trailing }) => $trailing && css`padding-right: 52px;`}
  ${({ $leading }) => $leading && css`
    min-width: 0;
    border-top-left-radius: 0;
    border-bottom-left-radius: 0;
  `}
`;

const Leading = styled.span`
  display: flex;
  flex: none;
  align-items: center;
  align-self: stretch;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-right: 0;
  border-radius: ${({ theme }) => theme.radii.md} 0 0 ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.neutralSoft};
  font-variant-numeric: tabular-nums;
`;

const Trailing = styled.div`
  position: absolute;
  right: ${({ theme }) => theme.space.xs};
  display: flex;
`;

export function TextField({
  label,
  hint,
  error,
  trailing,
  leading,
  id,
  className,
  'aria-describedby': extraDescription,
  'aria-invalid': markedInvalid,
  ...inputProps
}: TextFieldProps) {
  const ids = useFieldIds(id);
  const invalid = isInvalid(error, markedInvalid);
  const leadingId = `${ids.inputId}-leading`;
  return (
    <FieldRoot className={className}>
      <FieldLabel htmlFor={ids.inputId}>{label}</FieldLabel>
      <Control>
        {leading && <Leading id={leadingId}>{leading}</Leading>}
        <Input
          {...inputProps}
          id={ids.inputId}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(leading ? leadingId : undefined, hint ? ids.hintId : undefined, error && ids.errorId, extraDescription)}
          $invalid={invalid}
          $trailing={Boolean(trailing)}
          $leading={Boolean(leading)}
        />
        {trailing && <Trailing>{trailing}</Trailing>}
      </Control>
      {hint && <Hint id={ids.hintId}>{hint}</Hint>}
      {error && <ErrorText id={ids.errorId} role="alert">{error}</ErrorText>}
    </FieldRoot>
  );
}
