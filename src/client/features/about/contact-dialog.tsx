import { Form, Formik } from 'formik';
import styled from 'styled-components';
import * as M from '../../../shared/messages';
import { COMPLAINT_CATEGORY, NAME_MAX_LENGTH } from '../../../shared/limits';
import { messageOf } from '../../api/error-message';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, selectIsDialogOpen } from '../../app/ui-slice';
import { selectUser } from '../../app/user-slice';
import { Button, Modal, Stack, TextField, toast } from '../../ui';
import { phone as phoneRules, PhoneField } from '../../ui/phone-field';
import { useContactUsMutation } from './about-api';
import { aboutIds } from './about-ids';

const MessageLabel = styled.label`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const MessageBox = styled.textarea`
  width: 100%;
  min-height: 120px;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  resize: vertical;
`;

const initialValues = { first_name: '', last_name: '', email: '', phone: '', message: '' };
type Values = typeof initialValues;

/**
 * Contact Customer Support: every field required, with the browser's e-mail and phone checks (spec §5). The
 * phone number is shown in the format of the customer's country of residence (a number typed with
 * '+' in the international one) and sent in E.164; one that cannot exist is refused here.
 */
export function ContactDialog() {
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => selectIsDialogOpen(state, aboutIds.contactDialog));
  const close = () => dispatch(dialogClosed(aboutIds.contactDialog));
  const country = useAppSelector(selectUser)?.country_of_residence;
  const [contactUs] = useContactUsMutation();

  const validate = ({ phone }: Values) => (phone && !phoneRules.isValid(phone, country) ? { phone: M.phone.invalid } : {});

  const submit = async ({ first_name, last_name, email, phone, message }: Values) => {
    const result = await contactUs({
      email,
      phone_number: phoneRules.toE164(phone, country) ?? phone,
      complaint_category: COMPLAINT_CATEGORY,
      complaint: `${first_name} ${last_name}\n\n${message}`,
    });
    if (result.data?.success) {
      toast.success(M.help.sent);
      close();
    } else {
      toast.error(messageOf(result.error, M.help.sendFailed));
    }
  };

  return (
    <Modal open={open} onClose={close} title="Contact Customer Support">
      <Formik initialValues={initialValues} validate={validate} validateOnBlur={false} validateOnChange={false} onSubmit={submit}>
        {({ values, errors, handleChange, setFieldValue, isSubmitting }) => (
          <Form>
            <Stack>
              <TextField label="First name" name="first_name" autoComplete="given-name" maxLength={NAME_MAX_LENGTH} required value={values.first_name} onChange={handleChange} />
              <TextField label="Last name" name="last_name" autoComplete="family-name" maxLength={NAME_MAX_LENGTH} required value={values.last_name} onChange={handleChange} />
              <TextField label="Email" name="email" type="email" autoComplete="email" required value={values.email} onChange={handleChange} />
              <PhoneField label="Phone" name="phone" autoComplete="tel" required country={country} error={errors.phone}
                value={values.phone} onValueChange={(phone) => void setFieldValue('phone', phone)} />
              <Stack gap="xs">
                <MessageLabel htmlFor="contact-message">Message</MessageLabel>
                <MessageBox id="contact-message" name="message" required value={values.message} onChange={handleChange} />
              </Stack>
              <Button type="submit" fullWidth busy={isSubmitting} busyLabel={M.help.busy}>Send Message</Button>
            </Stack>
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
