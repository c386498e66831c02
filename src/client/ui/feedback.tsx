import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { VisuallyHidden } from './layout';

const spin = keyframes`to { transform: rotate(360deg); }`;

/** The turning ring on its own, decorative (used inside busy buttons too). */
export const SpinnerRing = styled.span.attrs({ 'aria-hidden': true })<{ $size?: number }>`
  display: inline-block;
  flex: none;
  width: ${({ $size = 20 }) => $size}px;
  height: ${({ $size = 20 }) => $size}px;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

/** A spinner announced to assistive technology as `label` (default 'Loading'). */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span role="status">
      <SpinnerRing $size={28} />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}

const LoadingRow = styled.p`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg} 0;
  color: ${({ theme }) => theme.colors.muted};
`;

/** Visible loading sentence with a spinner, e.g. 'Loading your dashboard...'. */
export function LoadingText({ children }: { children: ReactNode }) {
  return (
    <LoadingRow role="status">
      <SpinnerRing />
      <span>{children}</span>
    </LoadingRow>
  );
}

const EmptyRoot = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
`;

const EmptyTitle = styled.p`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

/** 'Nothing here' message, e.g. 'No transactions found'; children add a hint or an action. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <EmptyRoot>
      <EmptyTitle>{title}</EmptyTitle>
      {children}
    </EmptyRoot>
  );
}

export type BadgeTone = 'success' | 'warning' | 'danger' | 'neutral';

const BadgeRoot = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  padding: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: 1.5;
  color: ${({ theme, $tone }) => theme.colors[$tone]};
  background: ${({ theme, $tone }) => theme.colors[`${$tone}Soft`]};
`;

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <BadgeRoot $tone={tone}>{children}</BadgeRoot>;
}

/** A form-level message (e.g. a §5 validation text that covers several fields), announced as an alert. */
export const FormError = styled.p.attrs({ role: 'alert' })`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.danger};
`;
