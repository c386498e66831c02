// The toast rules of app/toasts.tsx, as the customer sees them: one toast per event (replaced, not
// stacked), at most three at once, and a route change clears the toasts about the screen left
// behind but not the one reporting what the customer just did.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from 'react-toastify';
import { endpoints } from '../../../src/shared/endpoints';
import { renderRoute, renderWithProviders } from '../../support/render';
import { apiPath, server, setupFakeBackend, signIn, TEST_EMAIL } from '../../support/server-mock';
import { settleToasts, toastsShown } from '../../support/toasts';
import { fakeWallets, serveWallets, withUser } from '../../support/wallet-backend';
import { acceptLogin } from '../auth/auth-backend';

setupFakeBackend();

const menu = () => screen.getByRole('navigation', { name: 'Main menu' });
const menuLink = async (name: string) => {
  await screen.findByRole('navigation', { name: 'Main menu' });
  return screen.getAllByRole('link', { name }).find((link) => menu().contains(link))!;
};

describe('toasts', () => {
  test('one toast per event: copying again replaces the "Copied to clipboard!" toast instead of stacking another', async () => {
    signIn();
    serveWallets(fakeWallets());
    const { user } = renderRoute('/add-money', { preloadedState: withUser() });

    await user.click(await screen.findByRole('button', { name: 'Copy deposit email' }));
    await waitFor(() => expect(toastsShown()).toEqual(['Copied to clipboard!']));
    await user.click(screen.getByRole('button', { name: 'Copy security answer' }));
    await user.click(screen.getByRole('button', { name: 'Copy reference question' }));
    await settleToasts();

    expect(toastsShown()).toEqual(['Copied to clipboard!']);
    expect(screen.getAllByText('Copied to clipboard!')).toHaveLength(1);
  });

  test('a failure said while its toast still shows is not said again', async () => {
    renderWithProviders(<p>screen</p>);
    const { screenToast } = await import('../../../src/client/app/toasts');
    toast.error('Failed to fetch payees', screenToast('Failed to fetch payees'));
    toast.error('Failed to fetch payees', screenToast('Failed to fetch payees'));
    await settleToasts();
    expect(toastsShown()).toEqual(['Failed to fetch payees']);
  });

  test('different events show together, at most three: a fourth pushes out the oldest', async () => {
    renderWithProviders(<p>screen</p>);
    for (const text of ['Copied to clipboard!', 'Failed to fetch exchange rate', 'Receipt shared successfully!']) toast(text);
    await waitFor(() => expect(toastsShown()).toHaveLength(3));
    toast.success('Payment made successfully');
    await settleToasts();
    expect(toastsShown().sort()).toEqual(['Failed to fetch exchange rate', 'Payment made successfully', 'Receipt shared successfully!']);
  });

  test('leaving a screen clears its toasts: a load failure of the dashboard does not follow the customer to About', async () => {
    signIn();
    serveWallets(fakeWallets());
    server.use(http.get(apiPath(endpoints.cadWallet.path), () => HttpResponse.error()));
    const { user, router } = renderRoute('/dashboard', { preloadedState: withUser() });

    await waitFor(() => expect(toastsShown()).toContain('Failed to load wallet data'));
    await user.click(await menuLink('About'));
    expect(await screen.findByRole('heading', { level: 1, name: 'About' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/about');
    await settleToasts();

    expect(toastsShown()).toEqual([]);
    expect(screen.queryByText('Failed to load wallet data')).not.toBeInTheDocument();
  });

  test('the toast reporting what the customer just did stays across the route change it caused (sign-in)', async () => {
    acceptLogin();
    serveWallets(fakeWallets());
    const { user, router } = renderRoute('/');

    await user.type(await screen.findByLabelText('Email'), TEST_EMAIL);
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    await settleToasts();

    expect(toastsShown()).toEqual(['Login successful!']);
  });

  test('a screen toast on the new screen is shown even when the screen left said the same', async () => {
    signIn();
    serveWallets(fakeWallets());
    server.use(http.get(apiPath(endpoints.cadWallet.path), () => HttpResponse.error()));
    const { user } = renderRoute('/add-money', { preloadedState: withUser() });

    await waitFor(() => expect(toastsShown()).toContain('Failed to fetch CAD wallet details'));
    await user.click(await menuLink('Home'));
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument();
    await settleToasts();

    expect(toastsShown()).toEqual(['Failed to load wallet data']);
  });
});
