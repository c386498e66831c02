import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media } from './theme';

/** Rounded white surface for a group of content (narrower padding on a phone). */
export const Card = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  ${media.sm} { padding: ${({ theme }) => theme.space.lg}; }
`;

/** Card heading (an h2; use `as="h3"` under another section heading). */
export const CardTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const HeaderRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.md};
  ${media.sm} { margin-bottom: ${({ theme }) => theme.space.lg}; }
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  ${media.sm} { font-size: ${({ theme }) => theme.fontSizes.xxl}; }
`;

const Subtitle = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

/** The page's h1 with an optional line under it. */
export function PageHeader({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <HeaderRoot>
      <Title>{title}</Title>
      {subtitle && <Subtitle>{subtitle}</Subtitle>}
    </HeaderRoot>
  );
}
