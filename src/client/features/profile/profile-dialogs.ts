import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, dialogOpened, selectIsDialogOpen } from '../../app/ui-slice';

/** ui-slice dialog ids of the profile screen: which modal is open lives in the store. */
export const profileDialogs = {
  changePassword: 'profile-change-password',
  verifyPassword: 'profile-verify-password',
  changePin: 'profile-change-pin',
  updateProfile: 'profile-update',
  /** Devices: 'Sign out everywhere else' asks first. */
  signOutOthers: 'profile-sign-out-others',
} as const;

/** The confirmation of signing out the device of session `id` (one dialog id per device). */
export const signOutDeviceDialog = (id: string): string => `profile-sign-out-device:${id}`;

type ProfileDialog = (typeof profileDialogs)[keyof typeof profileDialogs];

/** Whether the profile dialog `id` is open, and how to open or close it. */
export function useProfileDialog(id: ProfileDialog) {
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => selectIsDialogOpen(state, id));
  const show = useCallback(() => dispatch(dialogOpened(id)), [dispatch, id]);
  const close = useCallback(() => dispatch(dialogClosed(id)), [dispatch, id]);
  return { open, show, close };
}
