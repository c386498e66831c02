import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { ErrorText, FieldRoot, describedBy, useFieldIds, type FieldError } from './field';

export interface CheckboxFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'> {
  /** May hold a link (e.g. to the privacy policy). */
  label: ReactNode;
  error?: FieldError;
}

const Row = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
`;

const Box = styled.input`
  flex: none;
  width: 20px;
  height: 20px;
  margin: 2px 0 0;
  accent-color: ${({ theme }) => theme.colors.primary};
  cursor: pointer;
  &:disabled { cursor: not-allowed; }
`;

const Label = styled.label`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;
`;

export function CheckboxField({ label, error, id, className, 'aria-describedby': extraDescription, ...inputProps }: CheckboxFieldProps) {
  const ids = useFieldIds(id);
  return (
    <FieldRoot className={className}>
      <Row>
        <Box
          {...inputProps}
          type="checkbox"
          id={ids.inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && ids.errorId, extraDescription)}
        />
        <Label htmlFor={ids.inputId}>{label}</Label>
      </Row>
      {error && <ErrorText id={ids.errorId} role="alert">{error}</ErrorText>}
    </FieldRoot>
  );
}
