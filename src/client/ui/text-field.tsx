import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Control, ErrorText, FieldLabel, FieldRoot, Hint, controlStyles, describedBy, useFieldIds, type FieldError } from './field';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'children'> {
  label: ReactNode;
  /** Help text under the field (linked with aria-describedby). */
  hint?: ReactNode;
  /** Inline error under the field: role="alert", aria-invalid, aria-describedby. */
  error?: FieldError;
  /** Element placed inside the field at its end, e.g. a CopyButton. */
  trailing?: ReactNode;
}

const Input = styled.input<{ $invalid: boolean; $trailing: boolean }>`
  ${controlStyles}
  ${({ $trailing }) => $trailing && css`padding-right: 52px;`}
`;

const Trailing = styled.div`
  position: absolute;
  right: ${({ theme }) => theme.space.xs};
  display: flex;
`;

export function TextField({ label, hint, error, trailing, id, className, 'aria-describedby': extraDescription, ...inputProps }: TextFieldProps) {
  const ids = useFieldIds(id);
  return (
    <FieldRoot className={className}>
      <FieldLabel htmlFor={ids.inputId}>{label}</FieldLabel>
      <Control>
        <Input
          {...inputProps}
          id={ids.inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint ? ids.hintId : undefined, error && ids.errorId, extraDescription)}
          $invalid={Boolean(error)}
          $trailing={Boolean(trailing)}
        />
        {trailing && <Trailing>{trailing}</Trailing>}
      </Control>
      {hint && <Hint id={ids.hintId}>{hint}</Hint>}
      {error && <ErrorText id={ids.errorId} role="alert">{error}</ErrorText>}
    </FieldRoot>
  );
}
