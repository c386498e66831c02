import { Form, Formik } from 'formik';
import { useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { NAME_MAX_LENGTH, TEXT_MAX_LENGTH } from '../../../shared/limits';
import * as M from '../../../shared/messages';
import type { Country, User } from '../../../shared/types';
import { useGetCountriesQuery } from '../../api/countries-api';
import { messageOf } from '../../api/error-message';
import { useErrorToast } from '../../api/use-error-toast';
import { Button, focusRefusedField, Modal, SelectField, Stack, TextField, toast } from '../../ui';
import { useUpdateProfileMutation } from './profile-api';
import { profileDialogs, useProfileDialog } from './profile-dialogs';

type Values = { first_name: string; last_name: string; address: string; country_of_residence: string; nationality: string };

const blank = (value: string) => value.trim() === '';
/** The fields left empty: every field must be filled (spec §5), else the toast 'Please fill in all fields' (spec §8). */
const emptyFields = (values: Values) => (Object.keys(values) as (keyof Values)[]).filter((name) => blank(values[name]));

const Note = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

/** Not in the spec: why the fixed fields are read-only and why save may be disabled. */
const LOCKED_NOTE = 'Your name and nationality are verified and can no longer be changed.';
const PHONE_NOTE = 'Verify your phone number before updating your profile.';

interface UpdateProfileDialogProps {
  user: User;
  /** Email, phone and identity all verified: names and nationality are read-only (spec §4). */
  locked: boolean;
}

/** Update Profile: every field required; sends the stored dob back unchanged (spec §5, §7). */
export function UpdateProfileDialog({ user, locked }: UpdateProfileDialogProps) {
  const { open, close } = useProfileDialog(profileDialogs.updateProfile);
  const { data: countries = [], error: countriesError } = useGetCountriesQuery(undefined, { skip: !open });
  useErrorToast(countriesError, M.profile.countriesFailed);
  const [updateProfile] = useUpdateProfileMutation();
  // Once a save was refused, each empty field is marked invalid (the toast says one text for them all).
  const [refused, setRefused] = useState(false);
  const marked = (value: string) => (refused && blank(value) ? { 'aria-invalid': true as const } : {});

  const submit = async (values: Values) => {
    const empty = emptyFields(values);
    if (empty.length > 0) {
      setRefused(true);
      toast.error(M.profile.fieldsRequired, { toastId: M.profile.fieldsRequired });
      focusRefusedField(empty);
      return;
    }
    const result = await updateProfile({
      address: values.address.trim(),
      country_of_residence: values.country_of_residence,
      dob: user.dob,
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      nationlaity: values.nationality,
    });
    if (result.data?.success) {
      toast.success(M.profile.updated);
      close();
    } else {
      toast.error(messageOf(result.error, M.profile.updateFailed));
    }
  };

  const initialValues: Values = {
    first_name: user.first_name,
    last_name: user.last_name,
    address: user.address,
    country_of_residence: user.country_of_residence,
    nationality: user.nationality,
  };

  return (
    <Modal open={open} onClose={close} title="Update Profile">
      <Formik initialValues={initialValues} onSubmit={submit}>
        {({ values, handleChange, isSubmitting }) => (
          <Form noValidate>
            <Stack>
              {locked && <Note>{LOCKED_NOTE}</Note>}
              <TextField label="First name" name="first_name" autoComplete="given-name" maxLength={NAME_MAX_LENGTH} readOnly={locked} value={values.first_name} onChange={handleChange} {...marked(values.first_name)} />
              <TextField label="Last name" name="last_name" autoComplete="family-name" maxLength={NAME_MAX_LENGTH} readOnly={locked} value={values.last_name} onChange={handleChange} {...marked(values.last_name)} />
              <TextField label="Address" name="address" autoComplete="street-address" maxLength={TEXT_MAX_LENGTH} value={values.address} onChange={handleChange} {...marked(values.address)} />
              <CountrySelect label="Country of residence" name="country_of_residence" countries={countries} value={values.country_of_residence} onChange={handleChange} {...marked(values.country_of_residence)} />
              <CountrySelect label="Nationality" name="nationality" countries={countries} value={values.nationality} onChange={handleChange} disabled={locked} {...marked(values.nationality)} />
              {!user.phone_number && <Note>{PHONE_NOTE}</Note>}
              <Button type="submit" fullWidth busy={isSubmitting} disabled={!user.phone_number}>Save Changes</Button>
            </Stack>
          </Form>
        )}
      </Formik>
    </Modal>
  );
}

interface CountrySelectProps {
  label: string;
  name: string;
  countries: Country[];
  value: string;
  onChange(event: ChangeEvent<HTMLSelectElement>): void;
  disabled?: boolean;
  'aria-invalid'?: true;
}

/** A country picker that keeps the current value selectable even before the list loads. */
function CountrySelect({ countries, value, ...props }: CountrySelectProps) {
  const known = countries.some((country) => country.value === value);
  return (
    <SelectField value={value} {...props}>
      <option value="">Select a country</option>
      {value && !known && <option value={value}>{value}</option>}
      {countries.map((country) => (
        <option key={country.value} value={country.value}>{country.label}</option>
      ))}
    </SelectField>
  );
}
