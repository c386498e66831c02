import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { dialogIds } from '../../../src/client/app/dialog-ids';
import { paths } from '../../../src/client/app/paths';
import { selectIsDialogOpen } from '../../../src/client/app/ui-slice';
import { endpoints } from '../../../src/shared/endpoints';
import { apiPath, backend, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { renderLayout, SCREENS } from './render-layout';

setupFakeBackend();

const screenHeading = (name: string) => screen.findByRole('heading', { level: 1, name });
const menu = () => screen.getByRole('navigation', { name: 'Main menu' });
const unverified = { is_phone_verified: false, is_identity_verified: false };

describe('shared layout', () => {
  test('the menu has Home, Convert, Account, Profile, About and Sign out', async () => {
    signIn();
    renderLayout(paths.dashboard);
    await screenHeading('Dashboard screen');

    const links = within(menu()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', paths.dashboard],
      ['Convert', paths.exchange],
      ['Account', paths.addMoney],
      ['Profile', paths.profile],
      ['About', paths.about],
    ]);
    expect(within(menu()).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(menu()).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  test('a fully verified user with a PIN follows every link', async () => {
    signIn();
    const { router, user } = renderLayout(paths.dashboard);
    await screenHeading('Dashboard screen');

    await user.click(within(menu()).getByRole('link', { name: 'Convert' }));
    await screenHeading('Exchange screen');
    await user.click(within(menu()).getByRole('link', { name: 'Account' }));
    await screenHeading('Add money screen');
    expect(router.state.location.pathname).toBe(paths.addMoney);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a screen opened from the menu starts at its top; Back leaves the scroll to the browser', async () => {
    signIn();
    const { router, user } = renderLayout(paths.dashboard);
    await screenHeading('Dashboard screen');
    window.scrollTo(0, 640);

    await user.click(within(menu()).getByRole('link', { name: 'Profile' }));
    await screenHeading('Profile screen');
    expect(window.scrollY).toBe(0);

    window.scrollTo(0, 320);
    await router.navigate(-1);
    await screenHeading('Dashboard screen');
    expect(window.scrollY).toBe(320);
  });

  test('an unverified user gets the verification reminder instead of a gated screen', async () => {
    signIn({ user: unverified });
    const { router, user } = renderLayout(paths.dashboard);
    await screenHeading('Dashboard screen');

    await user.click(within(menu()).getByRole('link', { name: 'Convert' }));

    const dialog = await screen.findByRole('dialog', { name: 'Verification required' });
    expect(router.state.location.pathname).toBe(paths.dashboard);
    await user.click(within(dialog).getByRole('button', { name: 'Verify now' }));
    await screenHeading('Verification screen');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test.each([paths.profile, paths.about, paths.verification])('%s stays open to an unverified user', async (path) => {
    signIn({ user: { ...unverified, is_set_transaction_pin: false } });
    const { router } = renderLayout(path);

    await screenHeading(SCREENS[path]);
    expect(router.state.location.pathname).toBe(path);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('Profile and About links stay open to an unverified user', async () => {
    signIn({ user: unverified });
    const { user } = renderLayout(paths.dashboard);
    await screenHeading('Dashboard screen');

    await user.click(within(menu()).getByRole('link', { name: 'Profile' }));
    await screenHeading('Profile screen');
    await user.click(within(menu()).getByRole('link', { name: 'About' }));
    await screenHeading('About screen');
    await user.click(within(menu()).getByRole('link', { name: 'Home' }));
    await screenHeading('Dashboard screen');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('typing a gated address shows the dashboard with the reminder', async () => {
    signIn({ user: unverified });
    const { router } = renderLayout(paths.exchange);

    await screenHeading('Dashboard screen');
    expect(router.state.location.pathname).toBe(paths.dashboard);
    expect(await screen.findByRole('dialog', { name: 'Verification required' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Exchange screen' })).not.toBeInTheDocument();
  });

  test('a verified user without a PIN gets the set-PIN dialog instead of a gated screen', async () => {
    signIn({ user: { is_set_transaction_pin: false } });
    const { router, store, user } = renderLayout(paths.dashboard);
    await screenHeading('Dashboard screen');

    await user.click(within(menu()).getByRole('link', { name: 'Account' }));

    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(selectIsDialogOpen(store.getState(), dialogIds.setPin)).toBe(true);
    expect(screen.queryByRole('dialog', { name: 'Verification required' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard);
  });

  test('a failed user load says so and goes to /', async () => {
    signIn();
    server.use(http.get(apiPath(endpoints.user.path), () => new HttpResponse(null, { status: 500 })));
    const { router } = renderLayout(paths.profile);

    expect(await screen.findByText('Failed to load user data')).toBeInTheDocument();
    await screenHeading('Sign-in screen');
    expect(router.state.location.pathname).toBe(paths.home);
  });
});

describe('sign out', () => {
  test('asks first; Cancel keeps the session', async () => {
    signIn();
    const { user } = renderLayout(paths.profile);
    await screenHeading('Profile screen');

    await user.click(within(menu()).getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign Out Confirmation' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to sign out?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('user')).not.toBeNull();
    expect(backend.seen(endpoints.logout.path)).toHaveLength(0);
  });

  test.each([
    ['revokes the server session', () => HttpResponse.json({ success: true, message: 'Signed out successfully' })],
    ['signs out even when the call fails', () => new HttpResponse(null, { status: 500 })],
  ])('confirming %s, clears the stored user and lands on /', async (_name, answer) => {
    const { token } = signIn();
    server.use(http.post(apiPath(endpoints.logout.path), answer));
    const { router, store, user } = renderLayout(paths.profile);
    await screenHeading('Profile screen');

    await user.click(within(menu()).getByRole('button', { name: 'Sign out' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign Out' }));

    await screenHeading('Sign-in screen');
    expect(router.state.location.pathname).toBe(paths.home);
    expect(backend.seen(endpoints.logout.path).map((request) => request.authorization)).toEqual([`Bearer ${token}`]);
    expect(localStorage.getItem('user')).toBeNull();
    expect(store.getState().session.token).toBeNull();
    expect(screen.queryByText('Failed to load user data')).not.toBeInTheDocument();
  });
});
