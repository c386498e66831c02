import { useFormikContext } from 'formik';
import type { ChangeEvent } from 'react';
import styled from 'styled-components';
import * as M from '../../../../shared/messages';
import { useGetCountriesQuery } from '../../../api/countries-api';
import { useErrorToast } from '../../../api/use-error-toast';
import { paths } from '../../../app/paths';
import { Button, CheckboxField, SelectField, VisuallyHidden } from '../../../ui';
import { AuthHeading } from '../auth-parts';
import { countryStepComplete, type SignUpValues } from './sign-up-form';

const Note = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

function CountryOptions({ placeholder }: { placeholder: string }) {
  const { data = [] } = useGetCountriesQuery();
  return (
    <>
      <option value="">{placeholder}</option>
      {data.map(({ value, label }) => <option key={value} value={value}>{label}</option>)}
    </>
  );
}

/** Step 1 'Create your account': nationality, residence, privacy consent. */
export function CountryStep() {
  const { values, getFieldProps, setFieldValue } = useFormikContext<SignUpValues>();
  const { error, isLoading } = useGetCountriesQuery();
  useErrorToast(error, M.profile.countriesFailed);

  const chooseNationality = (event: ChangeEvent<HTMLSelectElement>) => {
    void setFieldValue('nationality', event.target.value);
    if (values.sameAsNationality) void setFieldValue('countryOfResidence', event.target.value);
  };

  const toggleSame = (event: ChangeEvent<HTMLInputElement>) => {
    void setFieldValue('sameAsNationality', event.target.checked);
    if (event.target.checked) void setFieldValue('countryOfResidence', values.nationality);
  };

  return (
    <>
      <AuthHeading title="Create your account">Tell us where you are from and where you live.</AuthHeading>
      <SelectField label="Nationality" {...getFieldProps('nationality')} onChange={chooseNationality} disabled={isLoading}>
        <CountryOptions placeholder="Select your nationality" />
      </SelectField>
      <CheckboxField
        label="My country of residence is the same as my nationality"
        checked={values.sameAsNationality}
        onChange={toggleSame}
      />
      {!values.sameAsNationality && (
        <SelectField label="Country of residence" {...getFieldProps('countryOfResidence')} disabled={isLoading}>
          <CountryOptions placeholder="Select your country of residence" />
        </SelectField>
      )}
      <CheckboxField
        label={
          <>
            I have read and agree to the{' '}
            <a href={paths.privacyPolicy} target="_blank" rel="noopener">
              Privacy Policy<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </a>
          </>
        }
        {...getFieldProps({ name: 'acceptPrivacyPolicy', type: 'checkbox' })}
      />
      <Note>
        We collect this information for regulatory compliance. It must match the details on your identity documents or
        license.
      </Note>
      <Button type="submit" fullWidth disabled={!countryStepComplete(values)}>Continue</Button>
    </>
  );
}
