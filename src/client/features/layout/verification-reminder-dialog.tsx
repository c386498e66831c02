import { useNavigate } from 'react-router-dom';
import { dialogIds } from '../../app/dialog-ids';
import { paths } from '../../app/paths';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, selectIsDialogOpen } from '../../app/ui-slice';
import { Button, Modal } from '../../ui';

/** Opened by gated links and tiles while email, phone or identity is unverified (spec §2). */
export function VerificationReminderDialog() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const open = useAppSelector((state) => selectIsDialogOpen(state, dialogIds.verificationReminder));
  const close = () => dispatch(dialogClosed(dialogIds.verificationReminder));

  return (
    <Modal
      open={open}
      onClose={close}
      title="Verification required"
      description="Please complete your email, phone and identity verification to use this feature."
      footer={
        <>
          <Button variant="secondary" onClick={close}>Not now</Button>
          <Button
            autoFocus
            onClick={() => {
              close();
              void navigate(paths.verification);
            }}
          >
            Verify now
          </Button>
        </>
      }
    />
  );
}
