import styled from 'styled-components';
import { CheckIcon, CloseIcon } from './icons';
import { VisuallyHidden } from './layout';

const Mark = styled.span<{ $verified: boolean }>`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: 28px;
  height: 28px;
  border-radius: 50%;
  color: ${({ theme, $verified }) => ($verified ? theme.colors.success : theme.colors.danger)};
  background: ${({ theme, $verified }) => ($verified ? theme.colors.successSoft : theme.colors.dangerSoft)};
`;

/** Green tick or red cross, announced as 'Verified' / 'Not verified'. */
export function VerifiedIcon({ verified }: { verified: boolean }) {
  return (
    <Mark $verified={verified}>
      {verified ? <CheckIcon /> : <CloseIcon />}
      <VisuallyHidden>{verified ? 'Verified' : 'Not verified'}</VisuallyHidden>
    </Mark>
  );
}
