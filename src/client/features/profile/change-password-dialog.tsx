import { Form, Formik } from 'formik';
import { object, ref, string } from 'yup';
import * as M from '../../../shared/messages';
import { isStrongPassword } from '../../../shared/validation';
import { isHttpError, messageOf } from '../../api/error-message';
import { Button, Modal, PasswordField, RefusedSubmitToast, Stack, toast } from '../../ui';
import { useChangePasswordMutation, useCheckPasswordMutation } from './profile-api';
import { profileDialogs, useProfileDialog } from './profile-dialogs';

const schema = object({
  current: string().required(),
  password: string().required().test('strong', M.password.rule, (value) => isStrongPassword(value ?? '')),
  confirm: string().required().oneOf([ref('password')], M.password.mismatch),
});

const initialValues = { current: '', password: '', confirm: '' };

/** Change Password: the current password is checked by signing in, then the new one is set (spec §4). */
export function ChangePasswordDialog({ email }: { email: string }) {
  const { open, close } = useProfileDialog(profileDialogs.changePassword);
  const [checkPassword] = useCheckPasswordMutation();
  const [changePassword] = useChangePasswordMutation();

  const submit = async ({ current, password, confirm }: typeof initialValues) => {
    const check = await checkPassword({ email, password: current });
    if (!check.data?.success) {
      const wrong = isHttpError(check.error) && check.error.status === 401;
      toast.error(wrong ? M.profile.currentPasswordIncorrect : messageOf(check.error, M.profile.passwordChangeFailed));
      return;
    }
    const change = await changePassword({ email, new_password: password, confirm_password: confirm });
    if (change.data?.success) {
      toast.success(M.profile.passwordChanged);
      close();
    } else {
      toast.error(messageOf(change.error, M.profile.passwordChangeFailed));
    }
  };

  return (
    <Modal open={open} onClose={close} title="Change Password">
      <Formik initialValues={initialValues} validationSchema={schema} validateOnBlur={false} validateOnChange={false} onSubmit={submit}>
        {({ values, errors, handleChange, isSubmitting }) => (
          <Form noValidate>
            <RefusedSubmitToast id="change-password" />
            <Stack>
              <PasswordField label="Current password" name="current" autoComplete="current-password" value={values.current} onChange={handleChange} />
              <PasswordField label="New password" name="password" autoComplete="new-password" value={values.password} onChange={handleChange} error={errors.password} />
              <PasswordField label="Confirm new password" name="confirm" autoComplete="new-password" value={values.confirm} onChange={handleChange} error={errors.confirm} />
              <Button type="submit" fullWidth busy={isSubmitting} disabled={!values.current || !values.password || !values.confirm}>
                Change Password
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
