import { useFormikContext } from 'formik';
import { Fragment } from 'react';
import styled from 'styled-components';
import { useGetCountriesQuery } from '../../../api/countries-api';
import { Button } from '../../../ui';
import { AuthHeading, ButtonRow } from '../auth-parts';
import { longUsDate, type SignUpValues } from './sign-up-form';

const Summary = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; font-weight: ${({ theme }) => theme.fontWeights.medium}; overflow-wrap: anywhere; }
`;

const Warning = styled.p`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.warningSoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Step 3 'Review Your Details'. */
export function ReviewStep({ onEdit }: { onEdit(): void }) {
  const { values } = useFormikContext<SignUpValues>();
  const { data: countries = [] } = useGetCountriesQuery();
  const countryName = (code: string) => countries.find((country) => country.value === code)?.label ?? code;

  const rows: [string, string][] = [
    ['Full name', `${values.firstName.trim()} ${values.lastName.trim()}`],
    ['Date of birth', longUsDate(values.dateOfBirth)],
    ['Email', values.email.trim()],
    ['Nationality', countryName(values.nationality)],
    ['Country of residence', countryName(values.countryOfResidence)],
  ];

  return (
    <>
      <AuthHeading title="Review Your Details">Check that everything is correct before you continue.</AuthHeading>
      <Summary>
        {rows.map(([term, detail]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{detail}</dd>
          </Fragment>
        ))}
      </Summary>
      <Warning role="note">
        These details are used to verify your identity and cannot be changed later without contacting support.
      </Warning>
      <ButtonRow>
        <Button variant="secondary" onClick={onEdit}>Edit Details</Button>
        <Button type="submit">Continue</Button>
      </ButtonRow>
    </>
  );
}
