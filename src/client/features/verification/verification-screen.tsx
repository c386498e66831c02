import styled from 'styled-components';
import { useUser } from '../../app/use-user';
import { LoadingText, PageHeader, media } from '../../ui';
import { EmailVerification } from './email-verification';
import { IdentityVerification } from './identity-verification';
import { PhoneVerification } from './phone-verification';

const Cards = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  ${media.lg} { grid-template-columns: repeat(3, 1fr); }
`;

/**
 * /verification: e-mail, phone and identity, each with its state and action (spec §2). A failed
 * user load is reported by the shared layout, which leaves for '/'.
 */
export default function VerificationScreen() {
  const { user, isError } = useUser();

  return (
    <main>
      <PageHeader title="Verification" subtitle="Verify your email, phone and identity to unlock every feature." />
      {user ? (
        <Cards>
          <EmailVerification email={user.email} verified={user.is_email_verified} />
          <PhoneVerification phone={user.phone_number} verified={user.is_phone_verified} />
          <IdentityVerification verified={user.is_identity_verified} />
        </Cards>
      ) : (
        !isError && <LoadingText>Loading...</LoadingText>
      )}
    </main>
  );
}
