import type { ReactNode } from 'react';
import styled from 'styled-components';
import { PageHeader } from '../../ui';

/** A button that looks like a link: it switches modes or steps, it does not navigate. */
export const LinkButton = styled.button.attrs({ type: 'button' })`
  padding: ${({ theme }) => theme.space.xxs} 0;
  border: 0;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.primary};
  background: none;
  text-decoration: underline;
  cursor: pointer;
  &:hover { color: ${({ theme }) => theme.colors.primaryDark}; }
`;

/** The h1 of the current mode or step, with an optional line under it. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return <PageHeader title={title} subtitle={children} />;
}

/** A line of text with a link-button, e.g. "Don't have an account? Sign Up". */
export const SwitchLine = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Form body: fields and buttons spaced evenly. */
export const FormBody = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

/** Buttons side by side, each taking an equal share. */
export const ButtonRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  & > * { flex: 1 1 0; }
`;
