import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import ProfileScreen from '../../../src/client/features/profile/profile-screen';
import { buildPath, endpoints } from '../../../src/shared/endpoints';
import type { User } from '../../../src/shared/types';
import { renderWithProviders } from '../../support/render';
import { apiPath, authed, backend, server, setupFakeBackend, signIn, TEST_EMAIL } from '../../support/server-mock';
import { expectOnFormAndAsToast, expectOnlyAsToast } from '../../support/toasts';
import { bodies, makeUser, serveCountries, serveUser } from '../verification/fixtures';

setupFakeBackend();

const PASSWORD = 'Secret#2025';

function setup(profile: Partial<User> = {}) {
  let user = makeUser(profile);
  serveUser(() => user);
  serveCountries();
  const logins = bodies();
  const resets = bodies();
  const pins = bodies();
  const updates = bodies<Record<string, string>>();
  server.use(
    http.post(apiPath(endpoints.login.path), async ({ request }) => {
      await logins.record(request);
      const { password } = (await request.json()) as { password: string };
      return password === PASSWORD
        ? HttpResponse.json({ success: true, message: 'Login successful!', data: {} })
        : HttpResponse.json({ success: false, message: 'Invalid email or password' }, { status: 401 });
    }),
    http.post(apiPath(endpoints.resetPassword.path), authed(async ({ request }) => {
      await resets.record(request);
      return HttpResponse.json({ success: true, message: 'Password changed' });
    })),
    http.post(apiPath(endpoints.resetTransactionPin.path), authed(async ({ request }) => {
      await pins.record(request);
      return HttpResponse.json({ success: true, message: 'PIN changed successfully!' });
    })),
    http.patch(apiPath(endpoints.updateProfile.path), authed(async ({ request }) => {
      await updates.record(request);
      const body = updates.seen.at(-1)!;
      user = { ...user, first_name: body.first_name, last_name: body.last_name, address: body.address };
      return HttpResponse.json({ success: true, message: 'Profile updated successfully!' });
    })),
  );
  signIn();
  return { logins, resets, pins, updates, ...renderWithProviders(<ProfileScreen />, { route: '/profile' }) };
}

const section = (title: string) => screen.getByRole('heading', { name: title }).closest('section')!;

