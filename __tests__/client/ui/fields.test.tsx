import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckboxField, CopyButton, PasswordField, SelectField, TextField } from '../../../src/client/ui';
import { renderWithTheme } from './render';

describe('TextField', () => {
  it('is labelled and takes input', async () => {
    renderWithTheme(<TextField label="Email" name="email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.type(input, 'ada@example.com');
    expect(input).toHaveValue('ada@example.com');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('announces its error under the field and links it to the input', () => {
    renderWithTheme(<TextField label="Email" hint="We send a code here" error="Email is required" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(screen.getByRole('alert')).toHaveTextContent('Email is required');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We send a code here Email is required');
  });

  it('shows no alert for a Formik-style false error', () => {
    renderWithTheme(<TextField label="Email" error={false} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).not.toHaveAccessibleDescription();
  });

  it('holds a trailing control inside the field', async () => {
    renderWithTheme(<TextField label="Security answer" value="blue" readOnly trailing={<CopyButton value="blue" label="Copy security answer" />} />);
    expect(screen.getByRole('textbox', { name: 'Security answer' })).toHaveValue('blue');
    expect(screen.getByRole('button', { name: 'Copy security answer' })).toBeInTheDocument();
  });
});

describe('PasswordField', () => {
  it('hides the password until the toggle is pressed, and hides it again', async () => {
    renderWithTheme(<PasswordField label="Password" />);
    const input = screen.getByLabelText('Password');
    await userEvent.type(input, 'Secret!23');
    expect(input).toHaveAttribute('type', 'password');

    const show = screen.getByRole('button', { name: 'Show password' });
    expect(show).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(show);
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('Secret!23');

    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(hide);
    expect(input).toHaveAttribute('type', 'password');
  });

  it('announces its error', () => {
    renderWithTheme(<PasswordField label="Password" error="Please enter your password" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your password');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('SelectField', () => {
  it('is a labelled native select', async () => {
    renderWithTheme(
      <SelectField label="Nationality" defaultValue="">
        <option value="">Select a country</option>
        <option value="CA">Canada</option>
        <option value="NG">Nigeria</option>
      </SelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'Nationality' });
    await userEvent.selectOptions(select, 'Nigeria');
    expect(select).toHaveValue('NG');
  });

  it('announces its error and links it', () => {
    renderWithTheme(
      <SelectField label="Nationality" error="Nationality is required">
        <option value="">Select a country</option>
      </SelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'Nationality' });
    expect(screen.getByRole('alert')).toHaveTextContent('Nationality is required');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Nationality is required');
  });
});

describe('CheckboxField', () => {
  it('toggles by its label, which may hold a link', async () => {
    renderWithTheme(
      <CheckboxField label={<>I accept the <a href="/privacy-policy" target="_blank" rel="noreferrer">privacy policy</a></>} />,
    );
    const box = screen.getByRole('checkbox', { name: 'I accept the privacy policy' });
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy-policy');
    await userEvent.click(screen.getByText(/I accept the/));
    expect(box).toBeChecked();
  });

  it('announces its error', () => {
    renderWithTheme(<CheckboxField label="Same as nationality" error="Please accept the privacy policy" />);
    const box = screen.getByRole('checkbox', { name: 'Same as nationality' });
    expect(screen.getByRole('alert')).toHaveTextContent('Please accept the privacy policy');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Please accept the privacy policy');
  });
});
