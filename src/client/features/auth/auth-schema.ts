import * as Yup from 'yup';
import * as M from '../../../shared/messages';
import { isEmail } from '../../../shared/validation';

/** A required, plausible e-mail address. */
export const emailField = Yup.string()
  .trim()
  .required('Please enter your email address')
  .test('email', M.server.invalidEmail, (value) => isEmail(value ?? ''));

/** A new password and its confirmation: the buttons need a non-empty password equal to the confirmation (spec §5). */
export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

export const canSubmitPassword = ({ password, confirmPassword }: NewPasswordValues): boolean =>
  password.length > 0 && password === confirmPassword;
