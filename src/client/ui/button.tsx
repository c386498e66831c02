import { useLayoutEffect, useRef, type ComponentPropsWithRef, type RefObject } from 'react';
import styled, { css } from 'styled-components';
import { SpinnerRing } from './feedback';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'ref'> {
  /** Default `primary`. */
  variant?: ButtonVariant;
  fullWidth?: boolean;
  /** Work in progress: the button shows `busyLabel`, is disabled and has aria-busy. */
  busy?: boolean;
  /** Label while busy, e.g. 'Signing In...'; without it the children stay. */
  busyLabel?: string;
}

const variants = {
  primary: css`
    color: ${({ theme }) => theme.colors.onPrimary};
    background: ${({ theme }) => theme.colors.primary};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.primaryDark}; }
  `,
  secondary: css`
    color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.surface};
    border-color: ${({ theme }) => theme.colors.primary};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.primarySoft}; }
  `,
  ghost: css`
    color: ${({ theme }) => theme.colors.primary};
    background: transparent;
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.primarySoft}; }
  `,
  danger: css`
    color: ${({ theme }) => theme.colors.onPrimary};
    background: ${({ theme }) => theme.colors.danger};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.dangerDark}; }
  `,
};

const StyledButton = styled.button<{ $variant: ButtonVariant; $fullWidth?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-align: center;
  cursor: pointer;
  transition: background-color 150ms ease;
  ${({ $fullWidth }) => $fullWidth && css`width: 100%;`}
  ${({ $variant }) => variants[$variant]}

  &:disabled { cursor: not-allowed; }
  /* A busy button keeps full colour so its busy label stays readable. */
  &:disabled:not([aria-busy='true']) { opacity: 0.6; }
  &[aria-busy='true'] { cursor: progress; }
`;

/**
 * A button that had the focus when it was disabled (busy: its work started) loses it to the page's
 * body, as a browser does with a disabled control; once it is enabled again, it takes it back if
 * nothing else took it meanwhile, so the keyboard goes on from where the customer was.
 */
function useFocusKeptWhileDisabled(off: boolean, ref: RefObject<HTMLButtonElement | null>): void {
  const hadFocus = useRef(false);
  useLayoutEffect(() => {
    const button = ref.current;
    if (off) hadFocus.current ||= document.activeElement === button;
    else if (hadFocus.current) {
      hadFocus.current = false;
      if (document.activeElement === document.body) button?.focus();
    }
  }, [off, ref]);
}

/** Text button. `type` defaults to `button`; pass `type="submit"` in forms. */
export function Button({ variant = 'primary', fullWidth, busy = false, busyLabel, disabled, type = 'button', children, ...rest }: ButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useFocusKeptWhileDisabled(Boolean(disabled || busy), ref);
  return (
    <StyledButton
      {...rest}
      ref={ref}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      $variant={variant}
      $fullWidth={fullWidth}
    >
      {busy && <SpinnerRing $size={16} />}
      {busy && busyLabel ? busyLabel : children}
    </StyledButton>
  );
}

export interface IconButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'aria-label'> {
  /** Accessible name (the icon itself is decorative). */
  label: string;
}

const StyledIconButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 40px;
  height: 40px;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.muted};
  background: transparent;
  cursor: pointer;

  &:hover:not(:disabled) {
    color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
  }
  &:disabled { cursor: not-allowed; opacity: 0.6; }
`;

/** Square button holding only an icon, named by `label`. */
export function IconButton({ label, type = 'button', ...rest }: IconButtonProps) {
  return <StyledIconButton {...rest} type={type} aria-label={label} />;
}
