import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, CardTitle, VerifiedIcon } from '../../ui';

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Text = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

interface VerificationCardProps {
  title: string;
  text: string;
  verified: boolean;
  /** The action, shown only while unverified. */
  children?: ReactNode;
}

/** One verification: title with a tick or cross, a line of text and its action. */
export function VerificationCard({ title, text, verified, children }: VerificationCardProps) {
  return (
    <Card>
      <Header>
        <VerifiedIcon verified={verified} />
        <CardTitle>{title}</CardTitle>
      </Header>
      <Text>{text}</Text>
      {!verified && children}
    </Card>
  );
}
