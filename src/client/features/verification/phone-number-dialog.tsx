import { Form, Formik } from 'formik';
import { toast } from 'react-toastify';
import { object, string } from 'yup';
import * as M from '../../../shared/messages';
import { digitsOnly } from '../../../shared/validation';
import { useGetCountriesQuery } from '../../api/countries-api';
import { messageOf } from '../../api/error-message';
import { useErrorToast } from '../../api/use-error-toast';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, dialogOpened, selectIsDialogOpen } from '../../app/ui-slice';
import { Button, FormError, Modal, SelectField, Stack, TextField } from '../../ui';
import { fullPhoneNumber, phonePickerCountries } from './phone-countries';
import { useSendPhoneOtpMutation } from './verification-api';
import { verificationIds } from './verification-ids';

const schema = object({
  country: string().required(M.phone.required),
  number: string()
    .required(M.phone.required)
    .test('digits', M.phone.required, (value) => digitsOnly(value ?? '') !== ''),
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
  const options = phonePickerCountries(countries);

  const submit = async (values: { country: string; number: string }) => {
    const country = options.find((option) => option.value === values.country);
    if (!country) return;
    const phoneNumber = fullPhoneNumber(country, values.number);
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
      {({ values, errors, handleChange, isSubmitting }) => (
        <Form noValidate>
          <Stack>
            <SelectField label="Country" name="country" value={values.country} onChange={handleChange} autoComplete="country">
              <option value="">Select a country</option>
              {options.map((country) => (
                <option key={country.value} value={country.value}>{country.label}</option>
              ))}
            </SelectField>
            <TextField label="Phone number" name="number" type="tel" inputMode="tel" autoComplete="tel-national"
              leading={options.find((option) => option.value === values.country)?.dialCode || undefined}
              value={values.number} onChange={handleChange} />
            {(errors.country || errors.number) && <FormError>{errors.country ?? errors.number}</FormError>}
            <Button type="submit" fullWidth busy={isSubmitting} busyLabel={M.phone.busy}>Send OTP</Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
