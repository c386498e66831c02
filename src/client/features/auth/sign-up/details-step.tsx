import { useFormikContext } from 'formik';
import { NAME_MAX_LENGTH } from '../../../../shared/limits';
import { Button, CheckboxField, TextField } from '../../../ui';
import { AuthHeading, ButtonRow } from '../auth-parts';
import { maxDateOfBirth, type SignUpValues } from './sign-up-form';

type DetailsField = 'firstName' | 'lastName' | 'dateOfBirth' | 'email';

/** Step 2 'Tell us more about you'. */
export function DetailsStep({ onBack }: { onBack(): void }) {
  const { touched, errors, getFieldProps } = useFormikContext<SignUpValues>();
  const field = (name: DetailsField) => ({ ...getFieldProps(name), error: touched[name] && errors[name] });

  return (
    <>
      <AuthHeading title="Tell us more about you">Use your legal name as it appears on your documents.</AuthHeading>
      <TextField label="First name" autoComplete="given-name" maxLength={NAME_MAX_LENGTH} {...field('firstName')} />
      <TextField label="Last name" autoComplete="family-name" maxLength={NAME_MAX_LENGTH} {...field('lastName')} />
      <TextField label="Date of birth" type="date" autoComplete="bday" max={maxDateOfBirth()} {...field('dateOfBirth')} />
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <CheckboxField
        label="Send me news and offers by email"
        {...getFieldProps({ name: 'subscribeNewsletter', type: 'checkbox' })}
      />
      <ButtonRow>
        <Button variant="secondary" onClick={onBack}>Back</Button>
        <Button type="submit">Continue</Button>
      </ButtonRow>
    </>
  );
}
