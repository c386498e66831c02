import { toast } from 'react-toastify';
import * as M from '../../../shared/messages';
import { messageOf } from '../../api/error-message';
import { Button } from '../../ui';
import { IdentityCheck, useIdentityFlow } from '../identity';
import { useIdentityPolling } from './use-identity-polling';
import { useCreateIdentitySessionMutation } from './verification-api';
import { VerificationCard } from './verification-card';
import { verificationIds } from './verification-ids';

/** Identity card: starts a provider session, opens its frame and waits for the result. */
export function IdentityVerification({ verified }: { verified: boolean }) {
  const [createSession, { data, isLoading }] = useCreateIdentitySessionMutation({ fixedCacheKey: verificationIds.identityFlow });
  const { openFrame } = useIdentityFlow(verificationIds.identityFlow);
  const startPolling = useIdentityPolling();

  const start = async () => {
    const result = await createSession();
    if (result.data?.message === M.identity.sessionCreatedServer) {
      openFrame();
      startPolling();
    } else {
      toast.error(messageOf(result.error, M.identity.startFailed));
    }
  };

  return (
    <VerificationCard title="Identity Verification" text="A photo of your ID document and a selfie." verified={verified}>
      <Button variant="secondary" onClick={start} busy={isLoading} busyLabel={M.identity.busy}>
        Verify Identity
      </Button>
      <IdentityCheck flowId={verificationIds.identityFlow} url={data?.data.verification.url} />
    </VerificationCard>
  );
}
