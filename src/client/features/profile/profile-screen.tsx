import { lazy, Suspense, type ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import * as M from '../../../shared/messages';
import { useErrorToast } from '../../api/use-error-toast';
import { selectIsFullyVerified } from '../../app/user-slice';
import { useAppSelector } from '../../app/store';
import { useUser } from '../../app/use-user';
import { Button, Card, CardTitle, PageHeader, Stack, VerifiedIcon, VisuallyHidden, media } from '../../ui';
import { ChangePasswordDialog } from './change-password-dialog';
import { ChangePinDialog } from './change-pin-dialog';
import { DevicesCard } from './devices-card';
import { profileDialogs, useProfileDialog } from './profile-dialogs';
import { UpdateProfileDialog } from './update-profile-dialog';
import { VerifyPasswordDialog } from './verify-password-dialog';

/** The tier, limits and the way to Plus (spec-next §B): its own chunk, loaded when a verified profile shows. */
const LimitsCard = lazy(() => import('./limits-card'));

const Sections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  ${media.lg} { grid-template-columns: repeat(2, 1fr); }
`;

const Details = styled.dl`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
`;

/** One dt/dd pair; the dd holds the value and, for contact details, the verified icon. */
const Row = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  dt { font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.muted}; }
  dd {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.sm};
    margin: 0;
    font-weight: ${({ theme }) => theme.fontWeights.medium};
    overflow-wrap: anywhere;
  }
`;

const pulse = keyframes`50% { opacity: 0.5; }`;

const Bone = styled.div`
  height: 160px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.neutralSoft};
  animation: ${pulse} 1.5s ease-in-out infinite;
`;

function Detail({ term, verified, children }: { term: string; verified?: boolean; children: ReactNode }) {
  return (
    <Row>
      <dt>{term}</dt>
      <dd>
        <span>{children}</span>
        {verified !== undefined && <VerifiedIcon verified={verified} />}
      </dd>
    </Row>
  );
}

function ProfileSkeleton() {
  return (
    <Sections role="status">
      <VisuallyHidden>Loading profile</VisuallyHidden>
      <Bone />
      <Bone />
      <Bone />
    </Sections>
  );
}

/** /profile: personal and contact details with their verification state, the security actions and the signed-in devices. */
export default function ProfileScreen() {
  const { user, isLoading, error } = useUser();
  useErrorToast(error, M.profile.loadFailed);
  const locked = useAppSelector(selectIsFullyVerified);
  const changePassword = useProfileDialog(profileDialogs.changePassword);
  const verifyPassword = useProfileDialog(profileDialogs.verifyPassword);
  const updateProfile = useProfileDialog(profileDialogs.updateProfile);

  return (
    <main>
      <PageHeader title="Profile" />
      {isLoading ? (
        <ProfileSkeleton />
      ) : user && (
        <Sections>
          <Card>
            <CardTitle>Personal Information</CardTitle>
            <Details>
              <Detail term="First name">{user.first_name}</Detail>
              <Detail term="Last name">{user.last_name}</Detail>
            </Details>
          </Card>
          <Card>
            <CardTitle>Contact Information</CardTitle>
            <Details>
              <Detail term="Email" verified={user.is_email_verified}>{user.email}</Detail>
              <Detail term="Phone" verified={user.is_phone_verified}>{user.phone_number ?? M.profile.phoneNotSet}</Detail>
              <Detail term="Identity verification" verified={user.is_identity_verified}>
                {user.is_identity_verified ? 'Complete' : 'Incomplete'}
              </Detail>
            </Details>
          </Card>
          <Card>
            <CardTitle>Security</CardTitle>
            <Stack gap="sm">
              <Button variant="secondary" onClick={changePassword.show}>Change Password</Button>
              <Button variant="secondary" onClick={verifyPassword.show}>Change Transaction PIN</Button>
              <Button variant="secondary" onClick={updateProfile.show}>Update Profile</Button>
            </Stack>
          </Card>
          <DevicesCard />
          {locked && (
            <Suspense fallback={null}>
              <LimitsCard />
            </Suspense>
          )}
          <ChangePasswordDialog email={user.email} />
          <VerifyPasswordDialog email={user.email} />
          <ChangePinDialog />
          <UpdateProfileDialog user={user} locked={locked} />
        </Sections>
      )}
    </main>
  );
}
