import { useNavigate } from 'react-router-dom';
import * as M from '../../../shared/messages';
import { dialogIds } from '../../app/dialog-ids';
import { paths } from '../../app/paths';
import { sessionEnded } from '../../app/session-slice';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, selectIsDialogOpen } from '../../app/ui-slice';
import { ConfirmDialog } from '../../ui';
import { useLogoutMutation } from './layout-api';

/** 'Sign Out Confirmation': revokes the server session (its failure does not matter), clears the stored user, goes to '/'. */
export function SignOutDialog() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const open = useAppSelector((state) => selectIsDialogOpen(state, dialogIds.signOut));
  const [logout, { isLoading }] = useLogoutMutation();

  const signOut = async () => {
    await logout();
    dispatch(sessionEnded({ reason: 'signedOut' }));
    await navigate(paths.home, { replace: true });
  };

  return (
    <ConfirmDialog
      open={open}
      onClose={() => dispatch(dialogClosed(dialogIds.signOut))}
      onConfirm={signOut}
      title={M.session.signOutTitle}
      text={M.session.signOutText}
      confirmLabel="Sign Out"
      busy={isLoading}
    />
  );
}
