import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import ProfileScreen from '../../../src/client/features/profile/profile-screen';
import { STORAGE_KEYS } from '../../../src/shared/limits';
import { renderWithProviders } from '../../support/render';
import { deviceSession, devicesFake } from '../../support/devices-backend';
import { backend, setupFakeBackend, signIn } from '../../support/server-mock';
import { toastsShown } from '../../support/toasts';
import { makeUser, serveCountries, serveUser } from '../verification/fixtures';

setupFakeBackend();

const LAPTOP = deviceSession();
const PHONE = deviceSession({
  id: '0b1c2d3e-0000-4000-8000-000000000002',
  device: 'Safari on iPhone',
  ip: '198.51.100.23',
  created_at: '2026-03-01T08:00:00.000Z',
  last_used_at: '2026-03-03T11:30:00.000Z',
  current: false,
});
const TABLET = deviceSession({
  id: '0b1c2d3e-0000-4000-8000-000000000003',
  device: 'Unknown browser on Android',
  ip: null,
  created_at: '2026-02-28T20:00:00.000Z',
  last_used_at: '2026-03-02T21:00:00.000Z',
  current: false,
});

/** Profile at /profile; '/' stands for the sign-in screen an ended session goes to. */
function renderProfile() {
  serveUser(() => makeUser());
  serveCountries();
  const session = signIn();
  const app = (
    <Routes>
      <Route path="/profile" element={<ProfileScreen />} />
      <Route path="/" element={<h1>Sign in</h1>} />
    </Routes>
  );
  return { session, ...renderWithProviders(app, { route: '/profile' }) };
}

const devicesCard = async () => (await screen.findByRole('heading', { name: 'Devices', level: 2 })).closest('section')!;
/** The list item of the device named `name`. */
const deviceItem = async (name: string | RegExp) => (await screen.findByRole('heading', { name, level: 3 })).closest('li')!;
const deviceNames = (card: HTMLElement) => within(card).queryAllByRole('heading', { level: 3 }).map((heading) => heading.firstChild?.textContent);

