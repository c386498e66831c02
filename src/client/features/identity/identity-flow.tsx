import { useMemo } from 'react';
import styled from 'styled-components';
import * as M from '../../../shared/messages';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { selectStep, stepChanged } from '../../app/ui-slice';
import { ProviderFrame } from './provider-frame';

/** Where an identity check stands; kept as a ui-slice step so DevTools time-travel shows the frame. */
export const identitySteps = { idle: 1, frame: 2, reviewing: 3 } as const;

/** The step of the identity check `flowId` and its transitions. */
export function useIdentityFlow(flowId: string) {
  const dispatch = useAppDispatch();
  const step = useAppSelector((state) => selectStep(state, flowId, identitySteps.idle));
  const actions = useMemo(() => {
    const go = (next: number) => () => dispatch(stepChanged({ id: flowId, step: next }));
    return { openFrame: go(identitySteps.frame), finish: go(identitySteps.reviewing), close: go(identitySteps.idle) };
  }, [dispatch, flowId]);
  return { step, ...actions };
}

const Notice = styled.p`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.success};
  background: ${({ theme }) => theme.colors.successSoft};
`;

/**
 * The provider frame while the check runs, then the review notice once the provider says it
 * finished (spec §2); a cancel just closes the frame.
 */
export function IdentityCheck({ flowId, url }: { flowId: string; url: string | undefined }) {
  const { step, finish, close } = useIdentityFlow(flowId);
  if (step === identitySteps.frame && url) return <ProviderFrame src={url} onFinished={finish} onClose={close} />;
  if (step === identitySteps.reviewing) return <Notice role="status">{M.identity.reviewing}</Notice>;
  return null;
}
