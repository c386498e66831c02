import { useId } from 'react';
import styled from 'styled-components';
import * as M from '../../../shared/messages';
import type { Recipient, RecipientKind } from '../../../shared/types';
import { messageOf } from '../../api/error-message';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, dialogOpened, selectIsDialogOpen } from '../../app/ui-slice';
import { useDialogClosedOnUnmount } from '../../app/use-dialog-closed-on-unmount';
import { CloseIcon, ConfirmDialog, IconButton, toast } from '../../ui';
import { useDeleteRecipientMutation, useListRecipientsQuery } from './recipients-api';

/** How many recent recipients a send screen offers. */
export const RECENT_SHOWN = 5;

/** The ui-slice dialog confirming the removal of one recipient. */
export const removeDialogId = (id: string) => `recipient-remove:${id}`;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`;

const Heading = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.muted};
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`;

const Choose = styled.button<{ $chosen: boolean }>`
  display: flex;
  flex: 1;
  flex-direction: column;
  align-items: flex-start;
  min-width: 0;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border: 1px solid ${({ theme, $chosen }) => ($chosen ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme, $chosen }) => ($chosen ? theme.colors.primarySoft : theme.colors.surface)};
  font: inherit;
  text-align: left;
  cursor: pointer;

  &:hover { border-color: ${({ theme }) => theme.colors.primary}; }
`;

const Name = styled.span`
  max-width: 100%;
  overflow: hidden;
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/** Wraps rather than cut: the masked number or the e-mail is what tells two recipients apart. */
const Detail = styled.span`
  max-width: 100%;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
  overflow-wrap: anywhere;
`;

/** What identifies a recipient under its name: the e-mail, or the bank and masked account number. */
export const recipientDetail = (recipient: Recipient): string =>
  recipient.kind === 'ngn_bank'
    ? [recipient.bank_name, recipient.account_number_masked].filter(Boolean).join(' · ')
    : (recipient.email ?? '');

function RecipientRow({ recipient, chosen, onChoose }: { recipient: Recipient; chosen: boolean; onChoose(recipient: Recipient): void }) {
  const dispatch = useAppDispatch();
  const dialog = removeDialogId(recipient.id);
  const open = useAppSelector((state) => selectIsDialogOpen(state, dialog));
  useDialogClosedOnUnmount(dialog);
  const [remove, { isLoading }] = useDeleteRecipientMutation();
  const close = () => dispatch(dialogClosed(dialog));

  const confirm = async () => {
    const result = await remove(recipient.id);
    close();
    if (result.data) toast.success(result.data.message || M.recipients.deleted);
    else toast.error(messageOf(result.error, M.recipients.deleteFailed));
  };

  return (
    <Row>
      <Choose type="button" $chosen={chosen} aria-pressed={chosen} aria-label={`${recipient.name}, ${recipientDetail(recipient)}`} onClick={() => onChoose(recipient)}>
        <Name>{recipient.name}</Name>
        <Detail>{recipientDetail(recipient)}</Detail>
      </Choose>
      <IconButton label={`Remove ${recipient.name}`} onClick={() => dispatch(dialogOpened(dialog))}>
        <CloseIcon />
      </IconButton>
      <ConfirmDialog
        open={open}
        onClose={close}
        onConfirm={confirm}
        title="Remove this recipient?"
        text={`${recipient.name} (${recipientDetail(recipient)}) will no longer be offered here. Sending to them again saves them again.`}
        confirmLabel="Remove"
        busy={isLoading}
        busyLabel="Removing..."
      />
    </Row>
  );
}

export interface RecentRecipientsProps {
  /** Which recipients the screen sends to. */
  kind: RecipientKind;
  /** Choosing one fills the form with it. */
  onChoose(recipient: Recipient): void;
  /** Whether the form holds this recipient now (shown pressed). */
  isChosen?(recipient: Recipient): boolean;
}

/**
 * A send screen's recent recipients of its kind (spec-next §E): the newest RECENT_SHOWN, each a
 * button that fills the form, with a remove action (confirmed). Nothing shows before there is one
 * (or when the list cannot be loaded: the form works without it).
 */
export function RecentRecipients({ kind, onChoose, isChosen }: RecentRecipientsProps) {
  const headingId = useId();
  const { data } = useListRecipientsQuery();
  const recent = (data ?? []).filter((recipient) => recipient.kind === kind).slice(0, RECENT_SHOWN);
  if (recent.length === 0) return null;
  return (
    <Section aria-labelledby={headingId}>
      <Heading id={headingId}>{M.recipients.recent}</Heading>
      <List>
        {recent.map((recipient) => (
          <RecipientRow key={recipient.id} recipient={recipient} chosen={isChosen?.(recipient) ?? false} onChoose={onChoose} />
        ))}
      </List>
    </Section>
  );
}
