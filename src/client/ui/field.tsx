// Pieces shared by the form fields (not exported from the kit).
import { useId } from 'react';
import styled, { css } from 'styled-components';

/** Formik-friendly: `touched.x && errors.x` may be `false`. */
export type FieldError = string | false | null | undefined;

/**
 * Whether a field shows as invalid: with its own text under it (`error`), or marked so (`aria-invalid`)
 * by a form that says one text for all its fields.
 */
export const isInvalid = (error: FieldError, marked: boolean | 'true' | 'false' | 'grammar' | 'spelling' | undefined): boolean =>
  Boolean(error) || marked === true || marked === 'true';

export function useFieldIds(id: string | undefined) {
  const generated = useId();
  const base = id ?? generated;
  return { inputId: base, hintId: `${base}-hint`, errorId: `${base}-error` };
}

/** Space-separated id list for aria-describedby, or undefined when empty. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

export const FieldRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

export const FieldLabel = styled.label`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.text};
`;

export const Hint = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

export const ErrorText = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.danger};
`;

/** Position anchor for a control with something inside it (toggle, chevron, copy button). */
export const Control = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`;

export const controlStyles = css<{ $invalid: boolean }>`
  width: 100%;
  min-height: 48px;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  transition: border-color 150ms ease;

  &:hover:not(:disabled) { border-color: ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.primary)}; }
  &:focus-visible { outline-offset: 0; border-color: ${({ theme }) => theme.colors.focus}; }
  &:disabled { color: ${({ theme }) => theme.colors.muted}; background: ${({ theme }) => theme.colors.neutralSoft}; cursor: not-allowed; }
  &[readonly] { background: ${({ theme }) => theme.colors.background}; }
  &::placeholder { color: ${({ theme }) => theme.colors.muted}; opacity: 1; }
`;
