import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { PROOF_OF_ADDRESS_MAX_BYTES, PROOF_OF_ADDRESS_TYPES, PROOF_POLL_INTERVAL_MS } from '../../../shared/limits';
import * as M from '../../../shared/messages';
import { formatMinor, parseAmount } from '../../../shared/money';
import type { Limits, ProofOfAddress } from '../../../shared/types';
import { messageOf } from '../../api/error-message';
import { limitsApi, useGetLimitsQuery } from '../../api/limits-api';
import { useAppDispatch } from '../../app/store';
import { useErrorToast } from '../../api/use-error-toast';
import { Badge, Card, CardTitle, FormError, LoadingText, refused, Stack, toast } from '../../ui';
import { useGetProofOfAddressQuery, useUploadProofOfAddressMutation } from './profile-api';

const Rows = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; font-weight: ${({ theme }) => theme.fontWeights.semibold}; text-align: right; }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const FileLabel = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  input { max-width: 100%; }
`;

const dollars = (money: string) => {
  const parsed = parseAmount(money);
  return `$${parsed.ok ? formatMinor(parsed.minor) : '0.00'}`;
};

/** What a file picked for proof of address breaks of spec-next §B's rules (PDF, PNG or JPEG, at most 5 MB), else null. */
export function documentProblem(file: File): string | null {
  if (file.size === 0) return M.pricing.documentEmpty;
  if (file.size > PROOF_OF_ADDRESS_MAX_BYTES) return M.pricing.documentTooLarge;
  if (!(PROOF_OF_ADDRESS_TYPES as readonly string[]).includes(file.type)) return M.tierLimits.proofWrongType;
  return null;
}

const statusText: Record<ProofOfAddress['status'], string> = {
  none: 'Not sent',
  pending: 'Under review',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** The lesser of two decimal amounts (the API's strings). */
const lesser = (a: string, b: string) => {
  const [x, y] = [parseAmount(a), parseAmount(b)];
  return x.ok && y.ok && y.minor < x.minor ? b : a;
};

function LimitRows({ limits }: { limits: Limits }) {
  // What can still be sent today: the day's remainder, unless the 30 days leave less.
  const leftToday = lesser(limits.remaining_today, limits.remaining_30_days);
  return (
    <Rows>
      <dt>Per transfer</dt>
      <dd>{dollars(limits.per_transfer)}</dd>
      <dt>Per day</dt>
      <dd>{dollars(limits.per_day)}</dd>
      <dt>Per 30 days</dt>
      <dd>{dollars(limits.per_30_days)}</dd>
      <dt>Used today</dt>
      <dd>{dollars(limits.used_today)}</dd>
      <dt>Left today</dt>
      <dd>{dollars(leftToday)}</dd>
      <dt>Used in the last 30 days</dt>
      <dd>{dollars(limits.used_30_days)}</dd>
      <dt>Left over 30 days</dt>
      <dd>{dollars(limits.remaining_30_days)}</dd>
    </Rows>
  );
}

/**
 * The way to Plus (spec-next §B): the proof-of-address status, and the upload while none is pending
 * or approved. While it is under review it is asked again every PROOF_POLL_INTERVAL_MS; once decided,
 * the limits are asked again (an approval makes the customer Plus).
 */
function ProofOfAddressUpload() {
  const dispatch = useAppDispatch();
  const [underReview, setUnderReview] = useState(false);
  const status = useGetProofOfAddressQuery(undefined, { pollingInterval: underReview ? PROOF_POLL_INTERVAL_MS : 0 });
  useErrorToast(status.error, M.pricing.documentUploadFailed);
  const pending = status.data?.status === 'pending';
  const wasPending = useRef(pending);
  useEffect(() => {
    setUnderReview(pending);
    if (wasPending.current && !pending) dispatch(limitsApi.util.invalidateTags(['Limits']));
    wasPending.current = pending;
  }, [pending, dispatch]);
  const [upload, { isLoading }] = useUploadProofOfAddressMutation();
  // What is wrong with the file picked last (the browser's check, else the server's refusal): a toast
  // (spec §8) and the same words under the upload, which each pick replaces, so they never speak of
  // an earlier file.
  const [problem, setProblem] = useState<string | null>(null);
  const proof = status.data;
  const refuse = (message: string) => {
    setProblem(message);
    refused(message);
  };

  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    const wrong = documentProblem(file);
    if (wrong) {
      refuse(wrong);
      return;
    }
    const result = await upload(file);
    if ('data' in result && result.data) toast.success(M.tierLimits.proofReceived);
    else refuse(messageOf(result.error, M.pricing.documentUploadFailed));
  };

  if (!proof) return status.isLoading ? <LoadingText>Loading...</LoadingText> : null;
  return (
    <Stack gap="sm">
      <p>
        Proof of address: <Badge tone={proof.status === 'approved' ? 'success' : proof.status === 'rejected' ? 'danger' : 'neutral'}>{statusText[proof.status]}</Badge>
      </p>
      {proof.status === 'rejected' && proof.reason && <Muted>Reason: {proof.reason}</Muted>}
      {(proof.status === 'none' || proof.status === 'rejected') && (
        <>
          <Muted>Upgrade to Plus for higher limits: upload a recent bill or bank statement showing your address (PDF, PNG or JPEG, up to 5 MB).</Muted>
          <FileLabel>
            Upload proof of address
            <input
              type="file"
              accept={PROOF_OF_ADDRESS_TYPES.join(',')}
              disabled={isLoading}
              onChange={(event) => void picked(event)}
            />
          </FileLabel>
          {isLoading && <LoadingText>Uploading...</LoadingText>}
          {problem && <FormError>{problem}</FormError>}
        </>
      )}
    </Stack>
  );
}

/** Profile's "Limits" card: the tier, its limits, what is used today, and the way to Plus. */
export default function LimitsCard() {
  const { data: limits, error } = useGetLimitsQuery();
  useErrorToast(error, 'Failed to load your limits');
  return (
    <Card>
      <CardTitle>Limits</CardTitle>
      {limits ? (
        <Stack gap="md">
          <p>
            Your tier: <Badge tone={limits.tier === 'Plus' ? 'success' : 'neutral'}>{limits.tier}</Badge>
          </p>
          <LimitRows limits={limits} />
          {limits.tier === 'Basic' && <ProofOfAddressUpload />}
        </Stack>
      ) : (
        <LoadingText>Loading...</LoadingText>
      )}
    </Card>
  );
}
