import moment from 'moment';
import { useId } from 'react';
import styled from 'styled-components';
import * as M from '../../../shared/messages';
import type { DeviceSession } from '../../../shared/types';
import { isHttpError, messageOf } from '../../api/error-message';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, dialogOpened, selectIsDialogOpen } from '../../app/ui-slice';
import { useDialogClosedOnUnmount } from '../../app/use-dialog-closed-on-unmount';
import { Badge, Button, Card, CardTitle, ConfirmDialog, FormError, LoadingText, Stack, toast, VisuallyHidden } from '../../ui';
import { useGetSessionsQuery, useRevokeOtherSessionsMutation, useRevokeSessionMutation } from './devices-api';
import { profileDialogs, signOutDeviceDialog, useProfileDialog } from './profile-dialogs';

const List = styled.ul`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
  > li + li {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Item = styled.li`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} 0;
`;

const Name = styled.h3`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  overflow-wrap: anywhere;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt { color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
`;

/** 'March 3, 2026 2:05 PM', in this device's time zone. */
export const deviceTime = (timestamp: string): string => moment(timestamp).format('MMMM D, YYYY h:mm A');

/**
 * A failure's toast, except when the session ended meanwhile: this device was signed out from
 * another one, so the call was refused (401) and the refresh failed too; ending the session
 * ('Session expired', api/base-query.ts) resets the API state, which aborts the call. That toast
 * already said what happened.
 */
function failureToast(error: Parameters<typeof messageOf>[0], fallback: string): void {
  const sessionEnded = (isHttpError(error) && error.status === 401) || (error !== undefined && 'name' in error && error.name === 'AbortError');
  if (!sessionEnded) toast.error(messageOf(error, fallback));
}

/** One device: its name ('This device' for the one asking), address and times, and Sign out for the others. */
function DeviceItem({ session }: { session: DeviceSession }) {
  const dispatch = useAppDispatch();
  const dialog = signOutDeviceDialog(session.id);
  const open = useAppSelector((state) => selectIsDialogOpen(state, dialog));
  const [revoke, { isLoading }] = useRevokeSessionMutation();
  useDialogClosedOnUnmount(dialog);
  const close = () => dispatch(dialogClosed(dialog));

  const signOut = async () => {
    const result = await revoke(session.id);
    close();
    if (result.data) toast.success(result.data.message);
    else failureToast(result.error, M.devices.signOutFailed);
  };

  return (
    <Item>
      <Name>
        {session.device}
        {session.current && <Badge tone="success">This device</Badge>}
      </Name>
      <Facts>
        <dt>IP address</dt>
        <dd>{session.ip ?? 'Unknown'}</dd>
        <dt>Signed in</dt>
        <dd><time dateTime={session.created_at}>{deviceTime(session.created_at)}</time></dd>
        <dt>Last used</dt>
        <dd><time dateTime={session.last_used_at}>{deviceTime(session.last_used_at)}</time></dd>
      </Facts>
      {!session.current && (
        <>
          {/* Named with its device ('Sign out Safari on iPhone'), so a screen reader's list of buttons tells them apart. */}
          <Button variant="secondary" onClick={() => dispatch(dialogOpened(dialog))}>
            Sign out<VisuallyHidden> {session.device}</VisuallyHidden>
          </Button>
          <ConfirmDialog
            open={open}
            onClose={close}
            onConfirm={signOut}
            title="Sign out this device?"
            text={`${session.device} will be signed out. Its next action will ask to sign in again.`}
            confirmLabel="Sign out"
            busy={isLoading}
            busyLabel="Signing out..."
          />
        </>
      )}
    </Item>
  );
}

/** 'Sign out everywhere else': every other device signed out, after a confirmation. */
function SignOutOthers() {
  const dialog = useProfileDialog(profileDialogs.signOutOthers);
  const [revokeOthers, { isLoading }] = useRevokeOtherSessionsMutation();
  useDialogClosedOnUnmount(profileDialogs.signOutOthers);

  const confirm = async () => {
    const result = await revokeOthers();
    dialog.close();
    if (result.data) toast.success(result.data.message ?? M.devices.othersSignedOut(result.data.data.revoked));
    else failureToast(result.error, M.devices.signOutOthersFailed);
  };

  return (
    <>
      <Button variant="danger" onClick={dialog.show}>Sign out everywhere else</Button>
      <ConfirmDialog
        open={dialog.open}
        onClose={dialog.close}
        onConfirm={confirm}
        title="Sign out everywhere else?"
        text="Every other device signed in to your account will be signed out. This device stays signed in."
        confirmLabel="Sign out everywhere else"
        busy={isLoading}
        busyLabel="Signing out..."
      />
    </>
  );
}

/** Profile's "Devices" (spec-next §E): where the account is signed in, and signing those devices out. */
export function DevicesCard() {
  const titleId = useId();
  const { data: sessions, error, isLoading, isFetching, refetch } = useGetSessionsQuery();
  const others = sessions?.filter((session) => !session.current).length ?? 0;

  return (
    <Card aria-labelledby={titleId}>
      <CardTitle id={titleId}>Devices</CardTitle>
      {isLoading ? (
        <LoadingText>Loading...</LoadingText>
      ) : error && !sessions ? (
        <Stack gap="sm" align="flex-start">
          <FormError>{messageOf(error, M.devices.loadFailed)}</FormError>
          <Button variant="secondary" onClick={() => void refetch()} busy={isFetching} busyLabel="Loading...">Try again</Button>
        </Stack>
      ) : (
        sessions && (
          <>
            <List>
              {sessions.map((session) => <DeviceItem key={session.id} session={session} />)}
            </List>
            {others > 0 && <SignOutOthers />}
          </>
        )
      )}
    </Card>
  );
}
