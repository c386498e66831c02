import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { object, string } from 'yup';
import * as M from '../../../shared/messages';
import type { Country } from '../../../shared/types';
import { digitsOnly } from '../../../shared/validation';
import { useGetCountriesQuery } from '../../api/countries-api';
import { messageOf } from '../../api/error-message';
import { useErrorToast } from '../../api/use-error-toast';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, dialogOpened, selectIsDialogOpen } from '../../app/ui-slice';
import { Button, FormError, Modal, RefusedSubmitToast, SelectField, Stack, toast } from '../../ui';
import { phone, PhoneField } from '../../ui/phone-field';
import { phonePickerCountries } from './phone-countries';
import { useSendPhoneOtpMutation } from './verification-api';
import { verificationIds } from './verification-ids';

/** A country and a number are required (spec §5); the number must be one that can exist in that country. */
const phoneSchema = (countries: readonly Country[]) =>
  object({
    country: string().required(M.phone.required),
    number: string()
      .required(M.phone.required)
      .test('digits', M.phone.required, (value) => digitsOnly(value ?? '') !== '')
      .test('valid', (value, context) => {
        const country = countries.find((option) => option.value === context.parent.country);
        return !country || phone.isValid(value ?? '', country.value) || context.createError({ message: M.phone.invalidFor(country.label) });
      }),
  });

/** Dialog 1 of the phone flow: country and number, then 'Send OTP'. */
export function PhoneNumberDialog({ onSent }: { onSent(phoneNumber: string): void }) {
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => selectIsDialogOpen(state, verificationIds.phoneNumberDialog));
  const close = () => dispatch(dialogClosed(verificationIds.phoneNumberDialog));
  return (
    <Modal open={open} onClose={close} title="Verify Phone" description="We will send a 6-digit code to this number by SMS.">
      <PhoneNumberForm onSent={onSent} />
    </Modal>
  );
}

/** Country options name the country only (spec §3: value and label); its dial code shows before the number. */
function PhoneNumberForm({ onSent }: { onSent(phoneNumber: string): void }) {
  const dispatch = useAppDispatch();
  const { data: countries = [], error: countriesError } = useGetCountriesQuery();
  useErrorToast(countriesError, M.profile.countriesFailed);
  const [sendOtp] = useSendPhoneOtpMutation();
  const options = useMemo(() => phonePickerCountries(countries), [countries]);
  const schema = useMemo(() => phoneSchema(options), [options]);

  const submit = async (values: { country: string; number: string }) => {
    // E.164: the dial code and the national number without its trunk 0 ('0801 234 5678' in Nigeria is '+2348012345678').
    const phoneNumber = phone.toE164(values.number, values.country);
    if (!phoneNumber) return;
    const result = await sendOtp({ phone_number: phoneNumber });
    if (result.data?.success === true) {
      toast.success(M.phone.otpSent);
      onSent(phoneNumber);
      dispatch(dialogClosed(verificationIds.phoneNumberDialog));
      dispatch(dialogOpened(verificationIds.phoneCodeDialog));
    } else {
      toast.error(messageOf(result.error, M.phone.sendFailed));
    }
  };

  return (
    <Formik initialValues={{ country: '', number: '' }} validationSchema={schema} validateOnBlur={false} validateOnChange={false} onSubmit={submit}>
      {({ values, errors, handleChange, setFieldValue, isSubmitting }) => (
        <Form noValidate>
          <RefusedSubmitToast id="phone-number" />
          <Stack>
            <SelectField label="Country" name="country" value={values.country} onChange={handleChange} autoComplete="country">
              <option value="">Select a country</option>
              {options.map((country) => (
                <option key={country.value} value={country.value}>{country.label}</option>
              ))}
            </SelectField>
            <PhoneField label="Phone number" name="number" autoComplete="tel-national" country={values.country}
              leading={options.find((option) => option.value === values.country)?.dialCode || undefined}
              value={values.number} onValueChange={(number) => void setFieldValue('number', number)} />
            {(errors.country || errors.number) && <FormError>{errors.country ?? errors.number}</FormError>}
            <Button type="submit" fullWidth busy={isSubmitting} busyLabel={M.phone.busy}>Send OTP</Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