describe('profile screen', () => {
  test('a skeleton while loading, then the personal, contact and security sections', async () => {
    serveUser(() => makeUser());
    server.use(http.get(apiPath(endpoints.user.path), authed(async () => {
      await delay(50);
      return HttpResponse.json({ success: true, data: makeUser() });
    })));
    signIn();
    renderWithProviders(<ProfileScreen />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading profile');
    await screen.findByRole('heading', { name: 'Personal Information' });
    expect(screen.queryByText('Loading profile')).not.toBeInTheDocument();
    expect(within(section('Personal Information')).getByText('Ada')).toBeInTheDocument();
    expect(within(section('Personal Information')).getByText('Obi')).toBeInTheDocument();
    const contact = within(section('Contact Information'));
    expect(contact.getByText(TEST_EMAIL)).toBeInTheDocument();
    expect(contact.getByText('Not set')).toBeInTheDocument();
    expect(contact.getAllByText(/^(Not )?verified$/i).map((icon) => icon.textContent)).toEqual(['Verified', 'Not verified', 'Not verified']);
    for (const name of ['Change Password', 'Change Transaction PIN', 'Update Profile']) {
      expect(within(section('Security')).getByRole('button', { name })).toBeEnabled();
    }
  });

  test("'Failed to load profile' as a toast when the user cannot be loaded", async () => {
    server.use(http.get(apiPath(endpoints.user.path), () => HttpResponse.error()));
    signIn();
    renderWithProviders(<ProfileScreen />);
    await expectOnlyAsToast('Failed to load profile');
    expect(screen.queryByRole('heading', { name: 'Personal Information' })).not.toBeInTheDocument();
  });
});

describe('change password', () => {
  async function open(ui: ReturnType<typeof setup>) {
    await ui.user.click(await screen.findByRole('button', { name: 'Change Password' }));
    return screen.getByRole('dialog', { name: 'Change Password' });
  }

  test('the button waits for all three fields; the new password must follow the rule and match', async () => {
    const ui = setup();
    const dialog = within(await open(ui));
    const submit = dialog.getByRole('button', { name: 'Change Password' });
    expect(submit).toBeDisabled();

    await ui.user.type(dialog.getByLabelText('Current password'), PASSWORD);
    await ui.user.type(dialog.getByLabelText('New password'), 'weakpass');
    expect(submit).toBeDisabled();
    await ui.user.type(dialog.getByLabelText('Confirm new password'), 'other');
    expect(submit).toBeEnabled();

    await ui.user.click(submit);
    expect(await dialog.findByText('Password must be at least 8 characters long, contain one uppercase letter and one special character')).toBeInTheDocument();
    expect(dialog.getByText('Passwords do not match')).toBeInTheDocument();
    // The first of the two is said as a toast too.
    await expectOnFormAndAsToast('Password must be at least 8 characters long, contain one uppercase letter and one special character');
    expect(ui.logins.seen).toEqual([]);
  });

  test('checks the current password by signing in, then sets the new one', async () => {
    const ui = setup();
    const dialog = within(await open(ui));
    await ui.user.type(dialog.getByLabelText('Current password'), PASSWORD);
    await ui.user.type(dialog.getByLabelText('New password'), 'Brand#New1');
    await ui.user.type(dialog.getByLabelText('Confirm new password'), 'Brand#New1');

    await ui.user.click(dialog.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    const calls = backend.requests.filter((request) => request.method === 'POST').map((request) => request.path);
    expect(calls).toEqual([apiPath(endpoints.login.path), apiPath(buildPath('resetPassword', { email: TEST_EMAIL }))]);
    expect(ui.logins.seen).toEqual([{ email: TEST_EMAIL, password: PASSWORD, method: 'EMAIL' }]);
    expect(ui.resets.seen).toEqual([{ new_password: 'Brand#New1', confirm_password: 'Brand#New1', is_link: false }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a wrong current password stops there', async () => {
    const ui = setup();
    const dialog = within(await open(ui));
    await ui.user.type(dialog.getByLabelText('Current password'), 'Wrong#pass1');
    await ui.user.type(dialog.getByLabelText('New password'), 'Brand#New1');
    await ui.user.type(dialog.getByLabelText('Confirm new password'), 'Brand#New1');

    await ui.user.click(dialog.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(ui.resets.seen).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
  });
});

describe('change transaction PIN', () => {
  test('is gated by Verify Password; a wrong password keeps the gate shut', async () => {
    const ui = setup();
    await ui.user.click(await screen.findByRole('button', { name: 'Change Transaction PIN' }));
    const gate = within(screen.getByRole('dialog', { name: 'Verify Password' }));

    await ui.user.click(gate.getByRole('button', { name: 'Verify' }));
    expect(await gate.findByText('Please enter your password')).toBeInTheDocument();
    await expectOnFormAndAsToast('Please enter your password');

    await ui.user.type(gate.getByLabelText('Password'), 'Wrong#pass1');
    await ui.user.click(gate.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Change Transaction PIN' })).not.toBeInTheDocument();
  });

  test.each([
    [() => HttpResponse.json({ success: false, message: 'Invalid password' }, { status: 401 }), 'Invalid password'],
    [() => HttpResponse.error(), 'Failed to verify password'],
  ])('a failed check shows the right message (%#)', async (answer, text) => {
    const ui = setup();
    server.use(http.post(apiPath(endpoints.login.path), answer));
    await ui.user.click(await screen.findByRole('button', { name: 'Change Transaction PIN' }));
    const gate = within(screen.getByRole('dialog', { name: 'Verify Password' }));
    await ui.user.type(gate.getByLabelText('Password'), PASSWORD);
    await ui.user.click(gate.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Change Transaction PIN' })).not.toBeInTheDocument();
  });

  test('after the password check: 4 digits each, equal, then POST reset-transaction-pin', async () => {
    const ui = setup();
    await ui.user.click(await screen.findByRole('button', { name: 'Change Transaction PIN' }));
    const gate = within(screen.getByRole('dialog', { name: 'Verify Password' }));
    await ui.user.type(gate.getByLabelText('Password'), PASSWORD);
    await ui.user.click(gate.getByRole('button', { name: 'Verify' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Change Transaction PIN' }));
    expect(screen.queryByRole('dialog', { name: 'Verify Password' })).not.toBeInTheDocument();
    expect(ui.logins.seen).toEqual([{ email: TEST_EMAIL, password: PASSWORD, method: 'EMAIL' }]);
    const newBoxes = within(dialog.getByRole('group', { name: 'New PIN' })).getAllByLabelText(/Digit/);
    const confirmBoxes = within(dialog.getByRole('group', { name: 'Confirm new PIN' })).getAllByLabelText(/Digit/);
    await waitFor(() => expect(newBoxes[0]).toHaveFocus());

    await ui.user.keyboard('12');
    await ui.user.click(dialog.getByRole('button', { name: 'Change PIN' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('All PINs must be 4 digits');
    await expectOnFormAndAsToast('All PINs must be 4 digits');

    await ui.user.click(newBoxes[2]);
    await ui.user.keyboard('34');
    // The new PIN's last digit moves on to the confirmation's first box.
    expect(confirmBoxes[0]).toHaveFocus();
    await ui.user.click(confirmBoxes[0]);
    await ui.user.keyboard('1243');
    await ui.user.click(dialog.getByRole('button', { name: 'Change PIN' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('New PINs do not match');
    await expectOnFormAndAsToast('New PINs do not match');

    await ui.user.click(confirmBoxes[3]);
    await ui.user.keyboard('{Backspace}{Backspace}34');
    await ui.user.click(dialog.getByRole('button', { name: 'Change PIN' }));

    expect(await screen.findByText('PIN changed successfully!')).toBeInTheDocument();
    expect(ui.pins.seen).toEqual([{ new_pin: '1234', confirm_pin: '1234' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('the PIN boxes move to the next box as digits are typed, from the new PIN on into its confirmation (as the set-PIN boxes do)', async () => {
    const ui = setup();
    await ui.user.click(await screen.findByRole('button', { name: 'Change Transaction PIN' }));
    const gate = within(screen.getByRole('dialog', { name: 'Verify Password' }));
    await ui.user.type(gate.getByLabelText('Password'), PASSWORD);
    await ui.user.click(gate.getByRole('button', { name: 'Verify' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Change Transaction PIN' }));
    const boxes = [
      ...within(dialog.getByRole('group', { name: 'New PIN' })).getAllByLabelText(/Digit/),
      ...within(dialog.getByRole('group', { name: 'Confirm new PIN' })).getAllByLabelText(/Digit/),
    ];
    await waitFor(() => expect(boxes[0]).toHaveFocus());
    for (const [index, digit] of [...'2580'].entries()) {
      await ui.user.keyboard(digit);
      expect(boxes[index]).toHaveValue(digit);
      expect(boxes[index + 1]).toHaveFocus();
    }
    await ui.user.keyboard('258');
    expect(boxes[7]).toHaveFocus();
    await ui.user.keyboard('0');
    expect(boxes.map((box) => (box as HTMLInputElement).value).join('')).toBe('25802580');
    // Backspace goes back a box.
    await ui.user.keyboard('{Backspace}{Backspace}');
    expect(boxes[6]).toHaveFocus();
    await ui.user.keyboard('80');

    await ui.user.click(dialog.getByRole('button', { name: 'Change PIN' }));
    expect(await screen.findByText('PIN changed successfully!')).toBeInTheDocument();
    expect(ui.pins.seen).toEqual([{ new_pin: '2580', confirm_pin: '2580' }]);
  });
});

describe('update profile', () => {
  async function open(ui: ReturnType<typeof setup>) {
    await ui.user.click(await screen.findByRole('button', { name: 'Update Profile' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Update Profile' }));
    await dialog.findAllByRole('option', { name: 'Nigeria' });
    return dialog;
  }

  test('sends every field with the stored dob and the nationality as "nationlaity", then refreshes the user', async () => {
    const ui = setup({ phone_number: '+2348012345678', is_phone_verified: true });
    const dialog = await open(ui);
    await ui.user.clear(dialog.getByLabelText('Address'));
    await ui.user.type(dialog.getByLabelText('Address'), '5 King Street, Toronto');
    await ui.user.selectOptions(dialog.getByLabelText('Country of residence'), 'NG');
    await ui.user.selectOptions(dialog.getByLabelText('Nationality'), 'GH');
    await ui.user.clear(dialog.getByLabelText('First name'));
    await ui.user.type(dialog.getByLabelText('First name'), 'Adaeze');

    await ui.user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(ui.updates.seen).toEqual([{
      address: '5 King Street, Toronto',
      country_of_residence: 'NG',
      dob: '14/02/1990',
      first_name: 'Adaeze',
      last_name: 'Obi',
      nationlaity: 'GH',
    }]);
    expect(await within(section('Personal Information')).findByText('Adaeze')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test("an empty field gives the toast 'Please fill in all fields' and sends nothing", async () => {
    const ui = setup({ phone_number: '+2348012345678' });
    const dialog = await open(ui);
    await ui.user.clear(dialog.getByLabelText('Address'));

    await ui.user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    await expectOnlyAsToast('Please fill in all fields');
    expect(screen.getByRole('dialog', { name: 'Update Profile' })).toBeInTheDocument();
    expect(ui.updates.seen).toEqual([]);
    // The customer is back in the field left empty, which alone is marked invalid.
    expect(dialog.getByLabelText('Address')).toHaveFocus();
    expect(dialog.getByLabelText('Address')).toBeInvalid();
    expect(dialog.getByLabelText('First name')).toBeValid();
    expect(dialog.getByLabelText('Country of residence')).toBeValid();
    await ui.user.type(dialog.getByLabelText('Address'), '1 Marina, Lagos');
    expect(dialog.getByLabelText('Address')).toBeValid();
  });

  test("a failed country list gives the toast 'Failed to load countries list'", async () => {
    const ui = setup({ phone_number: '+2348012345678' });
    server.use(http.get(apiPath(endpoints.countries.path), () => HttpResponse.error()));

    await ui.user.click(await screen.findByRole('button', { name: 'Update Profile' }));

    expect(screen.getByRole('dialog', { name: 'Update Profile' })).toBeInTheDocument();
    await expectOnlyAsToast('Failed to load countries list');
  });

  test('save is disabled without a phone number', async () => {
    const ui = setup({ phone_number: null });
    const dialog = await open(ui);
    expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  test('names and nationality are read-only once email, phone and identity are verified', async () => {
    const ui = setup({ phone_number: '+2348012345678', is_phone_verified: true, is_identity_verified: true });
    const dialog = await open(ui);
    expect(dialog.getByLabelText('First name')).toHaveAttribute('readonly');
    expect(dialog.getByLabelText('Last name')).toHaveAttribute('readonly');
    expect(dialog.getByLabelText('Nationality')).toBeDisabled();
    expect(dialog.getByLabelText('Address')).not.toHaveAttribute('readonly');
    expect(dialog.getByLabelText('Country of residence')).toBeEnabled();
  });

  test('editable names while not fully verified', async () => {
    const ui = setup({ phone_number: '+2348012345678' });
    const dialog = await open(ui);
    expect(dialog.getByLabelText('First name')).not.toHaveAttribute('readonly');
    expect(dialog.getByLabelText('Nationality')).toBeEnabled();
  });
});
