import { Link } from 'react-router-dom';
import styled from 'styled-components';
import * as M from '../../../shared/messages';
import { messageOf } from '../../api/error-message';
import { paths } from '../../app/paths';
import { Button, toast } from '../../ui';
import { IdentityCheck, identitySteps, useIdentityFlow } from '../identity';
import { useIdentityPolling } from './use-identity-polling';
import { useCreateIdentitySessionMutation } from './verification-api';
import { VerificationCard } from './verification-card';
import { verificationIds } from './verification-ids';

const Declined = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md};
  border-left: 4px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.text};
`;

const DeclinedTitle = styled.p`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.dangerDark};
`;

/** The provider declined the latest check: what happened and what to do next. */
function DeclinedNotice() {
  return (
    <Declined role="alert">
      <DeclinedTitle>{M.identity.declinedTitle}</DeclinedTitle>
      <p>{M.identity.declined}</p>
      <p>{M.identity.declinedNextSteps}</p>
      <Link to={paths.about}>{M.identity.helpCenterLink}</Link>
    </Declined>
  );
}

/**
 * Identity card: starts a provider session, opens its frame and waits for the result. When the
 * latest check was declined (identity_status), it says so instead of the review notice, with a
 * button that starts a new check.
 */
export function IdentityVerification({ verified }: { verified: boolean }) {
  const [createSession, { data, isLoading }] = useCreateIdentitySessionMutation({ fixedCacheKey: verificationIds.identityFlow });
  const { step, openFrame } = useIdentityFlow(verificationIds.identityFlow);
  const polling = useIdentityPolling();
  const declined = polling.declined && step !== identitySteps.frame;

  const start = async () => {
    const result = await createSession();
    if (result.data?.message === M.identity.sessionCreatedServer) {
      openFrame();
      polling.start();
    } else {
      toast.error(messageOf(result.error, M.identity.startFailed));
    }
  };

  return (
    <VerificationCard title="Identity Verification" text="A photo of your ID document and a selfie." verified={verified}>
      {declined && <DeclinedNotice />}
      <Button variant={declined ? 'primary' : 'secondary'} onClick={start} busy={isLoading} busyLabel={M.identity.busy}>
        {declined ? M.identity.startNewCheck : 'Verify Identity'}
      </Button>
      {!declined && <IdentityCheck flowId={verificationIds.identityFlow} url={data?.data.verification.url} />}
    </VerificationCard>
  );
}
