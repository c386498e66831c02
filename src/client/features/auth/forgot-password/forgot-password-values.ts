import type { NewPasswordValues } from '../auth-schema';

/** The forgot-password form's values, shared by the flow and its steps (one Formik form for all three). */
export interface ForgotPasswordValues extends NewPasswordValues {
  email: string;
}

export const initialValues: ForgotPasswordValues = { email: '', password: '', confirmPassword: '' };
