import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import type { SpaceKey } from './theme';

/** Hidden on screen, still read by assistive technology. */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

interface StackProps {
  children: ReactNode;
  /** Space between children (theme spacing key); default `md`. */
  gap?: SpaceKey;
  /** `row` lays children out side by side and wraps them; default `column`. */
  direction?: 'column' | 'row';
  align?: 'stretch' | 'flex-start' | 'center' | 'flex-end' | 'baseline';
  justify?: 'flex-start' | 'center' | 'flex-end' | 'space-between';
  className?: string;
}

const StackRoot = styled.div<{ $gap: SpaceKey; $direction: 'column' | 'row'; $align?: string; $justify?: string }>`
  display: flex;
  flex-direction: ${({ $direction }) => $direction};
  gap: ${({ theme, $gap }) => theme.space[$gap]};
  ${({ $direction }) => $direction === 'row' && css`flex-wrap: wrap;`}
  ${({ $align }) => $align && css`align-items: ${$align};`}
  ${({ $justify }) => $justify && css`justify-content: ${$justify};`}
`;

/** Flex layout with even spacing; margins are reset globally, so spacing lives here. */
export function Stack({ children, gap = 'md', direction = 'column', align, justify, className }: StackProps) {
  return (
    <StackRoot className={className} $gap={gap} $direction={direction} $align={align} $justify={justify}>
      {children}
    </StackRoot>
  );
}