describe('profile: Devices (spec-next §E)', () => {
  test('lists each device with its IP, when it signed in and was last used; this device is marked and has no Sign out', async () => {
    devicesFake.sessions = [LAPTOP, PHONE, TABLET];
    renderProfile();
    const card = await devicesCard();
    await waitFor(() => expect(deviceNames(card)).toEqual(['Chrome on Windows', 'Safari on iPhone', 'Unknown browser on Android']));

    const laptop = await deviceItem(/^Chrome on Windows/);
    expect(within(laptop).getByText('This device')).toBeInTheDocument();
    expect(laptop).toHaveTextContent('IP address203.0.113.7');
    const [signedIn, lastUsed] = Array.from(laptop.querySelectorAll('time'));
    expect(signedIn).toHaveAttribute('datetime', LAPTOP.created_at);
    expect(signedIn).toHaveTextContent(/^March [12], 2026 \d{1,2}:\d{2} [AP]M$/);
    expect(lastUsed).toHaveAttribute('datetime', LAPTOP.last_used_at);
    expect(lastUsed).toHaveTextContent(/^March [34], 2026 \d{1,2}:\d{2} [AP]M$/);
    expect(within(laptop).queryByRole('button', { name: /^Sign out/ })).not.toBeInTheDocument();

    const phone = await deviceItem('Safari on iPhone');
    expect(within(phone).queryByText('This device')).not.toBeInTheDocument();
    expect(phone).toHaveTextContent('IP address198.51.100.23');
    // Each device's button is named with its device, so a screen reader's list of buttons tells them apart.
    expect(within(phone).getByRole('button', { name: 'Sign out Safari on iPhone' })).toHaveTextContent(/^Sign out/);
    expect(await deviceItem('Unknown browser on Android')).toHaveTextContent('IP addressUnknown');

    expect(within(card).getByRole('button', { name: 'Sign out everywhere else' })).toBeInTheDocument();
  });

  test('coming back to Profile asks for the list again: a browser signed in meanwhile is there', async () => {
    devicesFake.sessions = [LAPTOP];
    const first = renderProfile();
    await waitFor(async () => expect(deviceNames(await devicesCard())).toEqual(['Chrome on Windows']));
    first.unmount();

    devicesFake.sessions = [LAPTOP, PHONE];
    renderWithProviders(<ProfileScreen />, { route: '/profile', store: first.store });
    await waitFor(async () => expect(deviceNames(await devicesCard())).toEqual(['Chrome on Windows', 'Safari on iPhone']));
  });

  test('only this device: no Sign out at all', async () => {
    renderProfile();
    const card = await devicesCard();
    await waitFor(() => expect(deviceNames(card)).toEqual(['Chrome on Windows']));
    expect(within(card).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
  });

  test('Sign out asks first; confirmed, that device is signed out and leaves the list', async () => {
    devicesFake.sessions = [LAPTOP, PHONE, TABLET];
    const { user } = renderProfile();
    const phone = await deviceItem('Safari on iPhone');

    await user.click(within(phone).getByRole('button', { name: 'Sign out Safari on iPhone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    expect(dialog).toHaveTextContent('Safari on iPhone will be signed out. Its next action will ask to sign in again.');
    expect(devicesFake.revoked).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('That device has been signed out.')).toBeInTheDocument();
    expect(devicesFake.revoked).toEqual([PHONE.id]);
    const card = await devicesCard();
    await waitFor(() => expect(deviceNames(card)).toEqual(['Chrome on Windows', 'Unknown browser on Android']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('Cancel keeps the device signed in', async () => {
    devicesFake.sessions = [LAPTOP, PHONE];
    const { user } = renderProfile();
    await user.click(within(await deviceItem('Safari on iPhone')).getByRole('button', { name: 'Sign out Safari on iPhone' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(devicesFake.revoked).toEqual([]);
    expect(await deviceItem('Safari on iPhone')).toBeInTheDocument();
  });

  test('Sign out everywhere else asks first, then leaves only this device', async () => {
    devicesFake.sessions = [LAPTOP, PHONE, TABLET];
    const { user } = renderProfile();
    const card = await devicesCard();

    await user.click(await within(card).findByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    expect(dialog).toHaveTextContent('Every other device signed in to your account will be signed out. This device stays signed in.');
    expect(devicesFake.revokeOthersCalls).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));

    expect(await screen.findByText('Signed out of 2 other devices.')).toBeInTheDocument();
    expect(devicesFake.revokeOthersCalls).toBe(1);
    await waitFor(() => expect(deviceNames(card)).toEqual(['Chrome on Windows']));
    expect(within(card).queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument();
  });

  test("a refusal shows the server's message and the list is asked again", async () => {
    devicesFake.sessions = [LAPTOP, PHONE];
    const { user } = renderProfile();
    await user.click(within(await deviceItem('Safari on iPhone')).getByRole('button', { name: 'Sign out Safari on iPhone' }));
    // Signed out from elsewhere in the meantime: the server no longer knows that device.
    devicesFake.sessions = [LAPTOP];
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('Device not found')).toBeInTheDocument();
    const card = await devicesCard();
    await waitFor(() => expect(deviceNames(card)).toEqual(['Chrome on Windows']));
  });

  test('a failed sign-out everywhere else says so', async () => {
    devicesFake.sessions = [LAPTOP, PHONE];
    devicesFake.refusal = { status: 500, message: 'Something went wrong. Please try again.' };
    const { user } = renderProfile();
    await user.click(await within(await devicesCard()).findByRole('button', { name: 'Sign out everywhere else' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(await deviceItem('Safari on iPhone')).toBeInTheDocument();
  });

  test('a list that fails to load says so, and Try again asks again', async () => {
    devicesFake.listRefusal = { status: 500, message: 'Something went wrong. Please try again.' };
    const { user } = renderProfile();
    const card = await devicesCard();
    expect(await within(card).findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');

    devicesFake.listRefusal = null;
    devicesFake.sessions = [LAPTOP, PHONE];
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(deviceNames(card)).toEqual(['Chrome on Windows', 'Safari on iPhone']));
  });

  test('this device signed out from another one: its next call fails, the refresh fails, and the session ends', async () => {
    devicesFake.sessions = [LAPTOP, PHONE];
    const { user, session, store } = renderProfile();
    const card = await devicesCard();
    await within(card).findByRole('button', { name: 'Sign out everywhere else' });

    // The other device signs this one out: its token is refused and cannot be refreshed.
    backend.accepted.delete(session.token);
    backend.owners.delete(session.token);
    await user.click(within(card).getByRole('button', { name: 'Sign out everywhere else' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out everywhere else' }));

    expect(await screen.findByText('Session expired. Please log in again.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Devices' })).not.toBeInTheDocument();
    expect(backend.seen(`/auth/refresh-token/${encodeURIComponent(session.email)}`)).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(store.getState().session.token).toBeFalsy();
    expect(toastsShown()).toEqual(['Session expired. Please log in again.']);
  });
});
