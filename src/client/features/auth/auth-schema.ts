import * as Yup from 'yup';
import * as M from '../../../shared/messages';
import { isEmail } from '../../../shared/validation';
import { EMAIL_REQUIRED } from './auth-validation';

/** A required, plausible e-mail address (emailError in auth-validation.ts is the same rule without Yup). */
export const emailField = Yup.string()
  .trim()
  .required(EMAIL_REQUIRED)
  .test('email', M.server.invalidEmail, (value) => isEmail(value ?? ''));

/** A new password and its confirmation: the buttons need a non-empty password equal to the confirmation (spec §5). */
export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

export const canSubmitPassword = ({ password, confirmPassword }: NewPasswordValues): boolean =>
  password.length > 0 && password === confirmPassword;
