import moment from 'moment';
import * as Yup from 'yup';
import * as M from '../../../../shared/messages';
import type { Req } from '../../../../shared/types';
import { isAtLeast18, latestAllowedDob, toServerDate } from '../../../../shared/validation';
import { emailField, type NewPasswordValues } from '../auth-schema';
import { deviceTimeZone } from '../../../app/time-zone';

/** The sign-up form of spec §3; dateOfBirth is 'YYYY-MM-DD' as the date input gives it. */
export interface SignUpValues extends NewPasswordValues {
  nationality: string;
  countryOfResidence: string;
  sameAsNationality: boolean;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  email: string;
  subscribeNewsletter: boolean;
  acceptPrivacyPolicy: boolean;
}

export const initialSignUpValues: SignUpValues = {
  nationality: '',
  countryOfResidence: '',
  sameAsNationality: false,
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  email: '',
  subscribeNewsletter: false,
  acceptPrivacyPolicy: false,
  password: '',
  confirmPassword: '',
};

const INPUT_DATE = 'YYYY-MM-DD';
const parseInputDate = (value: string) => moment(value, INPUT_DATE, true);

/** The date picker's maximum: 18 years ago today. */
export const maxDateOfBirth = (): string => moment(latestAllowedDob()).format(INPUT_DATE);

/** 'January 15, 1990' (long US format) for the review step. */
export const longUsDate = (value: string): string => parseInputDate(value).format('MMMM D, YYYY');

/** Step 1 Continue: nationality, residence and privacy consent all set (spec §5). */
export const countryStepComplete = (values: SignUpValues): boolean =>
  Boolean(values.nationality && values.countryOfResidence && values.acceptPrivacyPolicy);

/** Step 2: names, date of birth (18 or older), e-mail. */
export const detailsSchema = Yup.object({
  firstName: Yup.string().trim().required('Please enter your first name'),
  lastName: Yup.string().trim().required('Please enter your last name'),
  dateOfBirth: Yup.string()
    .required('Please enter your date of birth')
    .test('valid', M.server.invalidDate, (value) => parseInputDate(value ?? '').isValid())
    .test('age', M.signUp.underAge, (value) => {
      const date = parseInputDate(value ?? '');
      return !date.isValid() || isAtLeast18(date.toDate());
    }),
  email: emailField,
});

/** POST /auth/sign-up body (spec §7); the newsletter choice is not sent. */
export const signUpPayload = (values: SignUpValues): Req<'signUp'> => ({
  address: '',
  confirm_password: values.confirmPassword,
  country_of_residence: values.countryOfResidence,
  date_of_birth: toServerDate(values.dateOfBirth),
  email: values.email.trim(),
  legal_first_name: values.firstName.trim(),
  legal_last_name: values.lastName.trim(),
  nationality: values.nationality,
  password: values.password,
  // The age is counted on the date here, as the date picker counts it.
  timezone: deviceTimeZone(),
});
