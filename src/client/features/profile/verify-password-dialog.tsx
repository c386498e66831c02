import { Form, Formik } from 'formik';
import { object, string } from 'yup';
import * as M from '../../../shared/messages';
import { isHttpError, serverMessage } from '../../api/error-message';
import { Button, Modal, PasswordField, RefusedSubmitToast, Stack, toast } from '../../ui';
import { useCheckPasswordMutation } from './profile-api';
import { profileDialogs, useProfileDialog } from './profile-dialogs';

const schema = object({ password: string().required(M.password.required) });

/** The wrong-password toast: 'Invalid password' when the server says so, else 'Incorrect password'. */
const wrongPasswordText = (message: string | undefined) =>
  message === M.profile.invalidPassword ? M.profile.invalidPassword : M.profile.incorrectPassword;

/** Verify Password: the gate before a PIN change; on success the Change Transaction PIN modal opens. */
export function VerifyPasswordDialog({ email }: { email: string }) {
  const { open, close } = useProfileDialog(profileDialogs.verifyPassword);
  const changePin = useProfileDialog(profileDialogs.changePin);
  const [checkPassword] = useCheckPasswordMutation();

  const submit = async ({ password }: { password: string }) => {
    const result = await checkPassword({ email, password });
    if (result.data?.success) {
      close();
      changePin.show();
    } else if (isHttpError(result.error) && result.error.status === 401) {
      toast.error(wrongPasswordText(serverMessage(result.error)));
    } else {
      toast.error(serverMessage(result.error) ?? M.profile.verifyPasswordFailed);
    }
  };

  return (
    <Modal open={open} onClose={close} title="Verify Password" description="Enter your password to change your transaction PIN.">
      <Formik initialValues={{ password: '' }} validationSchema={schema} validateOnBlur={false} validateOnChange={false} onSubmit={submit}>
        {({ values, errors, handleChange, isSubmitting }) => (
          <Form noValidate>
            <RefusedSubmitToast id="verify-password" />
            <Stack>
              <PasswordField label="Password" name="password" autoComplete="current-password" autoFocus
                value={values.password} onChange={handleChange} error={errors.password} />
              <Button type="submit" fullWidth busy={isSubmitting}>Verify</Button>
            </Stack>
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
