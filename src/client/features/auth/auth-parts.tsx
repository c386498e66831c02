import type { MouseEvent, ReactNode } from 'react';
import { useHref } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from '../../app/paths';
import { PageHeader } from '../../ui';

const LinkText = styled.a`
  padding: ${({ theme }) => theme.space.xxs} 0;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: underline;
  cursor: pointer;
  &:hover { color: ${({ theme }) => theme.colors.primaryDark}; }
`;

/** A click the browser should handle itself: another button, or a modifier asking for a new tab or window. */
const isBrowserClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

/**
 * The auth screen's links ('Sign Up', 'Forgot your password?', 'Login'; spec §2): a real link to
 * the auth screen (focusable, Enter follows it) whose click switches the mode or step in the store
 * instead of loading the page. A click that asks for a new tab is left to the browser.
 */
export function AuthLink({ onFollow, children }: { onFollow(): void; children: ReactNode }) {
  const href = useHref(paths.home);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (isBrowserClick(event)) return;
    event.preventDefault();
    onFollow();
  };
  return <LinkText href={href} onClick={follow}>{children}</LinkText>;
}

/** The h1 of the current mode or step, with an optional line under it. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return <PageHeader title={title} subtitle={children} />;
}

/** A line of text with an auth link, e.g. "Don't have an account? Sign Up". */
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
