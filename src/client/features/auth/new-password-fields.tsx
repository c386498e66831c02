import { useFormikContext } from 'formik';
import styled from 'styled-components';
import * as M from '../../../shared/messages';
import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIALS } from '../../../shared/limits';
import { passwordChecks } from '../../../shared/validation';
import { CheckIcon, CloseIcon, PasswordField, VisuallyHidden } from '../../ui';
import type { NewPasswordValues } from './auth-schema';

const RULES = [
  { key: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters` },
  { key: 'uppercase', label: 'One uppercase letter' },
  { key: 'special', label: `One special character (${PASSWORD_SPECIALS})` },
] as const;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Item = styled.li<{ $met: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  color: ${({ theme, $met }) => ($met ? theme.colors.success : theme.colors.muted)};
`;

/** The live checklist of the three password rules; indicative only (spec §5). */
export function PasswordChecklist({ password }: { password: string }) {
  const checks = passwordChecks(password);
  return (
    <List aria-label="Password requirements">
      {RULES.map(({ key, label }) => (
        <Item key={key} $met={checks[key]}>
          {checks[key] ? <CheckIcon /> : <CloseIcon />}
          {label}
          <VisuallyHidden>{checks[key] ? ' (met)' : ' (not met)'}</VisuallyHidden>
        </Item>
      ))}
    </List>
  );
}

/** Password, confirmation (each with show/hide) and the checklist, bound to the surrounding Formik form. */
export function NewPasswordFields({ passwordLabel = 'Password' }: { passwordLabel?: string }) {
  const { values, touched, getFieldProps } = useFormikContext<NewPasswordValues>();
  const mismatch = touched.confirmPassword && values.confirmPassword !== values.password;
  return (
    <>
      <PasswordField label={passwordLabel} autoComplete="new-password" {...getFieldProps('password')} />
      <PasswordChecklist password={values.password} />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        {...getFieldProps('confirmPassword')}
        error={mismatch && M.password.mismatch}
      />
    </>
  );
}
